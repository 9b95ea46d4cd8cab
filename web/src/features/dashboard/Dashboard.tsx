// Dashboard: cash in bank accounts, receivables outstanding and overdue, income and expenses this
// month, the most recent invoices. Every figure is the API's decimal string, summed with the shared
// money rules where the app adds (D45).
import { Anchor, Card, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, data, type ResponseOf } from '../../api/client.ts';
import { firstOfMonth, formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { formatMoney, parseMoney } from '../../ui/money.ts';
import { Page } from '../../ui/Page.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { type Books, useBooks } from '../shell/books.tsx';

const CASH_DETAIL_TYPES = new Set(['bank', 'cash']);
const RECENT_DAYS = 45;
const RECENT_PAGES_MAX = 5;
const RECENT_COUNT = 6;
type Invoice = ResponseOf<'/api/v1/invoices', 'get', 200>['results'][number];

function Figure({
  label,
  amount,
  currency,
  hint,
}: {
  label: string;
  amount?: string;
  currency: string;
  hint?: string;
}) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {amount === undefined ? (
        <Skeleton height={28} mt={6} />
      ) : (
        <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          <Money amount={amount} currency={currency} strong />
        </Text>
      )}
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

function useFigures(books: Books) {
  const day = today();
  const cash = useQuery({
    queryKey: ['dashboard', 'cash'],
    queryFn: async () => {
      const page = data(
        await api.GET('/api/v1/accounts', { params: { query: { type: 'asset', is_active: true } } }),
      );
      const banks = page.results.filter((account) => CASH_DETAIL_TYPES.has(account.detail_type));
      return formatMoney(banks.reduce((sum, account) => sum + parseMoney(account.balance), 0n));
    },
  });
  const aging = useQuery({
    queryKey: ['dashboard', 'aging', day],
    queryFn: async () =>
      data(await api.GET('/api/v1/reports/ar-aging', { params: { query: { as_of: day } } })),
  });
  const profit = useQuery({
    queryKey: ['dashboard', 'pnl', day],
    enabled: books.can.readReports,
    queryFn: async () =>
      data(
        await api.GET('/api/v1/reports/profit-and-loss', {
          params: { query: { from: firstOfMonth(day), to: day } },
        }),
      ),
  });
  // The list is in ascending order with no descending option: the newest are the last rows of the
  // last page of a recent window (a few pages at most).
  const invoices = useQuery({
    queryKey: ['dashboard', 'invoices', day],
    queryFn: async () => {
      const since = new Date(Date.now() - RECENT_DAYS * 86_400_000).toISOString().slice(0, 10);
      let rows: Invoice[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < RECENT_PAGES_MAX; page += 1) {
        const result = data(
          await api.GET('/api/v1/invoices', {
            params: { query: { issue_date_from: since, ...(cursor ? { cursor } : {}) } },
          }),
        );
        rows = [...rows, ...result.results].slice(-RECENT_COUNT);
        cursor = cursorOf(result.next);
        if (!cursor) break;
      }
      return rows.reverse();
    },
  });
  return { cash, aging, profit, invoices };
}

export default function Dashboard() {
  const books = useBooks();
  if (!books) return null;
  return <DashboardOf books={books} />;
}

function DashboardOf({ books }: { books: Books }) {
  const { cash, aging, profit, invoices } = useFigures(books);
  const currency = books.currency;
  const outstanding = aging.data?.totals.total;
  // Past due: the buckets after `current` (the total also nets the customers' unapplied credit).
  const overdue = aging.data
    ? formatMoney(
        (['1_30', '31_60', '61_90', 'over_90'] as const).reduce(
          (sum, bucket) => sum + parseMoney(aging.data.totals[bucket]),
          0n,
        ),
      )
    : undefined;

  const recent = invoices.data ?? [];
  return (
    <Page title="Dashboard">
      <ErrorNotice error={cash.error ?? aging.error ?? profit.error ?? invoices.error} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Figure label="Cash in bank accounts" amount={cash.data} currency={currency} />
        <Figure label="Receivables outstanding" amount={outstanding} currency={currency} />
        <Figure label="Receivables overdue" amount={overdue} currency={currency} hint="Past their due date" />
        {books.can.readReports ? (
          <>
            <Figure label="Income this month" amount={profit.data?.income.total} currency={currency} />
            <Figure label="Expenses this month" amount={profit.data?.expenses.total} currency={currency} />
            <Figure label="Net income this month" amount={profit.data?.net_income} currency={currency} />
          </>
        ) : null}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Recent invoices
        </Title>
        {invoices.isPending ? (
          <Skeleton height={120} />
        ) : recent.length === 0 ? (
          <Text c="dimmed" size="sm">
            No invoices issued in the last {RECENT_DAYS} days.{' '}
            <Anchor component={Link} to="/invoices">
              Create the first one
            </Anchor>
            .
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Issued</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Balance due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/invoices/${invoice.id}`}>
                        {invoice.number || 'Draft'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{invoice.customer_name}</Table.Td>
                    <Table.Td>{formatDate(invoice.issue_date)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={invoice.status} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={invoice.balance_due} currency={currency} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Page>
  );
}
