// One payment of either side on its own page (issue 21): a payment received (`/payments/<id>`) or a
// bill payment (`/bill-payments/<id>`). Its facts (date, party, method, reference, the account the
// money went to or came from), its figures, the documents it was applied to (each a link), its ledger
// entry (and the void's), and what can still be done: apply its credit (D61) or void it (D82).
import { Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { PAYMENT_METHODS } from '../../api/queries/payments.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Figures } from '../../ui/Figures.tsx';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useBooks } from '../shell/books.tsx';
import type { PaymentKind, PostedPayment } from './paymentKind.ts';
import { usePaymentActions } from './usePaymentActions.tsx';

export function PaymentPage<Payment extends PostedPayment>({ kind }: { kind: PaymentKind<Payment> }) {
  const { id = '' } = useParams();
  const books = useBooks();
  const invalidate = useInvalidate();
  const payment = useQuery(kind.one(id));
  const accounts = useAllAccounts();
  const actions = usePaymentActions(kind, books, () => invalidate(kind.written));
  if (!books) return null;
  if (payment.error) return <ErrorNotice error={payment.error} />;
  if (!payment.data) return <Skeleton height={240} />;
  const shown = payment.data;
  const { view } = kind;
  const party = view.party(shown);
  const account = (accounts.data ?? []).find((row) => row.id === view.account(shown));
  const method = PAYMENT_METHODS.find((option) => option.value === shown.method)?.label ?? shown.method;
  const applied = view.applied.rows(shown);
  const withDates = applied.some((row) => row.date !== undefined);
  const entry = (label: string, entryId: string | null) =>
    entryId ? (
      <Anchor component={Link} to={`/journal/${entryId}`}>
        {label}
      </Anchor>
    ) : null;
  return (
    <Page
      title={`${kind.noun} ${shown.number}`}
      actions={
        <>
          {actions.canApply(shown) ? (
            <Button variant="default" onClick={() => actions.apply(shown)}>
              Apply credit
            </Button>
          ) : null}
          {actions.canVoid(shown) ? (
            <Button variant="subtle" color="red" onClick={() => actions.void(shown)}>
              Void
            </Button>
          ) : null}
        </>
      }
    >
      <Group gap="sm">
        <StatusBadge status={shown.status} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`${kind.side.partiesPath}/${party.id}`}>
            {party.name}
          </Anchor>{' '}
          · {formatDate(shown.payment_date)}
          {shown.voided_at ? ` · voided ${formatDate(shown.voided_at)}` : ''}
        </Text>
      </Group>
      <Figures figures={view.figures(shown)} currency={shown.currency} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
        <Fact label="Date">{formatDate(shown.payment_date)}</Fact>
        <Fact label={kind.side.partyLabel}>{party.name}</Fact>
        <Fact label="Method">{method}</Fact>
        <Fact label="Reference">{shown.reference || '—'}</Fact>
        <Fact label={view.accountLabel}>{account ? `${account.number} ${account.name}` : '…'}</Fact>
        <Fact label="Ledger entry">
          {entry('Open the entry', shown.journal_entry) ?? '—'}
          {shown.void_entry ? <> · {entry('its reversal', shown.void_entry)}</> : null}
        </Fact>
        {shown.memo ? <Fact label="Memo">{shown.memo}</Fact> : null}
      </SimpleGrid>
      {view.note?.(shown)}
      <Stack gap={4}>
        <Text fw={600}>{view.applied.header}</Text>
        {applied.length === 0 ? (
          <Text size="sm" c="dimmed">
            {shown.status === 'void' ? 'None: a void takes its applications off.' : 'None.'}
          </Text>
        ) : (
          <DataTable
            rows={applied}
            rowKey={(row) => `${row.id}-${row.date ?? ''}-${row.amount}`}
            minWidth={320}
            label={view.applied.header}
            columns={[
              {
                header: 'Number',
                nowrap: true,
                cell: (row) => (
                  <Anchor component={Link} to={`${view.applied.path}/${row.id}`}>
                    {row.number}
                  </Anchor>
                ),
              },
              withDates && { header: 'Applied', nowrap: true, cell: (row) => formatDate(row.date) },
              {
                header: 'Amount',
                align: 'right',
                cell: (row) => <Money amount={row.amount} currency={shown.currency} />,
              },
            ]}
          />
        )}
      </Stack>
      {actions.dialogs}
    </Page>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}
