// Reports: trial balance, profit and loss, balance sheet, AR aging, general ledger. Each is the
// API's JSON shown as a table, downloadable as CSV (built from the same strings) and printable.
import { Button, Group, Select, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api, data } from '../../api/client.ts';
import { downloadCsv } from '../../ui/csv.ts';
import { firstOfMonth, formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { useAllAccounts } from '../accounts/Accounts.tsx';
import { type Books, useBooks } from '../shell/books.tsx';

type Row = { cells: ReactNode[]; csv: string[]; strong?: boolean };

const REPORTS = [
  { value: 'trial-balance', label: 'Trial balance' },
  { value: 'profit-and-loss', label: 'Profit and loss' },
  { value: 'balance-sheet', label: 'Balance sheet' },
  { value: 'ar-aging', label: 'AR aging' },
  { value: 'general-ledger', label: 'General ledger' },
] as const;

function ReportTable({
  name,
  headers,
  rows,
  numeric,
}: {
  name: string;
  headers: string[];
  rows: Row[];
  /** Columns from this index on are amounts (right-aligned). */
  numeric: number;
}) {
  return (
    <Stack gap="xs">
      <Group gap="xs" className="no-print">
        <Button
          size="xs"
          variant="default"
          onClick={() => downloadCsv(`${name}.csv`, [headers, ...rows.map((row) => row.csv)])}
        >
          Download CSV
        </Button>
        <Button size="xs" variant="default" onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to report for these dates.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {headers.map((header, index) => (
                  <Table.Th key={header} ta={index >= numeric ? 'right' : undefined}>
                    {header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows are rebuilt whole on each answer
                <Table.Tr key={rowIndex} fw={row.strong ? 700 : undefined}>
                  {row.cells.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                    <Table.Td key={index} ta={index >= numeric ? 'right' : undefined}>
                      {cell}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const money = (amount: string, currency: string) => <Money amount={amount} currency={currency} />;

function TrialBalance({ books }: { books: Books }) {
  const [asOf, setAsOf] = useState(today());
  const report = useQuery({
    queryKey: ['reports', 'tb', asOf],
    queryFn: async () =>
      data(await api.GET('/api/v1/reports/trial-balance', { params: { query: { as_of: asOf } } })),
  });
  const c = books.currency;
  const rows: Row[] = (report.data?.lines ?? []).map((line) => ({
    cells: [line.account_number, line.account_name, money(line.debit, c), money(line.credit, c)],
    csv: [line.account_number, line.account_name, line.debit, line.credit],
  }));
  if (report.data)
    rows.push({
      strong: true,
      cells: ['', 'Total', money(report.data.total_debit, c), money(report.data.total_credit, c)],
      csv: ['', 'Total', report.data.total_debit, report.data.total_credit],
    });
  return (
    <Stack>
      <TextInput
        label="As of"
        type="date"
        value={asOf}
        onChange={(e) => setAsOf(e.currentTarget.value)}
        w={180}
      />
      <ErrorNotice error={report.error} />
      {report.data ? (
        <ReportTable
          name={`trial-balance-${asOf}`}
          headers={['Number', 'Account', 'Debit', 'Credit']}
          rows={rows}
          numeric={2}
        />
      ) : null}
    </Stack>
  );
}

function sectionRows(
  title: string,
  section: { accounts: { account_number: string; account_name: string; amount: string }[]; total: string },
  c: string,
): Row[] {
  return [
    ...section.accounts.map((account) => ({
      cells: [account.account_number, account.account_name, money(account.amount, c)],
      csv: [account.account_number, account.account_name, account.amount],
    })),
    {
      strong: true,
      cells: ['', `Total ${title}`, money(section.total, c)],
      csv: ['', `Total ${title}`, section.total],
    },
  ];
}

function ProfitAndLoss({ books }: { books: Books }) {
  const [from, setFrom] = useState(firstOfMonth(today()));
  const [to, setTo] = useState(today());
  const report = useQuery({
    queryKey: ['reports', 'pnl', from, to],
    queryFn: async () =>
      data(await api.GET('/api/v1/reports/profit-and-loss', { params: { query: { from, to } } })),
  });
  const c = books.currency;
  const rows = report.data
    ? [
        ...sectionRows('income', report.data.income, c),
        ...sectionRows('expenses', report.data.expenses, c),
        {
          strong: true,
          cells: ['', 'Net income', money(report.data.net_income, c)],
          csv: ['', 'Net income', report.data.net_income],
        },
      ]
    : [];
  return (
    <Stack>
      <Group gap="sm">
        <TextInput
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={180}
        />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={180} />
      </Group>
      <ErrorNotice error={report.error} />
      {report.data ? (
        <ReportTable
          name={`profit-and-loss-${from}-${to}`}
          headers={['Number', 'Account', 'Amount']}
          rows={rows}
          numeric={2}
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
          csv: [account.account_number, account.account_name, account.amount],
        })),
        {
          cells: ['', 'Current earnings', money(r.equity.current_earnings, c)],
          csv: ['', 'Current earnings', r.equity.current_earnings],
        },
        {
          strong: true,
          cells: ['', 'Total equity', money(r.equity.total, c)],
          csv: ['', 'Total equity', r.equity.total],
        },
        {
          strong: true,
          cells: ['', 'Total liabilities and equity', money(r.total_liabilities_and_equity, c)],
          csv: ['', 'Total liabilities and equity', r.total_liabilities_and_equity],
        },
      ]
    : [];
  return (
    <Stack>
      <TextInput
        label="As of"
        type="date"
        value={asOf}
        onChange={(e) => setAsOf(e.currentTarget.value)}
        w={180}
      />
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`balance-sheet-${asOf}`}
          headers={['Number', 'Account', 'Amount']}
          rows={rows}
          numeric={2}
        />
      ) : null}
    </Stack>
  );
}

function ArAging({ books }: { books: Books }) {
  const [asOf, setAsOf] = useState(today());
  const report = useQuery({
    queryKey: ['reports', 'aging', asOf],
    queryFn: async () =>
      data(await api.GET('/api/v1/reports/ar-aging', { params: { query: { as_of: asOf } } })),
  });
  const c = books.currency;
  const buckets = ['current', '1_30', '31_60', '61_90', 'over_90', 'unapplied', 'total'] as const;
  const rows: Row[] = (report.data?.customers ?? []).map((customer) => ({
    cells: [customer.customer_name, ...buckets.map((bucket) => money(customer[bucket], c))],
    csv: [customer.customer_name, ...buckets.map((bucket) => customer[bucket])],
  }));
  if (report.data && rows.length > 0) {
    const totals = report.data.totals;
    rows.push({
      strong: true,
      cells: ['Total', ...buckets.map((b) => money(totals[b], c))],
      csv: ['Total', ...buckets.map((b) => totals[b])],
    });
  }
  return (
    <Stack>
      <TextInput
        label="As of"
        type="date"
        value={asOf}
        onChange={(e) => setAsOf(e.currentTarget.value)}
        w={180}
      />
      <ErrorNotice error={report.error} />
      {report.data ? (
        <ReportTable
          name={`ar-aging-${asOf}`}
          headers={[
            'Customer',
            'Current',
            '1-30 days',
            '31-60 days',
            '61-90 days',
            'Over 90 days',
            'Unapplied credit',
            'Total',
          ]}
          rows={rows}
          numeric={1}
        />
      ) : null}
    </Stack>
  );
}

function GeneralLedger({ books }: { books: Books }) {
  const accounts = useAllAccounts();
  const [account, setAccount] = useState<string | null>(null);
  const [from, setFrom] = useState(firstOfMonth(today()));
  const [to, setTo] = useState(today());
  const report = useQuery({
    queryKey: ['reports', 'gl', account, from, to],
    enabled: Boolean(account),
    queryFn: async () =>
      data(
        await api.GET('/api/v1/reports/general-ledger', {
          params: { query: { account: account ?? '', from, to } },
        }),
      ),
  });
  const c = books.currency;
  const r = report.data;
  const rows: Row[] = r
    ? [
        {
          cells: ['', '', 'Opening balance', '', '', money(r.opening_balance, c)],
          csv: ['', '', 'Opening balance', '', '', r.opening_balance],
        },
        ...r.lines.map((line) => ({
          cells: [
            formatDate(line.txn_date),
            line.entry_number,
            line.description || line.memo,
            money(line.debit, c),
            money(line.credit, c),
            money(line.balance, c),
          ],
          csv: [
            line.txn_date,
            line.entry_number,
            line.description || line.memo,
            line.debit,
            line.credit,
            line.balance,
          ],
        })),
        {
          strong: true,
          cells: ['', '', 'Closing balance', '', '', money(r.closing_balance, c)],
          csv: ['', '', 'Closing balance', '', '', r.closing_balance],
        },
      ]
    : [];
  return (
    <Stack>
      <Group gap="sm" wrap="wrap">
        <Select
          label="Account"
          searchable
          placeholder="Choose an account"
          data={(accounts.data ?? []).map((a) => ({ value: a.id, label: `${a.number} ${a.name}` }))}
          value={account}
          onChange={setAccount}
          w={{ base: '100%', xs: 280 }}
        />
        <TextInput
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={180}
        />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={180} />
      </Group>
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`general-ledger-${r.account_number}-${from}-${to}`}
          headers={['Date', 'Entry', 'Description', 'Debit', 'Credit', 'Balance']}
          rows={rows}
          numeric={3}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Choose an account to see its entries.
        </Text>
      )}
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
    'general-ledger': <GeneralLedger books={books} />,
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
