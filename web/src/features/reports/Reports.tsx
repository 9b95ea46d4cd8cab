// Reports: trial balance, profit and loss and balance sheet (with comparison columns, D93), tax
// summary (D91), AR and AP aging, general ledger. Each is the API's JSON shown as a table; its CSV is the API's own (ReportTable), and it prints.
// Drill-down (issue 21): an account's figure opens its general ledger for that column's period (a
// balance from the start of its fiscal year, so the ledger's closing balance is the figure); an aging
// row opens the party's open invoices or bills.
import { Anchor, Group, Select, Stack, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ReportOf } from '../../api/queries/reports.ts';
import { firstOfMonth, formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Page } from '../../ui/Page.tsx';
import { type Books, useBooks } from '../shell/books.tsx';
import { type Compare, columnLabel, startOfUnit } from './columns.ts';
import { GeneralLedger } from './GeneralLedger.tsx';
import { ledgerPath, openBillsPath, openInvoicesPath } from './links.ts';
import { fiscalYearStart, todayIn } from './presets.ts';
import { type BlobAnswer, DateInput, money, nonZero, ReportTable, type Row } from './ReportTable.tsx';
import { useSearchState } from './searchState.ts';
import { TrackingFilter } from './TrackingFilter.tsx';
import { useReport } from './useReport.ts';

type Range = { from: string; to: string };

/** An account's figure as a link to its general ledger over `range`. */
function figureLink(amount: ReactNode, account: { account: string; account_name: string }, range: Range) {
  return (
    <Anchor
      component={Link}
      to={ledgerPath({ account: account.account, ...range })}
      title={`${account.account_name}: open its ledger`}
    >
      {amount}
    </Anchor>
  );
}

/** A balance as of a date, explained by the ledger from the start of its fiscal year to that date. */
const balanceRange = (asOf: string, books: Books): Range => ({
  from: fiscalYearStart(asOf, books.fiscalYearStartMonth),
  to: asOf,
});

const REPORTS = [
  { value: 'trial-balance', label: 'Trial balance' },
  { value: 'profit-and-loss', label: 'Profit and loss' },
  { value: 'balance-sheet', label: 'Balance sheet' },
  { value: 'tax-summary', label: 'Tax summary' },
  { value: 'ar-aging', label: 'AR aging' },
  { value: 'ap-aging', label: 'AP aging' },
  { value: 'general-ledger', label: 'General ledger' },
  { value: 'inventory-valuation', label: 'Inventory valuation' },
] as const;

/** One `as_of` filter in the address (the books' today when absent). */
function useAsOf(books: Books): [string, (value: string) => void] {
  const [{ as_of }, patch] = useSearchState({ as_of: todayIn(books.timezone) });
  return [as_of, (value) => patch({ as_of: value })];
}

/**
 * A report's screen: its controls in a row, the refusal when its read failed, and once read its table
 * (with its CSV download, `csv`, and Print).
 */
function ReportLayout<Data>({
  controls,
  read,
  name,
  table,
}: {
  controls: ReactNode;
  /** The report's read (`useReport`): its JSON and its CSV. */
  read: { report: { data: Data | undefined; error: unknown }; csv: () => Promise<BlobAnswer> };
  /** The CSV file's name when the API gives none. */
  name: string;
  table: (report: Data) => { headers: string[]; rows: Row[]; numeric: number };
}) {
  const data = read.report.data;
  return (
    <Stack>
      <Group gap="sm" align="end">
        {controls}
      </Group>
      <ErrorNotice error={read.report.error} />
      {data === undefined ? null : <ReportTable name={name} csv={read.csv} {...table(data)} />}
    </Stack>
  );
}

/** The reports read as of one date, their only filter. */
type AsOfPath =
  | '/api/v1/reports/trial-balance'
  | '/api/v1/reports/inventory-valuation'
  | '/api/v1/reports/ar-aging'
  | '/api/v1/reports/ap-aging';

/** A report read as of one date: its path, and its table's headers, rows and first amount column. */
interface AsOfReport<P extends AsOfPath> {
  path: P;
  headers: string[];
  rows: (report: ReportOf<P>, books: Books) => Row[];
  numeric: number;
}

