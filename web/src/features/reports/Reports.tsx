// Reports: trial balance, profit and loss, balance sheet, AR aging, general ledger. Each is the
// API's JSON shown as a table; its CSV is the API's own (ReportTable), and it prints.
import { Group, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api, data } from '../../api/client.ts';
import { firstOfMonth, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Page } from '../../ui/Page.tsx';
import { type Books, useBooks } from '../shell/books.tsx';
import { GeneralLedger } from './GeneralLedger.tsx';
import { type BlobAnswer, DateInput, money, ReportTable, type Row } from './ReportTable.tsx';
import { TrackingFilter } from './TrackingFilter.tsx';

const REPORTS = [
  { value: 'trial-balance', label: 'Trial balance' },
  { value: 'profit-and-loss', label: 'Profit and loss' },
  { value: 'balance-sheet', label: 'Balance sheet' },
  { value: 'ar-aging', label: 'AR aging' },
  { value: 'ap-aging', label: 'AP aging' },
  { value: 'general-ledger', label: 'General ledger' },
  { value: 'inventory-valuation', label: 'Inventory valuation' },
] as const;

function TrialBalance({ books }: { books: Books }) {
  const [asOf, setAsOf] = useState(today());
  const report = useQuery({
    queryKey: ['reports', 'tb', asOf],
    queryFn: async () =>
      data(await api.GET('/api/v1/reports/trial-balance', { params: { query: { as_of: asOf } } })),
  });
  const c = books.currency;
  const r = report.data;
  const rows: Row[] = r
    ? [
        ...r.lines.map((line) => ({
          cells: [line.account_number, line.account_name, money(line.debit, c), money(line.credit, c)],
        })),
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
          csv={() =>
            api.GET('/api/v1/reports/trial-balance', {
              params: { query: { as_of: asOf, format: 'csv' } },
              parseAs: 'blob',
            })
          }
        />
      ) : null}
    </Stack>
  );
}

type Section = {
  accounts: { account_number: string; account_name: string; amount: string }[];
  total: string;
};

function sectionRows(title: string, section: Section, c: string): Row[] {
  return [
    ...section.accounts.map((account) => ({
      cells: [account.account_number, account.account_name, money(account.amount, c)],
    })),
    { strong: true, cells: ['', `Total ${title}`, money(section.total, c)] },
  ];
}

function ProfitAndLoss({ books }: { books: Books }) {
  const [from, setFrom] = useState(firstOfMonth(today()));
  const [to, setTo] = useState(today());
  const [tracking, setTracking] = useState<string | null>(null);
  const query = { from, to, ...(tracking ? { tracking_option: tracking } : {}) };
  const report = useQuery({
    queryKey: ['reports', 'pnl', query],
    queryFn: async () => data(await api.GET('/api/v1/reports/profit-and-loss', { params: { query } })),
  });
  const c = books.currency;
  const r = report.data;
  const rows = r
    ? [
        ...sectionRows('income', r.income, c),
        ...sectionRows('expenses', r.expenses, c),
        { strong: true, cells: ['', 'Net income', money(r.net_income, c)] },
      ]
    : [];
  return (
    <Stack>
      <Group gap="sm" align="end">
        <DateInput label="From" value={from} onChange={setFrom} />
        <DateInput label="To" value={to} onChange={setTo} />
        <TrackingFilter value={tracking} onChange={setTracking} />
      </Group>
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`profit-and-loss-${from}-${to}`}
          headers={['Number', 'Account', 'Amount']}
          rows={rows}
          numeric={2}
          csv={() =>
            api.GET('/api/v1/reports/profit-and-loss', {
              params: { query: { ...query, format: 'csv' } },
              parseAs: 'blob',
            })
          }
        />
      ) : null}
    </Stack>
  );
}

function BalanceSheet({ books }: { books: Books }) {
  const [asOf, setAsOf] = useState(today());
  const report = useQuery({
    queryKey: ['reports', 'bs', asOf],
    queryFn: async () =>
      data(await api.GET('/api/v1/reports/balance-sheet', { params: { query: { as_of: asOf } } })),
  });
  const c = books.currency;
  const r = report.data;
  const rows = r
    ? [
        ...sectionRows('assets', r.assets, c),
        ...sectionRows('liabilities', r.liabilities, c),
        ...r.equity.accounts.map((account) => ({
          cells: [account.account_number, account.account_name, money(account.amount, c)],
        })),
        { cells: ['', 'Current earnings', money(r.equity.current_earnings, c)] },
        { strong: true, cells: ['', 'Total equity', money(r.equity.total, c)] },
        {
          strong: true,
          cells: ['', 'Total liabilities and equity', money(r.total_liabilities_and_equity, c)],
        },
      ]
    : [];
  return (
    <Stack>
      <DateInput label="As of" value={asOf} onChange={setAsOf} />
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`balance-sheet-${asOf}`}
          headers={['Number', 'Account', 'Amount']}
          rows={rows}
          numeric={2}
          csv={() =>
            api.GET('/api/v1/reports/balance-sheet', {
              params: { query: { as_of: asOf, format: 'csv' } },
              parseAs: 'blob',
            })
          }
        />
      ) : null}
    </Stack>
  );
}

