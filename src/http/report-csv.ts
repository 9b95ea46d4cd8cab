// The CSV of each report (D57): the same figures as its JSON, one record per line of the report and
// its totals, with a header row. Amounts are the JSON's strings, unchanged.

import type { apAging } from '../app/reports/ap-aging.ts';
import type { arAging } from '../app/reports/ar-aging.ts';
import { AGING_COLUMNS } from '../app/reports/ar-aging.ts';
import type { bankReconciliationReport } from '../app/reports/bank-reconciliation.ts';
import type { inventoryValuation } from '../app/reports/inventory-valuation.ts';
import type { balanceSheet, profitAndLoss, trialBalance } from '../app/reports/ledger-reports.ts';
import type { taxSummary } from '../app/reports/tax-summary.ts';
import type { Statement } from '../app/statements/statement-pdf.ts';
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

type SectionAccount = { account_number: string; account_name: string; amounts: string[] };

/** A section's accounts, then its total per column, under `section` in the first column. */
function sectionRecords(section: string, accounts: SectionAccount[], totalLabel: string, totals: string[]) {
  return [
    ...accounts.map((account) => [
      value(section),
      text(account.account_number),
      text(account.account_name),
      ...account.amounts.map(value),
    ]),
    totalRecord(section, totalLabel, totals),
  ];
}

const totalRecord = (section: string, label: string, totals: string[]) => [
  value(section),
  value(''),
  value(label),
  ...totals.map(value),
];

/** `amount` for one column (the layout before D93); with compare, one column per period, named by it. */
const sectionHeader = (compare: string | null, labels: string[]) =>
  csvHeader(['section', 'account_number', 'account_name', ...(compare === null ? ['amount'] : labels)]);

export function profitAndLossCsv(report: Answer<typeof profitAndLoss>): CsvDocument {
  const tracked = report.tracking_option ? `-tracking-${report.tracking_option}` : '';
  const compared = report.compare ? `-by-${report.compare}-${report.periods}` : '';
  const per = (key: keyof (typeof report.columns)[number]) =>
    report.columns.map((column) => String(column[key]));
  return {
    filename: `profit-and-loss-${report.from}-to-${report.to}${tracked}${compared}.csv`,
    body:
      sectionHeader(
        report.compare,
        report.columns.map((column) => `${column.from} to ${column.to}`),
      ) +
      records([
        ...sectionRecords('income', report.income.accounts, 'Total income', per('income')),
        ...sectionRecords(
          'cost_of_goods_sold',
          report.cost_of_goods_sold.accounts,
          'Total cost of goods sold',
          per('cost_of_goods_sold'),
        ),
        totalRecord('gross_profit', 'Gross profit', per('gross_profit')),
        ...sectionRecords(
          'expenses',
          report.operating_expenses.accounts,
          'Total expenses',
          per('operating_expenses'),
        ),
        // `expenses` of the JSON (every expense account, as before D93), so the CSV holds its figures.
        totalRecord('all_expenses', 'Total expenses and cost of goods sold', per('expenses')),
        totalRecord('net_income', 'Net income', per('net_income')),
      ]),
  };
}

export function balanceSheetCsv(report: Answer<typeof balanceSheet>): CsvDocument {
  const compared = report.compare ? `-by-${report.compare}-${report.periods}` : '';
  const per = (key: keyof (typeof report.columns)[number]) =>
    report.columns.map((column) => String(column[key]));
  return {
    filename: `balance-sheet-${report.as_of}${compared}.csv`,
    body:
      sectionHeader(
        report.compare,
        report.columns.map((column) => column.as_of),
      ) +
      records([
        ...sectionRecords('assets', report.assets.accounts, 'Total assets', per('assets')),
        ...sectionRecords(
          'liabilities',
          report.liabilities.accounts,
          'Total liabilities',
          per('liabilities'),
        ),
        ...sectionRecords('equity', report.equity.accounts, 'Current earnings', per('current_earnings')),
        totalRecord('equity', 'Total equity', per('equity')),
        totalRecord('total', 'Total liabilities and equity', per('total_liabilities_and_equity')),
      ]),
  };
}

const TAX_FIGURES = ['taxable_sales', 'tax_collected', 'taxable_purchases', 'tax_paid', 'net'] as const;

