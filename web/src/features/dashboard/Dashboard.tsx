// Dashboard: cash in bank accounts, receivables outstanding and overdue, bills to pay and overdue
// (for those who read payables), income and expenses this month and the last six, the most recent
// invoices and payments. Every figure is the API's decimal
// string, summed with the shared money rules where the app adds (D45). The newest documents are the
// last page of their lists (`cursor=last`): one request each, however many the books hold.
import { Anchor, Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, data } from '../../api/client.ts';
import { dashboardKeys } from '../../api/queries/dashboard.ts';
import { getReport } from '../../api/queries/reports.ts';
import { meQuery, organizationQuery } from '../../api/queries/settings.ts';
import { firstOfMonth, lastOfMonth, monthLabel, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { formatMoney, parseMoney } from '../../ui/money.ts';
import { Page, Section } from '../../ui/Page.tsx';
import { ReadTable } from '../../ui/PagedTable.tsx';
import { NEWEST, newestFirst } from '../../ui/Pager.tsx';
import { column } from '../documents/columns.tsx';
import { type Books, trustedBooks, useBooks } from '../shell/books.tsx';
import SixMonths, { type MonthFigures } from './SixMonths.tsx';

const CASH_DETAIL_TYPES = new Set(['bank', 'cash']);
const RECENT_COUNT = 6;
const CHART_MONTHS = 6;

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

/** The newest few of a list read at its last page (D31), newest first. */
const recent = <Row,>(page: { results: Row[] }) => newestFirst(page.results).slice(0, RECENT_COUNT);

/**
 * The dashboard's questions for these books on `day`, each with whether these books may ask it: one
 * list for the screen (useFigures) and for the prefetch that starts them as the app opens.
 */
function figureQueries(books: Books, day: string) {
  return {
    cash: queryOptions({
      queryKey: dashboardKeys.cash(),
      queryFn: async () => {
        const page = data(
          await api.GET('/api/v1/accounts', { params: { query: { type: 'asset', is_active: true } } }),
        );
        const banks = page.results.filter((account) => CASH_DETAIL_TYPES.has(account.detail_type));
        return formatMoney(banks.reduce((sum, account) => sum + parseMoney(account.balance), 0n));
      },
    }),
    aging: queryOptions({
      queryKey: dashboardKeys.arAging(day),
      queryFn: () => getReport('/api/v1/reports/ar-aging', { as_of: day }),
    }),
    // Bills to pay: AP aging today (its total is the Accounts Payable balance, D56).
    payables: queryOptions({
      queryKey: dashboardKeys.apAging(day),
      enabled: books.can.readPurchases && books.can.readReports,
      queryFn: () => getReport('/api/v1/reports/ap-aging', { as_of: day }),
    }),
    // One profit and loss with a column a month serves the month's figures (its last column) and
    // the chart: one request and one SQL statement instead of seven (D93). The months are whole
    // calendar months, this one included, so "this month" counts entries dated later in it too.
    months: queryOptions({
      queryKey: dashboardKeys.months(day),
      enabled: books.can.readReports,
      queryFn: async () => {
        const pnl = await getReport('/api/v1/reports/profit-and-loss', {
          from: firstOfMonth(day),
          to: lastOfMonth(day),
          compare: 'month',
          periods: CHART_MONTHS,
        });
        return pnl.columns.map(
          (period): MonthFigures => ({
            label: monthLabel(period.from),
            income: period.income,
            expenses: period.expenses,
            net: period.net_income,
          }),
        );
      },
    }),
    invoices: queryOptions({
      queryKey: dashboardKeys.recentInvoices(),
      queryFn: async () =>
        recent(data(await api.GET('/api/v1/invoices', { params: { query: { cursor: NEWEST } } }))),
    }),
    payments: queryOptions({
      queryKey: dashboardKeys.recentPayments(),
      queryFn: async () =>
        recent(data(await api.GET('/api/v1/payments-received', { params: { query: { cursor: NEWEST } } }))),
    }),
  };
}

/**
 * A first visit's dashboard asks its questions as soon as the books are known (GET /me and GET
 * /organization, which main.tsx asks as the app starts), not once the frame and the screen have
 * rendered: the answers are on their way while React draws. The screen then finds them cached or
 * in flight under the same keys. Books the person does not hold here are left to the frame.
 */
export async function prefetchFigures(queryClient: QueryClient, organizationId: string) {
  try {
    const [me, organization] = await Promise.all([
      queryClient.ensureQueryData(meQuery()),
      queryClient.ensureQueryData(organizationQuery(organizationId)),
    ]);
    const books = trustedBooks(me, organization);
    if (!books) return;
    const queries = figureQueries(books, today());
    void queryClient.prefetchQuery(queries.cash);
    void queryClient.prefetchQuery(queries.aging);
    if (queries.payables.enabled) void queryClient.prefetchQuery(queries.payables);
    if (queries.months.enabled) void queryClient.prefetchQuery(queries.months);
    void queryClient.prefetchQuery(queries.invoices);
    void queryClient.prefetchQuery(queries.payments);
  } catch {
    // Refused or unreachable: the frame asks again and says what went wrong.
  }
}

type AgingTotals = Record<'1_30' | '31_60' | '61_90' | 'over_90', string>;

/** What an aging report holds past its due date: the buckets after `current`, summed exactly. */
function pastDue(totals: AgingTotals | undefined): string | undefined {
  if (!totals) return undefined;
  const buckets = ['1_30', '31_60', '61_90', 'over_90'] as const;
  return formatMoney(buckets.reduce((sum, bucket) => sum + parseMoney(totals[bucket]), 0n));
}

export default function Dashboard() {
  const books = useBooks();
  if (!books) return null;
  return <DashboardOf books={books} />;
}

/** The dashboard's questions for these books today, by name. */
type Figures = ReturnType<typeof figureQueries>;

/**
 * Each part of the dashboard reads its own question, so an answer redraws the cards it feeds and
 * not the whole screen (on a first visit the last answer's redraw was 76 ms of the main thread).
 * The frame reads none of them: it renders once.
 */
function DashboardOf({ books }: { books: Books }) {
  const queries = figureQueries(books, today());
  const currency = books.currency;
  return (
    <Page title="Dashboard">
      <FigureErrors queries={queries} />
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'xs', xs: 'md' }}>
        <CashFigure queries={queries} currency={currency} />
        <ReceivablesFigures queries={queries} currency={currency} />
        {books.can.readReports ? <ThisMonthFigures queries={queries} currency={currency} /> : null}
      </SimpleGrid>
      {books.can.readPurchases && books.can.readReports ? (
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'xs', xs: 'md' }}>
          <PayablesFigures queries={queries} currency={currency} />
        </SimpleGrid>
      ) : null}
      {books.can.readReports ? (
        <Section title="Income and expenses, last six months">
          <SixMonthsChart queries={queries} currency={currency} />
        </Section>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title="Recent invoices">
          <RecentInvoices queries={queries} />
        </Section>
        <Section title="Recent payments">
          <RecentPayments queries={queries} />
        </Section>
      </SimpleGrid>
    </Page>
  );
}

