// What every statement format turns a file into (D71), and the small exact rules they share: text
// decoding (UTF-8, else Windows-1252), amounts as exact decimals (never a float), calendar dates,
// and the digest that names a line without a reference of its own (D72).
import { createHash } from 'node:crypto';
import iconv from 'iconv-lite';
import { parseBankAmount } from '../../../domain/bank-amounts.ts';
import { isCalendarDate } from '../../../domain/dates.ts';
import { type DomainError, fieldError } from '../../../domain/errors.ts';
import { checkedMoney, type Money } from '../../../domain/money.ts';

export type StatementFormat = 'ofx' | 'qfx' | 'camt.053' | 'csv';

/** A line of a statement, in file order. */
export interface StatementLine {
  date: string;
  /** Positive for money in, negative for money out (D70). */
  amount: Money;
  description: string;
  payee: string | null;
  bankReference: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  /** The statement's currency where the file says it (CSV does not). */
  currency: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  openingBalance: Money | null;
  closingBalance: Money | null;
  lines: StatementLine[];
}

/** A file holds at most this many lines (TigerStyle: a limit on everything). */
export const STATEMENT_LINES_MAX = 100_000;
/** Longest description, payee or reference kept from a file. */
export const TEXT_LENGTH_MAX = 1000;
export const REFERENCE_LENGTH_MAX = 255;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The file's text: UTF-8 when it is valid UTF-8 (a BOM dropped), else Windows-1252 (older bank exports). */
export function decodeText(bytes: Buffer): string {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    text = iconv.decode(bytes, 'win1252');
  }
  return text.replace(/^\uFEFF/, '');
}

/** A refusal of the whole file, naming no line. */
export function unreadable(message: string): DomainError {
  return fieldError('body', message);
}

/** Text a statement carries, trimmed, without control characters PostgreSQL refuses, bounded. */
export function cleanText(value: unknown, max = TEXT_LENGTH_MAX): string {
  if (value === undefined || value === null) return '';
  const text = String(value)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL and control characters are dropped on purpose
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? text.slice(0, max) : text;
}

/** A line's amount or the refusal naming it (`lines/7/amount`). */
export function lineAmount(
  raw: string | undefined,
  index: number,
  decimalSeparator: '.' | ',' = '.',
  field = 'amount',
): Money {
  const path = `lines/${index}/${field}`;
  if (raw === undefined || raw.trim() === '') throw fieldError(path, 'the line has no amount');
  const amount = parseBankAmount(raw, decimalSeparator);
  if (amount === null) {
    throw fieldError(path, `${JSON.stringify(cleanText(raw, 40))} is not an amount`);
  }
  return checkedMoney(amount, path);
}

/** A calendar date or the refusal naming the line. */
export function lineDate(date: string | null, raw: string | undefined, index: number): string {
  const path = `lines/${index}/date`;
  if (raw === undefined || raw.trim() === '') throw fieldError(path, 'the line has no date');
  if (date === null || !isCalendarDate(date)) {
    throw fieldError(path, `${JSON.stringify(cleanText(raw, 40))} is not a date`);
  }
  return date;
}

/** YYYYMMDD... (OFX, camt's ISO dates with the dashes removed) as YYYY-MM-DD, or null. */
export function compactDate(raw: string | undefined): string | null {
  const match = /^\s*(\d{4})-?(\d{2})-?(\d{2})/.exec(raw ?? '');
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  return isCalendarDate(date) ? date : null;
}

/**
 * D72: the reference of a line that carries none: a digest of its date, amount and description and
 * its occurrence among identical lines of the same file, so two identical coffees on one day stay
 * two lines, and the same file imported again names them the same.
 */
function digestReferences(lines: { date: string; amount: Money; description: string }[]): string[] {
  const seen = new Map<string, number>();
  const keys = lines.map((line) => {
    const key = `${line.date}|${line.amount}|${line.description.toLowerCase()}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return `${key}|${occurrence}`;
  });
  return keys.map((key) => `digest:${createHash('sha256').update(key).digest('hex').slice(0, 40)}`);
}

/** A line as a parser reads it: the reference the file gives it, or '' where it gives none. */
export type ReadLine = Omit<StatementLine, 'bankReference'> & { reference: string };

/** The lines as imported: each with its own reference, else its digest (D72). */
export function withBankReferences(read: ReadLine[]): StatementLine[] {
  const digests = digestReferences(read);
  return read.map(({ reference, ...line }, index) => ({
    ...line,
    bankReference: reference || digests[index]!,
  }));
}

/** A line in another currency than its statement's is refused (`lines/7/currency`). */
export function assertLineCurrency(
  lineCurrency: string | undefined,
  statementCurrency: string | null,
  index: number,
): void {
  if (lineCurrency && statementCurrency && lineCurrency.toUpperCase() !== statementCurrency) {
    throw fieldError(
      `lines/${index}/currency`,
      `the line is in ${lineCurrency}, the statement in ${statementCurrency}`,
    );
  }
}

/** The earliest and latest line dates, for a file that does not state its period. */
export function periodOfLines(lines: StatementLine[]): { start: string | null; end: string | null } {
  let start: string | null = null;
  let end: string | null = null;
  for (const line of lines) {
    if (start === null || line.date < start) start = line.date;
    if (end === null || line.date > end) end = line.date;
  }
  return { start, end };
}

/** A reference as stored: trimmed, bounded, never empty (the caller falls back to a digest). */
export function cleanReference(value: unknown): string {
  return cleanText(value, REFERENCE_LENGTH_MAX);
}
