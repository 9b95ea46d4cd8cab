// What the screens of one bank account (/banking/:id, its import and its reconciliation) share: the
// page for an address that names no active bank or card account, the trail back to Banking and the
// account, and the bank line a dialog acts on (Find and match, Record it).
import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BankTransaction } from '../../api/queries/banking.ts';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { accountLabel } from './bankAccounts.ts';

export function NoBankAccount({ error }: { error: unknown }) {
  return (
    <Page title="Bank account not found">
      <ErrorNotice error={error} />
      <Text size="sm">
        There is no active bank or credit card account at this address.{' '}
        <Anchor component={Link} to="/banking">
          Back to Banking
        </Anchor>
      </Text>
    </Page>
  );
}

/** "Banking · 1000 Business Checking" and what the screen says after it. */
export function BankTrail({
  account,
  children,
}: {
  account: { id: string; number: string; name: string };
  children: ReactNode;
}) {
  return (
    <Text size="sm" c="dimmed">
      <Anchor component={Link} to="/banking" size="sm">
        Banking
      </Anchor>{' '}
      ·{' '}
      <Anchor component={Link} to={`/banking/${account.id}`} size="sm">
        {accountLabel(account)}
      </Anchor>
      {children}
    </Text>
  );
}

/** What a dialog on one bank line (Find and match, Record it) is given. */
export interface BankLineDialogProps {
  line: BankTransaction;
  currency: string;
  onDone: () => void;
}

/** The bank line a dialog acts on: its description (or payee), date and amount. */
export function BankLineHeading({
  line,
  currency,
}: {
  line: { description?: string | null; payee?: string | null; date: string; amount: string };
  currency: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {line.description || line.payee || 'Bank line'}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDate(line.date)}
        </Text>
      </div>
      <Money amount={line.amount} currency={currency} strong />
    </Group>
  );
}