function AsOfReportScreen<P extends AsOfPath>({ books, shown }: { books: Books; shown: AsOfReport<P> }) {
  const [asOf, setAsOf] = useAsOf(books);
  // Every as-of report takes the one query `{ as_of }`, so the call is checked against their union;
  // its answer is this report's own.
  const read = useReport<AsOfPath>(shown.path, { as_of: asOf });
  return (
    <ReportLayout
      controls={<DateInput label="As of" value={asOf} onChange={setAsOf} />}
      read={read}
      name={`${shown.path.replace('/api/v1/reports/', '')}-${asOf}`}
      table={(r) => ({
        headers: shown.headers,
        rows: shown.rows(r as ReportOf<P>, books),
        numeric: shown.numeric,
      })}
    />
  );
}

const TRIAL_BALANCE: AsOfReport<'/api/v1/reports/trial-balance'> = {
  path: '/api/v1/reports/trial-balance',
  headers: ['Number', 'Account', 'Debit', 'Credit'],
  numeric: 2,
  rows: (r, books) => {
    const c = books.currency;
    const range = balanceRange(r.as_of, books);
    const lines = r.lines.map((line) => {
      const figure = (amount: string) => {
        const shown = nonZero(amount, c);
        return shown === '' ? '' : figureLink(shown, line, range);
      };
      return { cells: [line.account_number, line.account_name, figure(line.debit), figure(line.credit)] };
    });
    if (lines.length === 0) return [];
    return [
      ...lines,
      { strong: true, cells: ['', 'Total', money(r.total_debit, c), money(r.total_credit, c)] },
    ];
  },
};

type Account = { account: string; account_number: string; account_name: string; amounts: string[] };

const COMPARE_OPTIONS = [
  { value: 'none', label: 'No comparison' },
  { value: 'month', label: 'Months' },
  { value: 'quarter', label: 'Quarters' },
  { value: 'year', label: 'Years' },
];
const PERIOD_OPTIONS = Array.from({ length: 12 }, (_, index) => String(index + 1));

/** D93: compare by month, quarter or year, and how many columns (the period asked for included). */
function ComparisonControls({
  compare,
  periods,
  onChange,
}: {
  compare: Compare | null;
  periods: number;
  onChange: (compare: Compare | null, periods: number) => void;
}) {
  return (
    <>
      <Select
        label="Compare"
        data={COMPARE_OPTIONS}
        value={compare ?? 'none'}
        onChange={(value) => onChange(value && value !== 'none' ? (value as Compare) : null, periods)}
        allowDeselect={false}
        w={160}
      />
      {compare ? (
        <Select
          label="Columns"
          data={PERIOD_OPTIONS}
          value={String(periods)}
          onChange={(value) => onChange(compare, Number(value ?? periods))}
          allowDeselect={false}
          w={100}
        />
      ) : null}
    </>
  );
}

const comparison = (compare: Compare | null, periods: number) => (compare ? { compare, periods } : {});

/** A section of a columned report: its title, its accounts (one amount per column), its total row. */
function sectionRows(
  title: string,
  accounts: Account[],
  total: string | null,
  totals: string[],
  c: string,
  ranges: Range[],
): Row[] {
  return [
    { strong: true, cells: ['', title, ...totals.map(() => '')] },
    ...accounts.map((account) => ({
      cells: [
        account.account_number,
        account.account_name,
        ...account.amounts.map((amount, index) => {
          const range = ranges[index];
          return range ? figureLink(money(amount, c), account, range) : money(amount, c);
        }),
      ],
    })),
    ...(total === null
      ? []
      : [{ strong: true, cells: ['', total, ...totals.map((amount) => money(amount, c))] }]),
  ];
}

/**
 * A columned report's figures: `per(key)`, one figure per column (a section's total, gross profit),
 * and `section(...)`, a section's rows, each account's figure opening its ledger over its column's
 * range (`ranges`).
 */
