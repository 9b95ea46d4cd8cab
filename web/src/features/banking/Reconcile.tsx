// Reconcile a bank account (D76): the statement's date and closing balance (the latest import's, or
// typed), the cleared balance on that day (the opening balance before the first bank line plus every
// ledger line matched to a bank line dated on or before it, from the reconciliation report), and the
// difference, worked out here with the shared money rules (D45) as the balance is typed or the date
// changes, and again as lines are matched. What is left to match on either side is listed. At zero,
// "Reconcile" stores it and those bank lines become reconciled. The report itself (statement, ledger
// and cleared balances, the difference, the last reconciled day) downloads as the API's CSV.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, data } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import type { Account } from '../../api/queries/accounts.ts';
import {
  invalidateBanking,
  latestStatementQuery,
  type ReconciliationReport,
  reconciliationReportQuery,
  reconciliationsQuery,
} from '../../api/queries/banking.ts';
import { formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, formatMoney, parseMoney, readAmount } from '../../ui/money.ts';
import { Page, Section } from '../../ui/Page.tsx';
import { ReadTable } from '../../ui/PagedTable.tsx';
import { StackedForm } from '../../ui/StackedForm.tsx';
import { ReportTable } from '../reports/ReportTable.tsx';
import { type Books, useBooks } from '../shell/books.tsx';
import { BankTrail, NoBankAccount } from './BankAccountScreen.tsx';
import { accountLabel, useBankAccounts } from './bankAccounts.ts';

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** The reconciliation report of an account, read for the statement date typed. */
interface ReportProps {
  report: ReconciliationReport;
  account: Account;
  currency: string;
}