const BUCKET_HEADERS = ['Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days'];
const AR_COLUMNS = ['current', '1_30', '31_60', '61_90', 'over_90', 'unapplied', 'total'] as const;
const AP_COLUMNS = ['current', '1_30', '31_60', '61_90', 'over_90', 'total'] as const;

/**
 * An aging report's table: one row per party (its name, then its columns), then the totals. AR aging
 * and AP aging differ only in their party and AR's unapplied-credit column.
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
  parties: { name: string; amounts: Record<Column, string> }[];
  totals: Record<Column, string>;
  csv: () => Promise<BlobAnswer>;
}) {
  const c = books.currency;
  const rows: Row[] = parties.map((party) => ({
    cells: [party.name, ...columns.map((column) => money(party.amounts[column], c))],
  }));
  if (rows.length > 0)
    rows.push({ strong: true, cells: ['Total', ...columns.map((col) => money(totals[col], c))] });
  return <ReportTable name={name} headers={headers} rows={rows} numeric={1} csv={csv} />;
}

function ArAging({ books }: { books: Books }) {
  const [asOf, setAsOf] = useState(today());
  const report = useQuery({
    queryKey: ['reports', 'aging', asOf],
    queryFn: async () =>
      data(await api.GET('/api/v1/reports/ar-aging', { params: { query: { as_of: asOf } } })),
  });
  const r = report.data;
  return (
    <Stack>
      <DateInput label="As of" value={asOf} onChange={setAsOf} />
      <ErrorNotice error={report.error} />
      {r ? (
        <AgingTable
          books={books}
          name={`ar-aging-${asOf}`}
          headers={['Customer', ...BUCKET_HEADERS, 'Unapplied credit', 'Total']}
          columns={AR_COLUMNS}
          parties={r.customers.map((customer) => ({ name: customer.customer_name, amounts: customer }))}
          totals={r.totals}
          csv={() =>
            api.GET('/api/v1/reports/ar-aging', {
              params: { query: { as_of: asOf, format: 'csv' } },
              parseAs: 'blob',
            })
          }
        />
      ) : null}
    </Stack>
  );
}

/** D56: what is owed to each vendor by days past due; the total is the Accounts Payable balance. */
function ApAging({ books }: { books: Books }) {
  const [asOf, setAsOf] = useState(today());
  const report = useQuery({
    queryKey: ['reports', 'ap-aging', asOf],
    queryFn: async () =>
      data(await api.GET('/api/v1/reports/ap-aging', { params: { query: { as_of: asOf } } })),
  });
  const r = report.data;
  return (
    <Stack>
      <DateInput label="As of" value={asOf} onChange={setAsOf} />
      <ErrorNotice error={report.error} />
      {r ? (
        <AgingTable
          books={books}
          name={`ap-aging-${asOf}`}
          headers={['Vendor', ...BUCKET_HEADERS, 'Total']}
          columns={AP_COLUMNS}
          parties={r.vendors.map((vendor) => ({ name: vendor.vendor_name, amounts: vendor }))}
          totals={r.totals}
          csv={() =>
            api.GET('/api/v1/reports/ap-aging', {
              params: { query: { as_of: asOf, format: 'csv' } },
              parseAs: 'blob',
            })
          }
        />
      ) : null}
    </Stack>
  );
}

function InventoryValuation({ books }: { books: Books }) {
  const [asOf, setAsOf] = useState(today());
  const report = useQuery({
    queryKey: ['reports', 'inventory', asOf],
    queryFn: async () =>
      data(await api.GET('/api/v1/reports/inventory-valuation', { params: { query: { as_of: asOf } } })),
  });
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
          csv={() =>
            api.GET('/api/v1/reports/inventory-valuation', {
              params: { query: { as_of: asOf, format: 'csv' } },
              parseAs: 'blob',
            })
          }
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
    'ar-aging': <ArAging books={books} />,
    'ap-aging': <ApAging books={books} />,
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
