// Reports: trial balance, profit and loss and balance sheet (with comparison columns, D93), tax
// summary (D91), AR and AP aging, general ledger. Each is the API's JSON shown as a table; its CSV is the API's own (ReportTable), and it prints.
// Drill-down (issue 21): an account's figure opens its general ledger for that column's period (a
// balance from the start of its fiscal year, so the ledger's closing balance is the figure); an aging
// row opens the party's open invoices or bills.
import { Anchor, Group, Select, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { getReport, reportCsv } from '../../api/queries/reports.ts';
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

function TrialBalance({ books }: { books: Books }) {
  const [asOf, setAsOf] = useAsOf(books);
  const { report, csv } = useReport('/api/v1/reports/trial-balance', { as_of: asOf });
  const c = books.currency;
  const r = report.data;
  const rows: Row[] = r
    ? [
        ...r.lines.map((line) => {
          const range = balanceRange(r.as_of, books);
          const figure = (amount: string) => {
            const shown = nonZero(amount, c);
            return shown === '' ? '' : figureLink(shown, line, range);
          };
          return { cells: [line.account_number, line.account_name, figure(line.debit), figure(line.credit)] };
        }),
        { strong: true, cells: ['', 'Total', money(r.total_debit, c), money(r.total_credit, c)] },
      ]
    : [];
  return (
    <Stack>
      <DateInput label="As of" value={asOf} onChange={setAsOf} />
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`trial-balance-${asOf}`}
          headers={['Number', 'Account', 'Debit', 'Credit']}
          rows={r.lines.length === 0 ? [] : rows}
          numeric={2}
          csv={csv}
        />
      ) : null}
    </Stack>
  );
}

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

const totalRow = (label: string, totals: string[], c: string): Row => ({
  strong: true,
  cells: ['', label, ...totals.map((amount) => money(amount, c))],
});

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
  const { report, csv } = useReport('/api/v1/reports/profit-and-loss', query);
  const c = books.currency;
  const r = report.data;
  const per = (
    key: 'income' | 'cost_of_goods_sold' | 'gross_profit' | 'operating_expenses' | 'net_income',
  ) => (r ? r.columns.map((column) => column[key]) : []);
  // Each column's figure opens the account's ledger over that column's own dates.
  const ranges: Range[] = r ? r.columns.map((column) => ({ from: column.from, to: column.to })) : [];
  const rows: Row[] = r
    ? [
        ...sectionRows('Income', r.income.accounts, 'Total income', per('income'), c, ranges),
        ...sectionRows(
          'Cost of goods sold',
          r.cost_of_goods_sold.accounts,
          'Total cost of goods sold',
          per('cost_of_goods_sold'),
          c,
          ranges,
        ),
        totalRow('Gross profit', per('gross_profit'), c),
        ...sectionRows(
          'Expenses',
          r.operating_expenses.accounts,
          'Total expenses',
          per('operating_expenses'),
          c,
          ranges,
        ),
        totalRow('Net income', per('net_income'), c),
      ]
    : [];
  return (
    <Stack>
      <Group gap="sm" align="end">
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
      </Group>
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`profit-and-loss-${from}-${to}`}
          headers={['Number', 'Account', ...r.columns.map((column) => columnLabel(column.from, column.to))]}
          rows={rows}
          numeric={2}
          csv={csv}
        />
      ) : null}
    </Stack>
  );
}