interface PartProps {
  queries: Figures;
  currency: string;
}

/**
 * The first refusal among the figures' answers (the recent tables show their own). Reads only their
 * errors: an answer's data redraws nothing here.
 */
function FigureErrors({ queries }: { queries: Figures }) {
  const errors = [
    useQuery(queries.cash).error,
    useQuery(queries.aging).error,
    useQuery(queries.payables).error,
    useQuery(queries.months).error,
  ];
  return <ErrorNotice error={errors.find((error) => error) ?? null} />;
}

function CashFigure({ queries, currency }: PartProps) {
  const cash = useQuery(queries.cash);
  return <Figure label="Cash in bank accounts" amount={cash.data} currency={currency} />;
}

/** An aging report's two figures: what is owed in all, and what of it is past its due date. */
function AgingPair({
  totals,
  owed,
  overdue,
  currency,
}: {
  totals: (AgingTotals & { total: string }) | undefined;
  owed: string;
  overdue: string;
  currency: string;
}) {
  return (
    <>
      <Figure label={owed} amount={totals?.total} currency={currency} />
      {/* Past due: the buckets after `current` (AR's total also nets the customers' unapplied credit). */}
      <Figure label={overdue} amount={pastDue(totals)} currency={currency} hint="Past their due date" />
    </>
  );
}

function ReceivablesFigures({ queries, currency }: PartProps) {
  const totals = useQuery(queries.aging).data?.totals;
  return (
    <AgingPair
      totals={totals}
      owed="Receivables outstanding"
      overdue="Receivables overdue"
      currency={currency}
    />
  );
}

function ThisMonthFigures({ queries, currency }: PartProps) {
  const thisMonth = useQuery(queries.months).data?.at(-1);
  return (
    <>
      <Figure label="Income this month" amount={thisMonth?.income} currency={currency} />
      <Figure label="Expenses this month" amount={thisMonth?.expenses} currency={currency} />
      <Figure label="Net income this month" amount={thisMonth?.net} currency={currency} />
    </>
  );
}

function PayablesFigures({ queries, currency }: PartProps) {
  const totals = useQuery(queries.payables).data?.totals;
  return <AgingPair totals={totals} owed="Bills to pay" overdue="Bills overdue" currency={currency} />;
}

function SixMonthsChart({ queries, currency }: PartProps) {
  const months = useQuery(queries.months);
  return months.data ? <SixMonths months={months.data} currency={currency} /> : <Skeleton height={220} />;
}

function RecentInvoices({ queries }: { queries: Figures }) {
  const invoices = useQuery(queries.invoices);
  const rows = invoices.data ?? [];
  return (
    <ReadTable<(typeof rows)[number]>
      read={invoices}
      rows={rows}
      pending={<Skeleton height={120} />}
      empty={
        <>
          No invoices yet.{' '}
          <Anchor component={Link} to="/invoices/new">
            Create the first one
          </Anchor>
          .
        </>
      }
      rowKey={(invoice) => invoice.id}
      minWidth={360}
      hover
      columns={[
        column.number('/invoices'),
        column.text('Customer', (invoice) => invoice.customer_name),
        column.date('Issued', (invoice) => invoice.issue_date),
        column.status(),
        column.money('Balance due', (invoice) => invoice.balance_due),
      ]}
    />
  );
}

function RecentPayments({ queries }: { queries: Figures }) {
  const payments = useQuery(queries.payments);
  const rows = payments.data ?? [];
  return (
    <ReadTable<(typeof rows)[number]>
      read={payments}
      rows={rows}
      pending={<Skeleton height={120} />}
      empty="No payments recorded yet."
      rowKey={(payment) => payment.id}
      minWidth={360}
      hover
      columns={[
        {
          // A void payment is marked beside its number: a status column would push the amount out of
          // the half-width card.
          header: 'Number',
          nowrap: true,
          cell: (payment) => (
            <>
              <Anchor component={Link} to={`/payments/${payment.id}`}>
                {payment.number}
              </Anchor>
              {payment.status === 'void' ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (void)
                </Text>
              ) : null}
            </>
          ),
        },
        column.text('Customer', (payment) => payment.customer_name),
        column.date('Date', (payment) => payment.payment_date),
        column.money('Amount', (payment) => payment.amount),
      ]}
    />
  );
}