function columned<Key extends string>(columns: Record<Key, string>[], c: string, ranges: Range[]) {
  const per = (key: Key) => columns.map((column) => column[key]);
  const section = (title: string, key: Key, accounts: Account[], total: string | null) =>
    sectionRows(title, accounts, total, per(key), c, ranges);
  return { per, section };
}

const totalRow = (label: string, totals: string[], c: string): Row => ({
  strong: true,
  cells: ['', label, ...totals.map((amount) => money(amount, c))],
});

type ProfitAndLossFigure =
  | 'income'
  | 'cost_of_goods_sold'
  | 'gross_profit'
  | 'operating_expenses'
  | 'net_income';

function profitAndLossRows(r: ReportOf<'/api/v1/reports/profit-and-loss'>, c: string): Row[] {
  // Each column's figure opens the account's ledger over that column's own dates.
  const { per, section } = columned<ProfitAndLossFigure>(
    r.columns,
    c,
    r.columns.map((column) => ({ from: column.from, to: column.to })),
  );
  return [
    ...section('Income', 'income', r.income.accounts, 'Total income'),
    ...section(
      'Cost of goods sold',
      'cost_of_goods_sold',
      r.cost_of_goods_sold.accounts,
      'Total cost of goods sold',
    ),
    totalRow('Gross profit', per('gross_profit'), c),
    ...section('Expenses', 'operating_expenses', r.operating_expenses.accounts, 'Total expenses'),
    totalRow('Net income', per('net_income'), c),
  ];
}

function ProfitAndLoss({ books }: { books: Books }) {
  const [filters, patch] = useSearchState({
    from: firstOfMonth(todayIn(books.timezone)),
    to: todayIn(books.timezone),
    tracking_option: '',
    compare: '',
    periods: '3',
  });
  const { from, to } = filters;
  const tracking = filters.tracking_option || null;
  const compare = (filters.compare || null) as Compare | null;
  const periods = Number(filters.periods) || 3;
  const setFrom = (value: string) => patch({ from: value });
  const setTo = (value: string) => patch({ to: value });
  const setTracking = (value: string | null) => patch({ tracking_option: value ?? '' });
  const query = {
    from,
    to,
    ...(tracking ? { tracking_option: tracking } : {}),
    ...comparison(compare, periods),
  };
  const read = useReport('/api/v1/reports/profit-and-loss', query);
  return (
    <ReportLayout
      controls={
        <>
          <DateInput label="From" value={from} onChange={setFrom} />
          <DateInput label="To" value={to} onChange={setTo} />
          <TrackingFilter value={tracking} onChange={setTracking} />
          <ComparisonControls
            compare={compare}
            periods={periods}
            onChange={(nextCompare, nextPeriods) =>
              patch({
                // Columns are the range shifted back a unit at a time (D93): start it at `to`'s unit.
                ...(nextCompare && nextCompare !== compare ? { from: startOfUnit(to, nextCompare) } : {}),
                compare: nextCompare ?? '',
                periods: String(nextPeriods),
              })
            }
          />
        </>
      }
      read={read}
      name={`profit-and-loss-${from}-${to}`}
      table={(r) => ({
        headers: ['Number', 'Account', ...r.columns.map((column) => columnLabel(column.from, column.to))],
        rows: profitAndLossRows(r, books.currency),
        numeric: 2,
      })}
    />
  );
}

type BalanceSheetFigure =
  | 'assets'
  | 'liabilities'
  | 'current_earnings'
  | 'equity'
  | 'total_liabilities_and_equity';

function balanceSheetRows(r: ReportOf<'/api/v1/reports/balance-sheet'>, books: Books): Row[] {
  const c = books.currency;
  // A balance is explained by its ledger from the start of its fiscal year.
  const { per, section } = columned<BalanceSheetFigure>(
    r.columns,
    c,
    r.columns.map((column) => balanceRange(column.as_of, books)),
  );
  return [
    ...section('Assets', 'assets', r.assets.accounts, 'Total assets'),
    ...section('Liabilities', 'liabilities', r.liabilities.accounts, 'Total liabilities'),
    ...section('Equity', 'equity', r.equity.accounts, null),
    { cells: ['', 'Current earnings', ...per('current_earnings').map((amount) => money(amount, c))] },
    totalRow('Total equity', per('equity'), c),
    totalRow('Total liabilities and equity', per('total_liabilities_and_equity'), c),
  ];
}

