// The CSV of each report (D57): the same figures as its JSON, one record per line of the report and
// its totals, with a header row. Amounts are the JSON's strings, unchanged.

import type { apAging } from '../app/reports/ap-aging.ts';
import type { arAging } from '../app/reports/ar-aging.ts';
import { AGING_BUCKETS, AGING_COLUMNS } from '../app/reports/ar-aging.ts';
import type { bankReconciliationReport } from '../app/reports/bank-reconciliation.ts';
import type { inventoryValuation } from '../app/reports/inventory-valuation.ts';
import type { balanceSheet, profitAndLoss, trialBalance } from '../app/reports/ledger-reports.ts';
import { type CsvCell, csvHeader, csvRecord, text, value } from './csv.ts';

type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

export interface CsvDocument {
  filename: string;
  body: string;
}

const records = (rows: CsvCell[][]) => rows.map(csvRecord).join('');

export function trialBalanceCsv(report: Answer<typeof trialBalance>): CsvDocument {
  return {
    filename: `trial-balance-${report.as_of}.csv`,
    body:
      csvHeader(['account_number', 'account_name', 'account_type', 'debit', 'credit']) +
      records([
        ...report.lines.map((line) => [
          text(line.account_number),
          text(line.account_name),
          value(line.account_type),
          value(line.debit),
          value(line.credit),
        ]),
        [value(''), value('Total'), value(''), value(report.total_debit), value(report.total_credit)],
      ]),
  };
}

type SectionAccount = { account_number: string; account_name: string; amount: string };

/** A section's accounts, then its total, under `section` in the first column. */
function sectionRecords(section: string, accounts: SectionAccount[], totalLabel: string, total: string) {
  return [
    ...accounts.map((account) => [
      value(section),
      text(account.account_number),
      text(account.account_name),
      value(account.amount),
    ]),
    [value(section), value(''), value(totalLabel), value(total)],
  ];
}

const SECTION_HEADER = ['section', 'account_number', 'account_name', 'amount'];

export function profitAndLossCsv(report: Answer<typeof profitAndLoss>): CsvDocument {
  const tracked = report.tracking_option ? `-tracking-${report.tracking_option}` : '';
  return {
    filename: `profit-and-loss-${report.from}-to-${report.to}${tracked}.csv`,
    body:
      csvHeader(SECTION_HEADER) +
      records([
        ...sectionRecords('income', report.income.accounts, 'Total income', report.income.total),
        ...sectionRecords('expenses', report.expenses.accounts, 'Total expenses', report.expenses.total),
        [value('net_income'), value(''), value('Net income'), value(report.net_income)],
      ]),
  };
}

export function balanceSheetCsv(report: Answer<typeof balanceSheet>): CsvDocument {
  return {
    filename: `balance-sheet-${report.as_of}.csv`,
    body:
      csvHeader(SECTION_HEADER) +
      records([
        ...sectionRecords('assets', report.assets.accounts, 'Total assets', report.assets.total),
        ...sectionRecords(
          'liabilities',
          report.liabilities.accounts,
          'Total liabilities',
          report.liabilities.total,
        ),
        ...report.equity.accounts.map((account) => [
          value('equity'),
          text(account.account_number),
          text(account.account_name),
          value(account.amount),
        ]),
        [value('equity'), value(''), value('Current earnings'), value(report.equity.current_earnings)],
        [value('equity'), value(''), value('Total equity'), value(report.equity.total)],
        [
          value('total'),
          value(''),
          value('Total liabilities and equity'),
          value(report.total_liabilities_and_equity),
        ],
      ]),
  };
}

export function arAgingCsv(report: Answer<typeof arAging>): CsvDocument {
  const amounts = (row: Record<(typeof AGING_COLUMNS)[number] | 'total', string>) => [
    ...AGING_COLUMNS.map((column) => value(row[column])),
    value(row.total),
  ];
  return {
    filename: `ar-aging-${report.as_of}.csv`,
    body:
      csvHeader(['customer', 'customer_name', ...AGING_COLUMNS, 'total']) +
      records([
        ...report.customers.map((row) => [value(row.customer), text(row.customer_name), ...amounts(row)]),
        [value(''), value('Total'), ...amounts(report.totals)],
      ]),
  };
}