function LeftToMatch({ report, account, currency }: ReportProps) {
  const bank = report.unmatched_bank_transactions;
  const ledger = report.unmatched_ledger_lines;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Bank lines to match: {bank.count} (<Money amount={bank.total} currency={currency} />)
        </Title>
        {bank.count === 0 ? (
          <Text size="sm" c="dimmed">
            Every bank line up to this day is matched or excluded.
          </Text>
        ) : (
          <Stack gap={4}>
            {bank.results.slice(0, 20).map((line) => (
              <Group key={line.id} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {formatDate(line.date)} · {line.description || line.payee || line.bank_reference}
                </Text>
                <Money amount={line.amount} currency={currency} />
              </Group>
            ))}
            <Anchor component={Link} to={`/banking/${account.id}`} size="sm">
              Match them on the account's page
            </Anchor>
          </Stack>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h5">
          Ledger lines not seen at the bank: {ledger.count} (
          <Money amount={ledger.total} currency={currency} />)
        </Title>
        {ledger.count === 0 ? (
          <Text size="sm" c="dimmed">
            Every ledger line since the first bank line is matched.
          </Text>
        ) : (
          <Stack gap={4}>
            {ledger.results.slice(0, 20).map((line) => (
              <Group key={line.journal_line} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {formatDate(line.date)} ·{' '}
                  <Anchor component={Link} to={`/journal/${line.journal_entry}`} size="sm">
                    {line.entry_number ?? 'entry'}
                  </Anchor>{' '}
                  {line.memo || line.description}
                </Text>
                <Money amount={line.amount} currency={currency} />
              </Group>
            ))}
            <Text size="xs" c="dimmed">
              Lines the bank has not shown yet (a cheque not cashed) do not count toward the cleared balance.
            </Text>
          </Stack>
        )}
      </Stack>
    </SimpleGrid>
  );
}

function Reconciler({ account, books }: { account: Account; books: Books }) {
  const queryClient = useQueryClient();
  const currency = account.currency || books.currency;
  const latest = useQuery(latestStatementQuery(account.id));
  // The statement's date and balance start from the latest import once it is known; typed after.
  const [typedDate, setTypedDate] = useState<string | null>(null);
  const [typedBalance, setTypedBalance] = useState<string | null>(null);
  const date = typedDate ?? latest.data?.period_end ?? today();
  // "5899.3300" reads as the statement prints it: "5899.33".
  const printed = latest.data?.closing_balance?.replace(/(\.\d{2}\d*?)0+$/, '$1') ?? '';
  const balanceText = typedBalance ?? printed;
  const [asOf] = useDebouncedValue(date, 300);
  const report = useQuery({
    ...reconciliationReportQuery(account.id, asOf),
    enabled: isDate(asOf),
    placeholderData: keepPreviousData,
  });
  const history = useQuery(reconciliationsQuery(account.id));
  const balance = readAmount(balanceText);
  const cleared = report.data?.cleared_balance ?? null;
  const difference = balance !== null && cleared !== null ? balance - parseMoney(cleared) : null;
  const reconcile = useMutation({
    mutationFn: async () =>
      data(
        await api.POST('/api/v1/bank-reconciliations', {
          body: {
            account: account.id,
            statement_date: date,
            statement_balance: balanceText.trim().replace(/,/g, ''),
          },
        }),
      ),
    onSuccess: () => invalidateBanking(queryClient),
  });
  const fields = reconcile.error instanceof ApiError ? reconcile.error.fields : {};
  const status =
    balance === null
      ? 'Type the closing balance printed on the statement.'
      : cleared === null
        ? 'No bank line is dated on or before this day yet: import the statement first.'
        : difference === 0n
          ? 'Difference $0: the cleared balance equals the statement. Ready to reconcile.'.replace(
              '$0',
              formatAmount(0n, currency),
            )
          : `Difference ${formatAmount(difference ?? 0n, currency)}: match or record the lines below, or check the balance and date typed.`;
  return (
    <Stack gap="md">
      <StackedForm onSubmit={() => difference === 0n && reconcile.mutate()}>
        <Group grow wrap="wrap" align="flex-start" maw={640}>
          <TextInput
            label="Statement date"
            type="date"
            required
            value={date}
            onChange={(event) => {
              setTypedDate(event.currentTarget.value);
              reconcile.reset();
            }}
            error={fields.statement_date?.join('; ')}
          />
          <TextInput
            label="Statement balance"
            inputMode="decimal"
            required
            value={balanceText}
            onChange={(event) => {
              setTypedBalance(event.currentTarget.value);
              reconcile.reset();
            }}
            error={
              fields.statement_balance?.join('; ') ??
              (balanceText.trim() && balance === null
                ? 'Type an amount such as 1250.00 or -42.17'
                : undefined)
            }
            description={
              latest.data?.closing_balance
                ? `Latest statement: ${formatAmount(latest.data.closing_balance, currency)}${latest.data.period_end ? ` on ${formatDate(latest.data.period_end)}` : ''}`
                : 'No imported statement carries a balance: type it.'
            }
          />
        </Group>
        <Group gap="xl" wrap="wrap">
          <Figure label="Opening balance">
            {report.data?.opening_balance ? (
              <Money amount={report.data.opening_balance} currency={currency} />
            ) : (
              <Text size="sm">—</Text>
            )}
          </Figure>
          <Figure label="Cleared balance">
            {cleared ? <Money amount={cleared} currency={currency} strong /> : <Text size="sm">—</Text>}
          </Figure>
          <Figure label="Statement balance">
            {balance !== null ? (
              <Money amount={formatMoney(balance)} currency={currency} strong />
            ) : (
              <Text size="sm">—</Text>
            )}
          </Figure>
          <Figure label="Difference">
            {difference !== null ? (
              <Group gap={6}>
                <Money amount={formatMoney(difference)} currency={currency} strong />
                {difference === 0n ? (
                  <Badge variant="dot" color="teal" size="sm">
                    balanced
                  </Badge>
                ) : null}
              </Group>
            ) : (
              <Text size="sm">—</Text>
            )}
          </Figure>
        </Group>
        <Text size="sm" role="status" fw={difference === 0n ? 600 : undefined}>
          {status}
        </Text>
        <ErrorNotice error={reconcile.error ?? report.error} />
        {reconcile.data ? (
          <Alert color="teal" title="Reconciled" styles={{ title: { color: 'var(--mantine-color-black)' } }}>
            <Text size="sm">
              {reconcile.data.transactions_reconciled} bank line
              {reconcile.data.transactions_reconciled === 1 ? '' : 's'} reconciled through{' '}
              {formatDate(reconcile.data.statement_date)} at{' '}
              <Money amount={reconcile.data.statement_balance} currency={currency} strong />. Their matches no
              longer change.
            </Text>
          </Alert>
        ) : null}
        {books.can.writeBanking ? (
          <Group>
            <Button
              type="submit"
              loading={reconcile.isPending}
              disabled={difference !== 0n || Boolean(reconcile.data)}
            >
              Reconcile through {isDate(date) ? formatDate(date) : 'the date'}
            </Button>
          </Group>
        ) : null}
      </StackedForm>
      {report.data ? <LeftToMatch report={report.data} account={account} currency={currency} /> : null}
      {report.data ? <ReportPanel report={report.data} account={account} currency={currency} /> : null}
      <Section title="Reconciliations of this account">
        <ReadTable
          read={history}
          empty="None yet."
          rows={history.data ?? []}
          rowKey={(r) => r.id}
          minWidth={340}
          dense
          columns={[
            { header: 'Statement date', cell: (r) => formatDate(r.statement_date) },
            { header: 'Lines', cell: (r) => r.transactions_reconciled },
            {
              header: 'Balance',
              align: 'right',
              cell: (r) => <Money amount={r.statement_balance} currency={currency} />,
            },
          ]}
        />
      </Section>
    </Stack>
  );
}

/** The reconciliation report (D76) as of the statement date, with the API's own CSV. */
function ReportPanel({ report, account, currency }: ReportProps) {
  const money = (amount: string | null) =>
    amount === null ? '—' : <Money amount={amount} currency={currency} />;
  return (
    <Section title={`Reconciliation report on ${formatDate(report.as_of)}`}>
      <ReportTable
        name={`bank-reconciliation-${account.number}-${report.as_of}`}
        headers={['Figure', 'Amount']}
        numeric={1}
        minWidth={300}
        rows={[
          {
            cells: [
              `Statement balance${report.statement_date ? ` (${formatDate(report.statement_date)})` : ''}`,
              money(report.statement_balance),
            ],
          },
          { cells: ['Ledger balance', money(report.ledger_balance)] },
          { cells: ['Cleared balance', money(report.cleared_balance)] },
          { cells: ['Difference (statement − cleared)', money(report.difference)], strong: true },
          { cells: ['Unmatched bank lines', `${report.unmatched_bank_transactions.count}`] },
          { cells: ['Unmatched ledger lines', `${report.unmatched_ledger_lines.count}`] },
          {
            cells: [
              'Last reconciled',
              report.last_reconciled_date ? formatDate(report.last_reconciled_date) : 'Never',
            ],
          },
        ]}
        csv={() =>
          api.GET('/api/v1/reports/bank-reconciliation', {
            params: { query: { account: account.id, as_of: report.as_of, format: 'csv' } },
            parseAs: 'blob',
          })
        }
      />
    </Section>
  );
}

export default function Reconcile() {
  const { id = '' } = useParams();
  const books = useBooks();
  const accounts = useBankAccounts();
  if (!books) return null;
  const account = accounts.data?.find((a) => a.id === id);
  if (!account)
    return accounts.isPending ? (
      <Page title="Reconcile">{null}</Page>
    ) : (
      <NoBankAccount error={accounts.error} />
    );
  return (
    <Page title={`Reconcile ${accountLabel(account)}`}>
      <BankTrail account={account}>
        . The cleared balance counts the ledger lines matched to bank lines dated on or before the statement
        date; match or record a line and the difference moves.
      </BankTrail>
      <Reconciler account={account} books={books} key={account.id} />
    </Page>
  );
}