function BalanceSheet({ books }: { books: Books }) {
  const [filters, patch] = useSearchState({ as_of: todayIn(books.timezone), compare: '', periods: '3' });
  const asOf = filters.as_of;
  const compare = (filters.compare || null) as Compare | null;
  const periods = Number(filters.periods) || 3;
  const read = useReport('/api/v1/reports/balance-sheet', { as_of: asOf, ...comparison(compare, periods) });
  return (
    <ReportLayout
      controls={
        <>
          <DateInput label="As of" value={asOf} onChange={(value) => patch({ as_of: value })} />
          <ComparisonControls
            compare={compare}
            periods={periods}
            onChange={(nextCompare, nextPeriods) =>
              patch({ compare: nextCompare ?? '', periods: String(nextPeriods) })
            }
          />
        </>
      }
      read={read}
      name={`balance-sheet-${asOf}`}
      table={(r) => ({
        headers: ['Number', 'Account', ...r.columns.map((column) => formatDate(column.as_of))],
        rows: balanceSheetRows(r, books),
        numeric: 2,
      })}
    />
  );
}

const TAX_FIGURES = ['taxable_sales', 'tax_collected', 'taxable_purchases', 'tax_paid', 'net'] as const;
type TaxFigure = (typeof TAX_FIGURES)[number];

function taxSummaryRows(r: ReportOf<'/api/v1/reports/tax-summary'>, c: string): Row[] {
  if (r.rates.length === 0) return [];
  const figures = (row: Record<TaxFigure, string>) => TAX_FIGURES.map((figure) => money(row[figure], c));
  return [
    ...r.rates.map((rate) => ({
      cells: [rate.name, `${rate.rate.replace(/\.?0+$/, '')}%`, ...figures(rate)],
    })),
    { strong: true, cells: ['Total', '', ...figures(r.totals)] },
    { cells: ['Tax accounts movement', '', '', '', '', '', money(r.tax_accounts_movement, c)] },
    { cells: ['Other movement (entries, tax paid)', '', '', '', '', '', money(r.other_movement, c)] },
  ];
}

/** D91: per tax rate, what was taxed and the tax, beside the movement of the tax accounts. */
function TaxSummary({ books }: { books: Books }) {
  const [{ from, to }, patch] = useSearchState({
    from: firstOfMonth(todayIn(books.timezone)),
    to: todayIn(books.timezone),
  });
  const read = useReport('/api/v1/reports/tax-summary', { from, to });
  return (
    <ReportLayout
      controls={
        <>
          <DateInput label="From" value={from} onChange={(value) => patch({ from: value })} />
          <DateInput label="To" value={to} onChange={(value) => patch({ to: value })} />
        </>
      }
      read={read}
      name={`tax-summary-${from}-${to}`}
      table={(r) => ({
        headers: [
          'Tax rate',
          'Rate',
          'Taxable sales',
          'Tax collected',
          'Taxable purchases',
          'Tax paid',
          'Net',
        ],
        rows: taxSummaryRows(r, books.currency),
        numeric: 2,
      })}
    />
  );
}

const AGING_COLUMNS = ['current', '1_30', '31_60', '61_90', 'over_90', 'unapplied', 'total'] as const;
type AgingColumn = (typeof AGING_COLUMNS)[number];
type AgingPath = '/api/v1/reports/ar-aging' | '/api/v1/reports/ap-aging';

/** One party's row of an aging report: its id, its name and its amount in each column. */
type AgingParty = { id: string; name: string; amounts: Record<AgingColumn, string> };

/**
 * An aging report (AR or AP) from its path, its party, where a party's row leads (its open invoices
 * or bills) and its rows: one per party, its name a link, then the totals. Both show unapplied
 * credit, negative (D26, D87).
 */