export function apAgingCsv(report: Answer<typeof apAging>): CsvDocument {
  const amounts = (row: Record<(typeof AGING_BUCKETS)[number] | 'total', string>) => [
    ...AGING_BUCKETS.map((bucket) => value(row[bucket])),
    value(row.total),
  ];
  return {
    filename: `ap-aging-${report.as_of}.csv`,
    body:
      csvHeader(['vendor', 'vendor_name', ...AGING_BUCKETS, 'total']) +
      records([
        ...report.vendors.map((row) => [value(row.vendor), text(row.vendor_name), ...amounts(row)]),
        [value(''), value('Total'), ...amounts(report.totals)],
      ]),
  };
}

export function inventoryValuationCsv(report: Answer<typeof inventoryValuation>): CsvDocument {
  return {
    filename: `inventory-valuation-${report.as_of}.csv`,
    body:
      csvHeader(['item', 'sku', 'name', 'quantity', 'value', 'average_cost']) +
      records([
        ...report.items.map((row) => [
          value(row.item),
          text(row.sku ?? ''),
          text(row.name),
          value(row.quantity),
          value(row.value),
          value(row.average_cost),
        ]),
        [value(''), value(''), value('Total'), value(''), value(report.total_value), value('')],
        [
          value(''),
          value(''),
          value('Inventory asset accounts'),
          value(''),
          value(report.inventory_asset_accounts_balance),
          value(''),
        ],
      ]),
  };
}

export const GENERAL_LEDGER_CSV_HEADER = csvHeader([
  'txn_date',
  'entry_number',
  'line_no',
  'memo',
  'description',
  'source_type',
  'debit',
  'credit',
  'balance',
]);

type LedgerLine = {
  txn_date: string;
  entry_number: string;
  line_no: number;
  memo: string;
  description: string;
  source_type: string;
  debit: string;
  credit: string;
  balance: string;
};

export function generalLedgerCsvLine(line: LedgerLine): string {
  return csvRecord([
    value(line.txn_date),
    value(line.entry_number),
    value(line.line_no),
    text(line.memo),
    text(line.description),
    value(line.source_type),
    value(line.debit),
    value(line.credit),
    value(line.balance),
  ]);
}

/** The first and last records of a ledger download: the balance before the range and after it. */
export function generalLedgerCsvBalance(
  label: 'Opening balance' | 'Closing balance',
  date: string,
  balance: string,
) {
  return csvRecord([
    value(date),
    value(''),
    value(''),
    value(label),
    value(''),
    value(''),
    value(''),
    value(''),
    value(balance),
  ]);
}

/**
 * The bank reconciliation report: one record per figure (section `summary`), then the unmatched bank
 * transactions and unmatched ledger lines as listed in the JSON (the same bound), each section ending
 * with its count and total.
 */
export function bankReconciliationCsv(report: Answer<typeof bankReconciliationReport>): CsvDocument {
  const figure = (label: string, amount: string | null, date: string | null = null) => [
    value('summary'),
    value(date),
    value(''),
    value(label),
    value(''),
    value(amount),
  ];
  const bank = report.unmatched_bank_transactions;
  const ledger = report.unmatched_ledger_lines;
  return {
    filename: `bank-reconciliation-${report.account_number}-${report.as_of}.csv`,
    body:
      csvHeader(['section', 'date', 'reference', 'description', 'id', 'amount']) +
      records([
        figure('Statement balance', report.statement_balance, report.statement_date),
        figure('Ledger balance', report.ledger_balance, report.as_of),
        figure('Opening balance', report.opening_balance, report.feed_start),
        figure('Cleared balance', report.cleared_balance, report.as_of),
        figure('Difference', report.difference),
        figure('Last reconciled', null, report.last_reconciled_date),
        ...bank.results.map((line) => [
          value('unmatched_bank_transaction'),
          value(line.date),
          text(line.bank_reference),
          text(line.payee ? `${line.payee} - ${line.description}` : line.description),
          value(line.id),
          value(line.amount),
        ]),
        [
          value('unmatched_bank_transaction'),
          value(''),
          value(''),
          value(`Total of ${bank.count}${bank.truncated ? ` (${bank.results.length} listed)` : ''}`),
          value(''),
          value(bank.total),
        ],
        ...ledger.results.map((line) => [
          value('unmatched_ledger_line'),
          value(line.date),
          value(line.entry_number),
          text(line.description || line.memo),
          value(line.journal_line),
          value(line.amount),
        ]),
        [
          value('unmatched_ledger_line'),
          value(''),
          value(''),
          value(`Total of ${ledger.count}${ledger.truncated ? ` (${ledger.results.length} listed)` : ''}`),
          value(''),
          value(ledger.total),
        ],
      ]),
  };
}
