// CSV statements (D71): csv-parse reads the records (quotes, commas inside quotes, CRLF, a BOM); a
// mapping says which header names hold the date, the amount (or a debit and a credit column), the
// description, payee and reference, how dates are written and which decimal separator amounts use.
import { parse } from 'csv-parse/sync';
import { bankDateText, type DateFormat } from '../../../domain/bank-amounts.ts';
import { fieldError } from '../../../domain/errors.ts';
import type { Money } from '../../../domain/money.ts';
import {
  cleanReference,
  cleanText,
  lineAmount,
  lineDate,
  type ParsedStatement,
  periodOfLines,
  STATEMENT_LINES_MAX,
  unreadable,
  withBankReferences,
} from './statement.ts';

export { DATE_FORMATS, type DateFormat } from '../../../domain/bank-amounts.ts';
export const DELIMITERS = [',', ';', 'tab', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export interface CsvMapping {
  date_column: string;
  amount_column?: string | null;
  debit_column?: string | null;
  credit_column?: string | null;
  description_column?: string | null;
  payee_column?: string | null;
  reference_column?: string | null;
  date_format: DateFormat;
  decimal_separator?: '.' | ',';
  delimiter?: Delimiter | null;
}

/**
 * The mapping's own rules: the amount in one column, or in a debit and a credit column (not both
 * ways). `prefix` is where the refusal points (`query/` for query parameters, '' for a body).
 */
export function assertMappingShape(mapping: Partial<CsvMapping>, prefix: string): void {
  const hasAmount = Boolean(mapping.amount_column);
  const hasDebit = Boolean(mapping.debit_column);
  const hasCredit = Boolean(mapping.credit_column);
  if (!mapping.date_column) throw fieldError(`${prefix}date_column`, 'is required');
  if (!mapping.date_format) throw fieldError(`${prefix}date_format`, 'is required');
  if (hasAmount && (hasDebit || hasCredit)) {
    throw fieldError(
      `${prefix}amount_column`,
      'give amount_column, or debit_column and credit_column, not both',
    );
  }
  if (!hasAmount && !(hasDebit && hasCredit)) {
    const missing = hasDebit ? 'credit_column' : hasCredit ? 'debit_column' : 'amount_column';
    throw fieldError(`${prefix}${missing}`, 'is required (amount_column, or debit_column and credit_column)');
  }
}

/** The delimiter the mapping names, else the one of , ; tab | that the header line uses most. */
function delimiterOf(text: string, named: Delimiter | null | undefined): string {
  if (named) return named === 'tab' ? '\t' : named;
  const header = text.slice(0, text.search(/\r?\n|$/));
  const unquoted = header.replace(/"[^"]*"/g, '');
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t', '|']) {
    const count = unquoted.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

function readRecords(text: string, delimiter: string): string[][] {
  try {
    return parse(text, {
      delimiter,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw unreadable(
      `the CSV file does not parse${lines ? ` (near line ${lines})` : ''}: ${(error as Error).message}`,
    );
  }
}

export function parseCsv(text: string, mapping: CsvMapping, prefix: string): ParsedStatement {
  assertMappingShape(mapping, prefix);
  const records = readRecords(text, delimiterOf(text, mapping.delimiter));
  const [header, ...rows] = records;
  if (!header) throw unreadable('the CSV file is empty');
  if (rows.length > STATEMENT_LINES_MAX) {
    throw unreadable(`the file holds more than ${STATEMENT_LINES_MAX} lines; split it`);
  }
  const names = header.map((name) => name.trim().toLowerCase());
  const column = (key: keyof CsvMapping): number | null => {
    const name = mapping[key];
    if (!name) return null;
    const at = names.indexOf(String(name).trim().toLowerCase());
    if (at < 0) throw fieldError(`${prefix}${key}`, `the header has no column ${JSON.stringify(name)}`);
    return at;
  };
  const columns = {
    date: column('date_column')!,
    amount: column('amount_column'),
    debit: column('debit_column'),
    credit: column('credit_column'),
    description: column('description_column'),
    payee: column('payee_column'),
    reference: column('reference_column'),
  };
  const separator = mapping.decimal_separator ?? '.';
  const cell = (row: string[], at: number | null) => (at === null ? undefined : row[at]);
  const read = rows.map((row, index) => {
    const rawDate = cell(row, columns.date);
    const date = lineDate(
      rawDate === undefined ? null : bankDateText(rawDate, mapping.date_format),
      rawDate,
      index,
    );
    const payee = cleanText(cell(row, columns.payee));
    return {
      date,
      amount: amountOf(row, columns, separator, index),
      description: cleanText(cell(row, columns.description)) || payee,
      payee: payee || null,
      reference: cleanReference(cell(row, columns.reference)),
    };
  });
  const lines = withBankReferences(read);
  const period = periodOfLines(lines);
  return {
    format: 'csv',
    currency: null,
    periodStart: period.start,
    periodEnd: period.end,
    openingBalance: null,
    closingBalance: null,
    lines,
  };
}

/** One amount column (signed), or a debit column (money out) and a credit column (money in). */
function amountOf(
  row: string[],
  columns: { amount: number | null; debit: number | null; credit: number | null },
  separator: '.' | ',',
  index: number,
): Money {
  if (columns.amount !== null) return lineAmount(row[columns.amount], index, separator);
  const debit = row[columns.debit!]?.trim() ?? '';
  const credit = row[columns.credit!]?.trim() ?? '';
  if (debit === '' && credit === '') throw fieldError(`lines/${index}/amount`, 'the line has no amount');
  const out = debit === '' ? 0n : lineAmount(debit, index, separator, 'debit');
  const inward = credit === '' ? 0n : lineAmount(credit, index, separator, 'credit');
  const abs = (value: Money) => (value < 0n ? -value : value);
  return abs(inward) - abs(out);
}
