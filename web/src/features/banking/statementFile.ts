// A statement file read in the browser before it is sent (D71): its format told from its name and
// first bytes, and for a CSV the header and first rows parsed, the mapping guessed from the header
// names and sample values, and the preview of what each line will become. The server reads the file
// again and decides; these are the same rules (src/app/banking/formats/csv.ts, statement.ts), so the
// preview shows what the import will do. Amounts are scaled integers, never floats (D45).
import {
  bankDateText,
  DATE_FORMATS,
  type DateFormat,
  type DecimalSeparator,
  parseBankAmount,
} from '@shared/bank-amounts.ts';
import type { Money } from '@shared/money.ts';

export type StatementFormat = 'ofx' | 'camt.053' | 'csv';

/** The Content-Type each format is sent with (D71). */
export const MEDIA_TYPE: Record<StatementFormat, string> = {
  ofx: 'application/x-ofx',
  'camt.053': 'application/vnd.camt.053+xml',
  csv: 'text/csv',
};

export const FORMAT_LABEL: Record<StatementFormat, string> = {
  ofx: 'OFX or QFX',
  'camt.053': 'camt.053 (ISO 20022 XML)',
  csv: 'CSV',
};

export { DATE_FORMATS, type DateFormat, type DecimalSeparator } from '@shared/bank-amounts.ts';
export type Delimiter = ',' | ';' | 'tab' | '|';

/** The text of the file: UTF-8 when it is valid UTF-8 (a BOM dropped), else Windows-1252, as the server reads it. */
export function decodeStatement(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The format of a file from its first characters, else its name; null when neither tells. */
export function detectFormat(name: string, text: string): StatementFormat | null {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, '');
  if (/^\s*OFXHEADER\s*:/i.test(head) || /<OFX[\s>]/i.test(head) || /<\?OFX\s/i.test(head)) return 'ofx';
  if (/camt\.053|<BkToCstmrStmt[\s>]/.test(head)) return 'camt.053';
  const extension = name.toLowerCase().split('.').pop() ?? '';
  if (extension === 'ofx' || extension === 'qfx') return 'ofx';
  if (extension === 'xml') return 'camt.053';
  if (extension === 'csv' || extension === 'txt' || extension === 'tsv') return 'csv';
  // A text file whose first line has a few delimiters reads as CSV.
  const first = head.split(/\r?\n/)[0] ?? '';
  if (!head.trimStart().startsWith('<') && /[,;\t|].*[,;\t|]/.test(first)) return 'csv';
  return null;
}

const DELIMITER_CHAR: Record<Delimiter, string> = { ',': ',', ';': ';', tab: '\t', '|': '|' };

/** The one of , ; tab | that the header line uses most (outside quotes), as the server finds it. */
export function guessDelimiter(text: string): Delimiter {
  const header = (text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '').replace(/"[^"]*"/g, '');
  let best: Delimiter = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', 'tab', '|'] as const) {
    const count = header.split(DELIMITER_CHAR[candidate]).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The first `rowsMax` records of a CSV text (the header first): quoted fields with delimiters,
 * doubled quotes and line breaks inside, CRLF, a BOM; empty lines skipped; cells trimmed.
 */
export function readCsv(text: string, delimiter: Delimiter, rowsMax = 1000): string[][] {
  const separator = DELIMITER_CHAR[delimiter];
  const source = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let at = 0;
  const endRecord = () => {
    record.push(cell.trim());
    if (record.some((value) => value !== '')) records.push(record);
    record = [];
    cell = '';
  };
  while (at < source.length && records.length < rowsMax) {
    const char = source[at]!;
    if (quoted) {
      if (char === '"' && source[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      record.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[at + 1] === '\n') at += 1;
      endRecord();
    } else cell += char;
    at += 1;
  }
  if (records.length < rowsMax && (cell !== '' || record.length > 0)) endRecord();
  return records;
}

/** The date of `raw` written as `format`, as YYYY-MM-DD, or null (an impossible day too). */
export function readDate(raw: string, format: DateFormat): string | null {
  const date = bankDateText(raw, format);
  if (date === null) return null;
  const [year, month, day] = date.split('-').map(Number);
  const check = new Date(Date.UTC(year!, month! - 1, day!));
  return check.getUTCMonth() === month! - 1 && check.getUTCDate() === day ? date : null;
}

/** An amount as a bank writes it, in the ledger's scaled units; null when it is not one (the server's rule). */
export const readBankAmount = parseBankAmount;

export interface CsvMapping {
  date_column: string;
  /** A signed amount column, or '' when debit and credit columns are used. */
  amount_column: string;
  debit_column: string;
  credit_column: string;
  description_column: string;
  payee_column: string;
  reference_column: string;
  date_format: DateFormat;
  decimal_separator: DecimalSeparator;
  delimiter: Delimiter;
}

const NAMES: Record<'date' | 'amount' | 'debit' | 'credit' | 'description' | 'payee' | 'reference', RegExp> =
  {
    date: /^(date|posted|posting date|transaction date|booking date|buchungstag|datum|valuta|fecha|date op)/i,
    amount: /^(amount|betrag|montant|importe|value|sum)/i,
    debit: /^(debit|withdrawal|money out|paid out|soll|lastschrift)|^out$/i,
    credit: /^(credit|deposit|money in|paid in|haben|gutschrift)|^in$/i,
    description: /^(description|memo|details|narrative|verwendungszweck|text|buchungstext|libell)/i,
    payee: /^(payee|name|merchant|counterparty|empf|beg|auftraggeber)/i,
    reference: /^(reference|ref|id|transaction id|fitid|referenz)/i,
  };

const findColumn = (header: string[], key: keyof typeof NAMES) =>
  header.find((name) => NAMES[key].test(name.trim())) ?? '';

/** How the sample dates are written: the one format every non-empty sample reads in (else the first that reads most). */
export function guessDateFormat(samples: string[]): DateFormat {
  const values = samples.map((sample) => sample.trim()).filter(Boolean);
  let best: DateFormat = 'YYYY-MM-DD';
  let bestCount = -1;
  for (const format of DATE_FORMATS) {
    const count = values.filter((value) => readDate(value, format) !== null).length;
    if (count > bestCount) {
      best = format;
      bestCount = count;
    }
  }
  return best;
}

/** "1.250,00" and "3,20" are written with a decimal comma; "1,250.00" and "3.20" with a point. */
export function guessDecimalSeparator(samples: string[]): DecimalSeparator {
  for (const sample of samples) {
    const text = sample.trim();
    if (/,\d{1,2}\)?-?$/.test(text)) return ',';
    if (/\.\d{1,2}\)?-?$/.test(text)) return '.';
  }
  return '.';
}

