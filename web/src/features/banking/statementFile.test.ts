import { describe, expect, test } from 'vitest';
import {
  decodeStatement,
  detectFormat,
  guessMapping,
  mappingQuery,
  previewLines,
  readBankAmount,
  readCsv,
  readDate,
} from './statementFile.ts';

// The server's own fixtures (test/fixtures/bank/), as text.
const FIXTURES = import.meta.glob('../../../../test/fixtures/bank/*.{ofx,qfx,xml,csv}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const fixture = (name: string) => {
  const text = FIXTURES[`../../../../test/fixtures/bank/${name}`];
  if (text === undefined) throw new Error(`no fixture ${name}`);
  return text;
};

describe('a statement file read in the browser (D71)', () => {
  test.each([
    ['checking-ofx1.ofx', 'ofx'],
    ['checking-ofx2.ofx', 'ofx'],
    ['card-quicken.qfx', 'ofx'],
    ['camt053-v02.xml', 'camt.053'],
    ['camt053-v08.xml', 'camt.053'],
    ['signed-iso.csv', 'csv'],
    ['debit-credit-eu.csv', 'csv'],
  ])('%s is told as %s from its content', (name, format) => {
    expect(detectFormat(name, fixture(name))).toBe(format);
    expect(detectFormat('statement.bin', fixture(name))).toBe(format);
  });

  test('a file that tells nothing has no format', () => {
    expect(detectFormat('notes.pdf', '%PDF-1.7')).toBeNull();
  });

  test('Windows-1252 bytes decode as Windows-1252, UTF-8 as UTF-8', () => {
    expect(decodeStatement(new Uint8Array([0x43, 0x61, 0x66, 0xe9]).buffer)).toBe('Café');
    expect(decodeStatement(new TextEncoder().encode('\uFEFFCafé').buffer)).toBe('Café');
  });

  test('CSV records: quotes, doubled quotes, commas inside quotes, CRLF, BOM, empty lines', () => {
    const text =
      '\uFEFFDate,Description,Amount\r\n2026-11-02,"Invoice 1, thanks",1.00\r\n\r\n2026-11-03,"Coffee ""Blue""",-4.50';
    expect(readCsv(text, ',')).toEqual([
      ['Date', 'Description', 'Amount'],
      ['2026-11-02', 'Invoice 1, thanks', '1.00'],
      ['2026-11-03', 'Coffee "Blue"', '-4.50'],
    ]);
    expect(readCsv(text, ',', 2)).toHaveLength(2);
  });

  test('dates in each format, impossible days refused', () => {
    expect(readDate('03/11/2026', 'DD/MM/YYYY')).toBe('2026-11-03');
    expect(readDate('11/3/2026', 'MM/DD/YYYY')).toBe('2026-11-03');
    expect(readDate('3.11.2026', 'DD.MM.YYYY')).toBe('2026-11-03');
    expect(readDate('2026-02-30', 'YYYY-MM-DD')).toBeNull();
    expect(readDate('2026-11-03', 'DD/MM/YYYY')).toBeNull();
  });

  test('amounts as banks write them, exactly', () => {
    expect(readBankAmount('1.250,00', ',')).toBe(12_500_000n);
    expect(readBankAmount('(42.17)', '.')).toBe(-421_700n);
    expect(readBankAmount('12.50-', '.')).toBe(-125_000n);
    expect(readBankAmount('$1,000.01', '.')).toBe(10_000_100n);
    expect(readBankAmount('0.1', '.')).toBe(1_000n);
    expect(readBankAmount('12,5', '.')).toBeNull();
    expect(readBankAmount('abc', '.')).toBeNull();
  });

  test('a signed amount CSV: the mapping guessed from the header, each line previewed', () => {
    const { mapping, header, rows } = guessMapping(fixture('signed-iso.csv'));
    expect(mapping).toMatchObject({
      date_column: 'Date',
      amount_column: 'Amount',
      description_column: 'Description',
      reference_column: 'Reference',
      date_format: 'YYYY-MM-DD',
      decimal_separator: '.',
      delimiter: ',',
    });
    const lines = previewLines(header, rows, mapping);
    expect(lines.map((line) => [line.date, line.amount, line.problem])).toEqual([
      ['2026-11-02', 12_000_000n, null],
      ['2026-11-03', -9_500_000n, null],
      ['2026-11-03', -45_000n, null],
    ]);
    expect(mappingQuery(mapping)).toEqual({
      date_column: 'Date',
      date_format: 'YYYY-MM-DD',
      decimal_separator: '.',
      delimiter: ',',
      amount_column: 'Amount',
      description_column: 'Description',
      reference_column: 'Reference',
    });
  });

  test('a debit and credit CSV with a decimal comma and day-first dates', () => {
    const { mapping, header, rows } = guessMapping(fixture('debit-credit-eu.csv'));
    expect(mapping).toMatchObject({
      date_column: 'Buchungstag',
      amount_column: '',
      debit_column: 'Soll',
      credit_column: 'Haben',
      description_column: 'Verwendungszweck',
      payee_column: 'Empfänger',
      date_format: 'DD/MM/YYYY',
      decimal_separator: ',',
      delimiter: ';',
    });
    const lines = previewLines(header, rows, mapping);
    expect(lines.map((line) => line.amount)).toEqual([-12_500_000n, 24_805_000n, -32_000n, -32_000n]);
    expect(lines.every((line) => line.problem === null)).toBe(true);
  });

  test('a line the server would refuse says why', () => {
    const { mapping, header, rows } = guessMapping('Date,Amount\n2026-11-31,1.00\n2026-11-02,\n,3');
    expect(previewLines(header, rows, mapping).map((line) => line.problem)).toEqual([
      '"2026-11-31" is not a YYYY-MM-DD date',
      'no amount',
      'no date',
    ]);
  });
});
