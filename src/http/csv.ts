// RFC 4180 CSV for report downloads (D57): CRLF line ends, a field quoted when it holds a comma, a
// quote or a line break, quotes doubled. Text a person typed (names, memos, descriptions) is
// neutralised against spreadsheet formula injection: a cell starting with =, +, -, @, tab or carriage
// return gets a leading apostrophe, so a spreadsheet shows it as text instead of running it.
// Amounts, dates and numbers are written as they are: they come from the service, never from a
// person, and a negative amount must stay a number.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A cell: text from a person (neutralised), or a value the service produced (as is). */
export type CsvCell = { text: string | null } | { value: string | number | null };

export const text = (value: string | null): CsvCell => ({ text: value });
export const value = (raw: string | number | null): CsvCell => ({ value: raw });

const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if ('text' in cell) {
    const raw = cell.text ?? '';
    return FORMULA_START.test(raw) ? `'${raw}` : raw;
  }
  return cell.value === null ? '' : String(cell.value);
}

function quoted(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** One record: fields joined by commas, ended by CRLF. */
export function csvRecord(cells: CsvCell[]): string {
  return `${cells.map((cell) => quoted(cellText(cell))).join(',')}\r\n`;
}

/** A header row of column names. */
export function csvHeader(names: readonly string[]): string {
  return csvRecord(names.map((name) => value(name)));
}

export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';

/**
 * Whether the request asks for CSV: `?format=csv`, or an Accept header that prefers text/csv to JSON
 * (by q-value; JSON wins ties and is the default).
 */
export function wantsCsv(request: FastifyRequest): boolean {
  const format = (request.query as { format?: string } | undefined)?.format;
  if (format !== undefined) return format === 'csv';
  const accept = request.headers.accept;
  if (!accept) return false;
  let csv = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...parameters] = part.trim().toLowerCase().split(';');
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    if (Number.isNaN(q)) continue;
    if (type === 'text/csv') csv = Math.max(csv, q);
    if (type === 'application/json') json = Math.max(json, q);
  }
  return csv > json;
}

/** Sets the CSV headers of a download named `filename`. */
export function csvReply(reply: FastifyReply, filename: string): FastifyReply {
  return reply
    .code(200)
    .type(CSV_MEDIA_TYPE)
    .header('Content-Disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
}
