// One entry to the statement formats (D71): the media type says which reader; the bytes are decoded
// (UTF-8, else Windows-1252) first. An XML media type holding OFX 2.x is read as OFX.
import { parseCamt } from './camt.ts';
import { type CsvMapping, parseCsv } from './csv.ts';
import { parseOfx } from './ofx.ts';
import { decodeText, type ParsedStatement, unreadable } from './statement.ts';

export const STATEMENT_MEDIA_TYPES = [
  'application/x-ofx',
  'application/xml',
  'application/vnd.camt.053+xml',
  'text/csv',
] as const;
export type StatementMediaType = (typeof STATEMENT_MEDIA_TYPES)[number];

export function readStatement(
  bytes: Buffer,
  mediaType: StatementMediaType,
  csv: { mapping: CsvMapping; prefix: string } | null,
): ParsedStatement {
  if (bytes.length === 0) throw unreadable('the file is empty');
  const text = decodeText(bytes);
  if (mediaType === 'text/csv') {
    if (!csv) throw unreadable('a CSV file needs a mapping');
    return parseCsv(text, csv.mapping, csv.prefix);
  }
  if (mediaType === 'application/x-ofx' || /<OFX>/i.test(text.slice(0, 4000))) return parseOfx(text);
  return parseCamt(text);
}

export type { CsvMapping } from './csv.ts';
export type { ParsedStatement, StatementLine } from './statement.ts';