function agingSide<P extends AgingPath>(
  path: P,
  party: string,
  openPath: (party: string) => string,
  read: (report: ReportOf<P>) => { parties: AgingParty[]; totals: Record<AgingColumn, string> },
): AsOfReport<P> {
  return {
    path,
    headers: [
      party,
      'Current',
      '1-30 days',
      '31-60 days',
      '61-90 days',
      'Over 90 days',
      'Unapplied credit',
      'Total',
    ],
    numeric: 1,
    rows: (report, books) => {
      const c = books.currency;
      const { parties, totals } = read(report);
      if (parties.length === 0) return [];
      return [
        ...parties.map((row) => ({
          cells: [
            <Anchor
              key="party"
              component={Link}
              to={openPath(row.id)}
              title={`Open documents of ${row.name}`}
            >
              {row.name}
            </Anchor>,
            ...AGING_COLUMNS.map((column) => money(row.amounts[column], c)),
          ],
        })),
        { strong: true, cells: ['Total', ...AGING_COLUMNS.map((column) => money(totals[column], c))] },
      ];
    },
  };
}

const AR_AGING = agingSide('/api/v1/reports/ar-aging', 'Customer', openInvoicesPath, (r) => ({
  parties: r.customers.map((row) => ({ id: row.customer, name: row.customer_name, amounts: row })),
  totals: r.totals,
}));

/** D56: what is owed to each vendor by days past due, less vendor credit not yet applied (D87); the total is the Accounts Payable balance. */
const AP_AGING = agingSide('/api/v1/reports/ap-aging', 'Vendor', openBillsPath, (r) => ({
  parties: r.vendors.map((row) => ({ id: row.vendor, name: row.vendor_name, amounts: row })),
  totals: r.totals,
}));

const INVENTORY_VALUATION: AsOfReport<'/api/v1/reports/inventory-valuation'> = {
  path: '/api/v1/reports/inventory-valuation',
  headers: ['SKU', 'Item', 'Quantity', 'Average cost', 'Value'],
  numeric: 2,
  rows: (r, books) => {
    if (r.items.length === 0) return [];
    const c = books.currency;
    return [
      ...r.items.map((item) => ({
        cells: [
          item.sku ?? '',
          item.name,
          item.quantity.replace(/\.?0+$/, ''),
          money(item.average_cost, c),
          money(item.value, c),
        ],
      })),
      { strong: true, cells: ['', 'Total', '', '', money(r.total_value, c)] },
      { cells: ['', 'Inventory asset accounts', '', '', money(r.inventory_asset_accounts_balance, c)] },
    ];
  },
};

export default function Reports() {
  const books = useBooks();
  const navigate = useNavigate();
  const { report } = useParams();
  if (!books) return null;
  // D13: sales reads AR aging only.
  const available = REPORTS.filter((r) => books.can.readReports || r.value === 'ar-aging');
  const current = available.find((r) => r.value === report)?.value ?? available[0]?.value ?? 'ar-aging';
  const screens: Record<string, ReactNode> = {
    'trial-balance': <AsOfReportScreen key="trial-balance" books={books} shown={TRIAL_BALANCE} />,
    'profit-and-loss': <ProfitAndLoss books={books} />,
    'balance-sheet': <BalanceSheet books={books} />,
    'tax-summary': <TaxSummary books={books} />,
    'ar-aging': <AsOfReportScreen key="ar-aging" books={books} shown={AR_AGING} />,
    'ap-aging': <AsOfReportScreen key="ap-aging" books={books} shown={AP_AGING} />,
    'general-ledger': <GeneralLedger books={books} />,
    'inventory-valuation': (
      <AsOfReportScreen key="inventory-valuation" books={books} shown={INVENTORY_VALUATION} />
    ),
  };
  return (
    <Page title="Reports">
      <Tabs value={current} onChange={(value) => value && navigate(`/reports/${value}`)} keepMounted={false}>
        <Tabs.List className="no-print">
          {available.map((r) => (
            <Tabs.Tab key={r.value} value={r.value}>
              {r.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {available.map((r) => (
          <Tabs.Panel key={r.value} value={r.value} pt="md">
            {screens[r.value]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Page>
  );
}