function BalanceSheet({ books }: { books: Books }) {
  const [filters, patch] = useSearchState({ as_of: todayIn(books.timezone), compare: '', periods: '3' });
  const asOf = filters.as_of;
  const setAsOf = (value: string) => patch({ as_of: value });
  const compare = (filters.compare || null) as Compare | null;
  const periods = Number(filters.periods) || 3;
  const query = { as_of: asOf, ...comparison(compare, periods) };
  const { report, csv } = useReport('/api/v1/reports/balance-sheet', query);
  const c = books.currency;
  const r = report.data;
  const per = (
    key: 'assets' | 'liabilities' | 'current_earnings' | 'equity' | 'total_liabilities_and_equity',
  ) => (r ? r.columns.map((column) => column[key]) : []);
  const ranges: Range[] = r ? r.columns.map((column) => balanceRange(column.as_of, books)) : [];
  const rows: Row[] = r
    ? [
        ...sectionRows('Assets', r.assets.accounts, 'Total assets', per('assets'), c, ranges),
        ...sectionRows(
          'Liabilities',
          r.liabilities.accounts,
          'Total liabilities',
          per('liabilities'),
          c,
          ranges,
        ),
        ...sectionRows('Equity', r.equity.accounts, null, per('equity'), c, ranges),
        { cells: ['', 'Current earnings', ...per('current_earnings').map((amount) => money(amount, c))] },
        totalRow('Total equity', per('equity'), c),
        totalRow('Total liabilities and equity', per('total_liabilities_and_equity'), c),
      ]
    : [];
  return (
    <Stack>
      <Group gap="sm" align="end">
        <DateInput label="As of" value={asOf} onChange={setAsOf} />
        <ComparisonControls
          compare={compare}
          periods={periods}
          onChange={(nextCompare, nextPeriods) =>
            patch({ compare: nextCompare ?? '', periods: String(nextPeriods) })
          }
        />
      </Group>
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`balance-sheet-${asOf}`}
          headers={['Number', 'Account', ...r.columns.map((column) => formatDate(column.as_of))]}
          rows={rows}
          numeric={2}
          csv={csv}
        />
      ) : null}
    </Stack>
  );
}

/** D91: per tax rate, what was taxed and the tax, beside the movement of the tax accounts. */
function TaxSummary({ books }: { books: Books }) {
  const [{ from, to }, patch] = useSearchState({
    from: firstOfMonth(todayIn(books.timezone)),
    to: todayIn(books.timezone),
  });
  const setFrom = (value: string) => patch({ from: value });
  const setTo = (value: string) => patch({ to: value });
  const { report, csv } = useReport('/api/v1/reports/tax-summary', { from, to });
  const c = books.currency;
  const r = report.data;
  const figures = (row: Record<TaxFigure, string>) => TAX_FIGURES.map((figure) => money(row[figure], c));
  const rows: Row[] = r
    ? [
        ...r.rates.map((rate) => ({
          cells: [rate.name, `${rate.rate.replace(/\.?0+$/, '')}%`, ...figures(rate)],
        })),
        { strong: true, cells: ['Total', '', ...figures(r.totals)] },
        { cells: ['Tax accounts movement', '', '', '', '', '', money(r.tax_accounts_movement, c)] },
        { cells: ['Other movement (entries, tax paid)', '', '', '', '', '', money(r.other_movement, c)] },
      ]
    : [];
  return (
    <Stack>
      <Group gap="sm" align="end">
        <DateInput label="From" value={from} onChange={setFrom} />
        <DateInput label="To" value={to} onChange={setTo} />
      </Group>
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`tax-summary-${from}-${to}`}
          headers={[
            'Tax rate',
            'Rate',
            'Taxable sales',
            'Tax collected',
            'Taxable purchases',
            'Tax paid',
            'Net',
          ]}
          rows={r.rates.length === 0 ? [] : rows}
          numeric={2}
          csv={csv}
        />
      ) : null}
    </Stack>
  );
}

const TAX_FIGURES = ['taxable_sales', 'tax_collected', 'taxable_purchases', 'tax_paid', 'net'] as const;
type TaxFigure = (typeof TAX_FIGURES)[number];

const BUCKET_HEADERS = ['Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days'];
const AGING_COLUMNS = ['current', '1_30', '31_60', '61_90', 'over_90', 'unapplied', 'total'] as const;

/**
 * An aging report's table: one row per party (its name, then its columns), then the totals. AR aging
 * and AP aging differ only in their party (both show unapplied credit, negative: D26, D87).
 */
function AgingTable<Column extends string>({
  books,
  name,
  headers,
  columns,
  parties,
  totals,
  csv,
}: {
  books: Books;
  name: string;
  headers: string[];
  columns: readonly Column[];
  /** Each party's name links to its open documents (`path`). */
  parties: { name: string; path: string; amounts: Record<Column, string> }[];
  totals: Record<Column, string>;
  csv: () => Promise<BlobAnswer>;
}) {
  const c = books.currency;
  const rows: Row[] = parties.map((party) => ({
    cells: [
      <Anchor key="party" component={Link} to={party.path} title={`Open documents of ${party.name}`}>
        {party.name}
      </Anchor>,
      ...columns.map((column) => money(party.amounts[column], c)),
    ],
  }));
  if (rows.length > 0)
    rows.push({ strong: true, cells: ['Total', ...columns.map((col) => money(totals[col], c))] });
  return <ReportTable name={name} headers={headers} rows={rows} numeric={1} csv={csv} />;
}