/** Per rate, then `Total`, then the tax accounts' movement and what else moved them, in the net column. */
export function taxSummaryCsv(report: Answer<typeof taxSummary>): CsvDocument {
  const figures = (row: Record<(typeof TAX_FIGURES)[number], string>) =>
    TAX_FIGURES.map((figure) => value(row[figure]));
  const netOnly = (label: string, amount: string) => [
    value(''),
    value(label),
    value(''),
    value(''),
    ...TAX_FIGURES.map((figure) => value(figure === 'net' ? amount : '')),
  ];
  return {
    filename: `tax-summary-${report.from}-to-${report.to}.csv`,
    body:
      csvHeader(['tax_rate', 'name', 'rate', 'account_number', ...TAX_FIGURES]) +
      records([
        ...report.rates.map((row) => [
          value(row.tax_rate),
          text(row.name),
          value(row.rate),
          text(row.account_number),
          ...figures(row),
        ]),
        [value(''), value('Total'), value(''), value(''), ...figures(report.totals)],
        netOnly('Tax accounts movement', report.tax_accounts_movement),
        netOnly('Other movement', report.other_movement),
      ]),
  };
}

/**
 * A customer statement (D92). Outstanding: `kind, number, date, due_date, amount, open`: its open
 * invoices, then its credits (open negative), then `Balance`. Activity: `date, kind, number,
 * description, amount, balance` between `Opening balance` and `Closing balance` records.
 */
export function statementCsv(statement: Statement): string {
  if (statement.outstanding) {
    const o = statement.outstanding;
    return (
      csvHeader(['kind', 'number', 'date', 'due_date', 'amount', 'open']) +
      records([
        ...o.invoices.map((row) => [
          value('invoice'),
          text(row.number),
          value(row.issue_date),
          value(row.due_date),
          value(row.total),
          value(row.open),
        ]),
        ...o.credits.map((row) => [
          value(row.kind),
          text(row.number),
          value(row.date),
          value(''),
          value(row.amount),
          value(row.unapplied === '0.0000' ? row.unapplied : `-${row.unapplied}`),
        ]),
        [value(''), value('Balance'), value(statement.to), value(''), value(''), value(o.balance)],
      ])
    );
  }
  const a = statement.activity!;
  return (
    csvHeader(['date', 'kind', 'number', 'description', 'amount', 'balance']) +
    records([
      [
        value(statement.from),
        value(''),
        value(''),
        value('Opening balance'),
        value(''),
        value(a.opening_balance),
      ],
      ...a.lines.map((row) => [
        value(row.date),
        value(row.kind),
        text(row.number),
        text(row.description),
        value(row.amount),
        value(row.balance),
      ]),
      [
        value(statement.to),
        value(''),
        value(''),
        value('Closing balance'),
        value(''),
        value(a.closing_balance),
      ],
    ])
  );
}

type AgingAmounts = Record<(typeof AGING_COLUMNS)[number] | 'total', string>;
/** A counterparty's row of an aging report: its id under its own name (`customer`), then `customer_name`. */
type AgingRow<Party extends string> = AgingAmounts & Record<Party | `${Party}_name`, string>;

/**
 * An aging report (AR or AP) as CSV: a row per counterparty (id, name, the columns, total), then the
 * totals. The CSV's first two columns are named as the report's fields are: `customer`, `customer_name`.
 */
function agingCsv<Party extends string>(
  filename: string,
  counterparty: Party,
  rows: AgingRow<Party>[],
  totals: AgingAmounts,
): CsvDocument {
  const amounts = (row: AgingAmounts) => [
    ...AGING_COLUMNS.map((column) => value(row[column])),
    value(row.total),
  ];
  return {
    filename,
    body:
      csvHeader([counterparty, `${counterparty}_name`, ...AGING_COLUMNS, 'total']) +
      records([
        ...rows.map((row) => {
          const fields: Record<string, string> = row; // tsc cannot index an AgingRow<Party> by Party
          return [value(fields[counterparty]!), text(fields[`${counterparty}_name`]!), ...amounts(row)];
        }),
        [value(''), value('Total'), ...amounts(totals)],
      ]),
  };
}

export function arAgingCsv(report: Answer<typeof arAging>): CsvDocument {
  return agingCsv(`ar-aging-${report.as_of}.csv`, 'customer', report.customers, report.totals);
}

/** AP aging as CSV: the AR columns, unapplied vendor credit included (D87). */
export function apAgingCsv(report: Answer<typeof apAging>): CsvDocument {
  return agingCsv(`ap-aging-${report.as_of}.csv`, 'vendor', report.vendors, report.totals);
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