/** A first mapping from the header names and the first rows; the person checks and changes it. */
export function guessMapping(text: string): { mapping: CsvMapping; header: string[]; rows: string[][] } {
  const delimiter = guessDelimiter(text);
  const [header = [], ...rows] = readCsv(text, delimiter, 200);
  const column = (name: string) => header.indexOf(name);
  const samples = (name: string) => (name ? rows.slice(0, 50).map((row) => row[column(name)] ?? '') : []);
  const amount = findColumn(header, 'amount');
  const debit = amount ? '' : findColumn(header, 'debit');
  const credit = amount ? '' : findColumn(header, 'credit');
  const date = findColumn(header, 'date') || header[0] || '';
  const description = findColumn(header, 'description');
  const payee = findColumn(header, 'payee');
  const mapping: CsvMapping = {
    date_column: date,
    amount_column:
      amount || (debit && credit ? '' : (header.find((name) => name !== date && name !== description) ?? '')),
    debit_column: debit && credit ? debit : '',
    credit_column: debit && credit ? credit : '',
    description_column: description,
    payee_column: payee === description ? '' : payee,
    reference_column: findColumn(header, 'reference'),
    date_format: guessDateFormat(samples(date)),
    decimal_separator: guessDecimalSeparator([
      ...samples(amount),
      ...samples(debit && credit ? debit : ''),
      ...samples(debit && credit ? credit : ''),
    ]),
    delimiter,
  };
  return { mapping, header, rows };
}

export interface PreviewLine {
  date: string | null;
  amount: Money | null;
  description: string;
  payee: string;
  reference: string;
  /** Why the server would refuse the line, in words; null when it reads. */
  problem: string | null;
}

/** What each row becomes under `mapping`: the server's rules, so a refused line shows before sending. */
export function previewLines(header: string[], rows: string[][], mapping: CsvMapping): PreviewLine[] {
  const lower = header.map((name) => name.trim().toLowerCase());
  const at = (name: string) => (name ? lower.indexOf(name.trim().toLowerCase()) : -1);
  const cell = (row: string[], name: string) => {
    const index = at(name);
    return index < 0 ? '' : (row[index] ?? '');
  };
  const abs = (value: Money) => (value < 0n ? -value : value);
  return rows.map((row) => {
    const rawDate = cell(row, mapping.date_column);
    const date = rawDate ? readDate(rawDate, mapping.date_format) : null;
    let amount: Money | null = null;
    let amountProblem: string | null = null;
    if (mapping.amount_column) {
      const raw = cell(row, mapping.amount_column);
      amount = readBankAmount(raw, mapping.decimal_separator);
      if (amount === null) amountProblem = raw ? `"${raw}" is not an amount` : 'no amount';
    } else if (mapping.debit_column && mapping.credit_column) {
      const out = cell(row, mapping.debit_column).trim();
      const inward = cell(row, mapping.credit_column).trim();
      const outUnits = out ? readBankAmount(out, mapping.decimal_separator) : 0n;
      const inUnits = inward ? readBankAmount(inward, mapping.decimal_separator) : 0n;
      if (!out && !inward) amountProblem = 'no amount';
      else if (outUnits === null) amountProblem = `"${out}" is not an amount`;
      else if (inUnits === null) amountProblem = `"${inward}" is not an amount`;
      else amount = abs(inUnits) - abs(outUnits);
    } else amountProblem = 'pick the amount column, or the debit and credit columns';
    const problem = !rawDate
      ? 'no date'
      : date === null
        ? `"${rawDate}" is not a ${mapping.date_format} date`
        : amountProblem;
    const payee = cell(row, mapping.payee_column);
    return {
      date,
      amount,
      description: cell(row, mapping.description_column) || payee,
      payee,
      reference: cell(row, mapping.reference_column),
      problem,
    };
  });
}

/** The mapping as query parameters of POST /bank-statements (empty columns left out). */
export function mappingQuery(mapping: CsvMapping) {
  const pick = (value: string) => (value ? value : undefined);
  const query = {
    date_column: mapping.date_column,
    date_format: mapping.date_format,
    decimal_separator: mapping.decimal_separator,
    delimiter: mapping.delimiter,
    amount_column: pick(mapping.amount_column),
    debit_column: mapping.amount_column ? undefined : pick(mapping.debit_column),
    credit_column: mapping.amount_column ? undefined : pick(mapping.credit_column),
    description_column: pick(mapping.description_column),
    payee_column: pick(mapping.payee_column),
    reference_column: pick(mapping.reference_column),
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as {
    date_column: string;
    date_format: DateFormat;
    decimal_separator: DecimalSeparator;
    delimiter: Delimiter;
    amount_column?: string;
    debit_column?: string;
    credit_column?: string;
    description_column?: string;
    payee_column?: string;
    reference_column?: string;
  };
}