type AgingColumn = (typeof AGING_COLUMNS)[number];

/** What an aging report differs in by side: its party and how its rows name them, its API report. */
interface AgingSide {
  name: 'ar-aging' | 'ap-aging';
  queryKey: string;
  party: string;
  read: (asOf: string) => Promise<{
    parties: { name: string; path: string; amounts: Record<AgingColumn, string> }[];
    totals: Record<AgingColumn, string>;
  }>;
  csv: (asOf: string) => Promise<BlobAnswer>;
}

const AR_AGING: AgingSide = {
  name: 'ar-aging',
  queryKey: 'aging',
  party: 'Customer',
  read: async (asOf) => {
    const r = await getReport('/api/v1/reports/ar-aging', { as_of: asOf });
    const parties = r.customers.map((customer) => ({
      name: customer.customer_name,
      path: openInvoicesPath(customer.customer),
      amounts: customer,
    }));
    return { parties, totals: r.totals };
  },
  csv: (asOf) => reportCsv('/api/v1/reports/ar-aging', { as_of: asOf }),
};

/** D56: what is owed to each vendor by days past due, less vendor credit not yet applied (D87); the total is the Accounts Payable balance. */
const AP_AGING: AgingSide = {
  name: 'ap-aging',
  queryKey: 'ap-aging',
  party: 'Vendor',
  read: async (asOf) => {
    const r = await getReport('/api/v1/reports/ap-aging', { as_of: asOf });
    const parties = r.vendors.map((vendor) => ({
      name: vendor.vendor_name,
      path: openBillsPath(vendor.vendor),
      amounts: vendor,
    }));
    return { parties, totals: r.totals };
  },
  csv: (asOf) => reportCsv('/api/v1/reports/ap-aging', { as_of: asOf }),
};

function Aging({ books, side }: { books: Books; side: AgingSide }) {
  const [asOf, setAsOf] = useAsOf(books);
  const report = useQuery({ queryKey: ['reports', side.queryKey, asOf], queryFn: () => side.read(asOf) });
  const r = report.data;
  return (
    <Stack>
      <DateInput label="As of" value={asOf} onChange={setAsOf} />
      <ErrorNotice error={report.error} />
      {r ? (
        <AgingTable
          books={books}
          name={`${side.name}-${asOf}`}
          headers={[side.party, ...BUCKET_HEADERS, 'Unapplied credit', 'Total']}
          columns={AGING_COLUMNS}
          parties={r.parties}
          totals={r.totals}
          csv={() => side.csv(asOf)}
        />
      ) : null}
    </Stack>
  );
}

function InventoryValuation({ books }: { books: Books }) {
  const [asOf, setAsOf] = useAsOf(books);
  const { report, csv } = useReport('/api/v1/reports/inventory-valuation', { as_of: asOf });
  const c = books.currency;
  const r = report.data;
  const rows: Row[] = r
    ? [
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
      ]
    : [];
  return (
    <Stack>
      <DateInput label="As of" value={asOf} onChange={setAsOf} />
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`inventory-valuation-${asOf}`}
          headers={['SKU', 'Item', 'Quantity', 'Average cost', 'Value']}
          rows={r.items.length === 0 ? [] : rows}
          numeric={2}
          csv={csv}
        />
      ) : null}
    </Stack>
  );
}

export default function Reports() {
  const books = useBooks();
  const navigate = useNavigate();
  const { report } = useParams();
  if (!books) return null;
  // D13: sales reads AR aging only.
  const available = REPORTS.filter((r) => books.can.readReports || r.value === 'ar-aging');
  const current = available.find((r) => r.value === report)?.value ?? available[0]?.value ?? 'ar-aging';
  const screens: Record<string, ReactNode> = {
    'trial-balance': <TrialBalance books={books} />,
    'profit-and-loss': <ProfitAndLoss books={books} />,
    'balance-sheet': <BalanceSheet books={books} />,
    'tax-summary': <TaxSummary books={books} />,
    'ar-aging': <Aging key="ar-aging" books={books} side={AR_AGING} />,
    'ap-aging': <Aging key="ap-aging" books={books} side={AP_AGING} />,
    'general-ledger': <GeneralLedger books={books} />,
    'inventory-valuation': <InventoryValuation books={books} />,
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
