// Banking (issue 20, D70-D76): every bank and credit card account as a card with its ledger balance,
// its latest statement's closing balance and the lines still to match, each leading to the account's
// lines and to a statement import. Deposits (D88) and bank rules (D75) are reached from here too.
import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Account } from '../../api/queries/accounts.ts';
import { latestStatementQuery, unmatchedCountQuery } from '../../api/queries/banking.ts';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { type Books, useBooks } from '../shell/books.tsx';
import { accountLabel, bankSignBalance, kindLabel, useBankAccounts } from './bankAccounts.ts';

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="baseline">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div style={{ textAlign: 'right' }}>{children}</div>
    </Group>
  );
}

function AccountCard({ account, books }: { account: Account; books: Books }) {
  const statement = useQuery(latestStatementQuery(account.id));
  const unmatched = useQuery(unmatchedCountQuery(account.id));
  const toMatch = unmatched.data ? `${unmatched.data.count}${unmatched.data.more ? ' or more' : ''}` : null;
  return (
    <Card withBorder padding="md" component="section" aria-label={accountLabel(account)}>
      <Stack gap="xs">
        <div>
          <Anchor
            component={Link}
            to={`/banking/${account.id}`}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {accountLabel(account)}
          </Anchor>
          <Text size="xs" c="dimmed">
            {kindLabel(account)}
          </Text>
        </div>
        <Figure label="Ledger balance">
          <Money amount={bankSignBalance(account)} currency={account.currency || books.currency} strong />
        </Figure>
        <Figure label="Statement balance">
          {statement.isPending ? (
            <Skeleton height={16} width={80} />
          ) : statement.data?.closing_balance ? (
            <>
              <Money amount={statement.data.closing_balance} currency={account.currency || books.currency} />
              <Text size="xs" c="dimmed">
                {statement.data.period_end ? `on ${formatDate(statement.data.period_end)}` : 'latest import'}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No statement yet
            </Text>
          )}
        </Figure>
        <Figure label="Lines to match">
          {toMatch === null ? (
            <Skeleton height={16} width={30} />
          ) : (
            <Text size="sm" fw={unmatched.data?.count ? 700 : undefined}>
              {toMatch}
            </Text>
          )}
        </Figure>
        <ErrorNotice error={statement.error ?? unmatched.error} />
        <Group gap="xs" mt={4}>
          <Button
            component={Link}
            to={`/banking/${account.id}`}
            size="xs"
            variant={unmatched.data?.count ? 'filled' : 'default'}
            aria-label={`${unmatched.data?.count ? 'Match lines' : 'See lines'} of ${accountLabel(account)}`}
          >
            {unmatched.data?.count ? 'Match lines' : 'See lines'}
          </Button>
          <Button
            component={Link}
            to={`/banking/${account.id}/reconcile`}
            size="xs"
            variant="default"
            aria-label={`Reconcile ${accountLabel(account)}`}
          >
            Reconcile
          </Button>
          {books.can.writeBanking ? (
            <Button
              component={Link}
              to={`/banking/${account.id}/import`}
              size="xs"
              variant="default"
              aria-label={`Import statement into ${accountLabel(account)}`}
            >
              Import statement
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

export default function Banking() {
  const books = useBooks();
  const accounts = useBankAccounts();
  if (!books) return null;
  const list = accounts.data ?? [];
  return (
    <Page
      title="Banking"
      actions={
        <>
          <Button component={Link} to="/banking/rules" size="sm" variant="default">
            Bank rules
          </Button>
          <Button component={Link} to="/deposits" size="sm" variant="default">
            Deposits
          </Button>
        </>
      }
    >
      <Text size="sm" c="dimmed">
        Import your bank's statements, then match each line to what the books already hold, or record it.
        Balances are in the bank's sign: money in is positive, a card's debt negative.
      </Text>
      <ErrorNotice error={accounts.error} />
      {accounts.isPending ? <Skeleton height={180} /> : null}
      {accounts.isSuccess && list.length === 0 ? (
        <Text size="sm">
          These books have no bank or credit card account yet. Add one in the{' '}
          <Anchor component={Link} to="/accounts">
            chart of accounts
          </Anchor>{' '}
          with the detail type "bank" or "credit card".
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {list.map((account) => (
          <AccountCard key={account.id} account={account} books={books} />
        ))}
      </SimpleGrid>
    </Page>
  );
}
