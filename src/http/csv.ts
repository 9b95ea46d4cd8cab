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
  return preferredFormat(request, ['csv']) === 'csv';
}

const MEDIA_TYPES = { csv: 'text/csv', pdf: 'application/pdf' } as const;

/**
 * Which of `formats` (besides JSON) the request asks for: `?format=` when given (json, or one of
 * them); otherwise the one Accept prefers by q-value over application/json and the others. JSON wins
 * ties and is the default (no Accept, `*` / `*`).
 */
export function preferredFormat<F extends keyof typeof MEDIA_TYPES>(
  request: FastifyRequest,
  formats: readonly F[],
): F | 'json' {
  const format = (request.query as { format?: string } | undefined)?.format;
  if (format !== undefined) return (formats as readonly string[]).includes(format) ? (format as F) : 'json';
  const accept = request.headers.accept;
  if (!accept) return 'json';
  const quality = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [type = '', ...parameters] = part.trim().toLowerCase().split(';');
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    if (Number.isNaN(q)) continue;
    quality.set(type, Math.max(quality.get(type) ?? 0, q));
  }
  let best: F | 'json' = 'json';
  let bestQ = quality.get('application/json') ?? 0;
  for (const candidate of formats) {
    const q = quality.get(MEDIA_TYPES[candidate]) ?? 0;
    if (q > bestQ) {
      best = candidate;
      bestQ = q;
    }
  }
  return best;
}

/** Sets the CSV headers of a download named `filename`. */
export function csvReply(reply: FastifyReply, filename: string): FastifyReply {
  return reply
    .code(200)
    .type(CSV_MEDIA_TYPE)
    .header('Content-Disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
}
