// Deposits (D88): payments received into Undeposited Funds taken to the bank together. The list
// (newest first), "New deposit" (a bank account, a date, the undeposited payments ticked with their
// total shown before posting, added with the shared money rules, D45) and void behind a confirmation
// that names the deposit: its payments go back to Undeposited Funds.
import { Button, Checkbox, Group, Modal, Select, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data, type ResponseOf } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { useRecordAction } from '../../api/hooks/useRecordAction.ts';
import { depositsQuery, undepositedPaymentsQuery } from '../../api/queries/deposits.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { voidColumn } from '../../ui/columns.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { formatMoney, parseMoney } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { StackedForm } from '../../ui/StackedForm.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useNewestFirst } from '../../ui/useNewestFirst.ts';
import { type Books, useBooks } from '../shell/books.tsx';

type Deposit = ResponseOf<'/api/v1/deposits', 'get', 200>['results'][number];
type Payment = ResponseOf<'/api/v1/payments-received', 'get', 200>['results'][number];

/** What a deposit changes: its list, the payments it takes, the balances of the two accounts. */
function useRefresh() {
  const invalidate = useInvalidate();
  return () => invalidate('deposits');
}

/** A payment's number, its method and reference, and the refusal of it if any. */
function PaymentToDeposit({ payment, error }: { payment: Payment; error: string | undefined }) {
  return (
    <>
      {payment.number}
      {payment.reference ? (
        <Text size="xs" c="dimmed">
          {payment.method.toUpperCase()} {payment.reference}
        </Text>
      ) : null}
      {error ? (
        <Text size="xs" c="red.9">
          {error}
        </Text>
      ) : null}
    </>
  );
}

function NewDeposit({ books, onDone }: { books: Books; onDone: () => void }) {
  const accounts = useAllAccounts();
  const [bank, setBank] = useState<string | null>(null);
  const [date, setDate] = useState(today());
  const [memo, setMemo] = useState('');
  // Ticked payments by id, kept across pages of the undeposited list.
  const [ticked, setTicked] = useState<Map<string, Payment>>(new Map());
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const undeposited = useQuery(undepositedPaymentsQuery(cursor));
  // D70, D88: a deposit goes to a bank account.
  const banks = (accounts.data ?? []).filter((a) => a.is_active && a.detail_type === 'bank');
  const to = bank ?? banks[0]?.id ?? null;
  const payments = undeposited.data?.results ?? [];
  const chosen = [...ticked.values()];
  const total = chosen.reduce((sum, payment) => sum + parseMoney(payment.amount), 0n);
  const post = useMutation({
    mutationFn: async () =>
      data(
        await api.POST('/api/v1/deposits', {
          body: {
            deposit_to_account: to ?? '',
            date,
            payments: chosen.map((payment) => payment.id),
            ...(memo.trim() ? { memo: memo.trim() } : {}),
          },
        }),
      ),
    onSuccess: (deposit) => {
      notify({ color: 'teal', message: `Deposit ${deposit.number} posted.` });
      onDone();
    },
  });
  const fields = post.error instanceof ApiError ? post.error.fields : {};
  const toggle = (payment: Payment, on: boolean) => {
    const next = new Map(ticked);
    if (on) next.set(payment.id, payment);
    else next.delete(payment.id);
    setTicked(next);
  };
  const tickAll = (on: boolean) => {
    const next = new Map(ticked);
    for (const payment of payments) {
      if (on) next.set(payment.id, payment);
      else next.delete(payment.id);
    }
    setTicked(next);
  };
  const allTicked = payments.length > 0 && payments.every((payment) => ticked.has(payment.id));
  /** The API's refusal of a ticked payment (`payments/<index>` of those sent). */
  const paymentError = (payment: Payment) => {
    const index = chosen.findIndex((c) => c.id === payment.id);
    return index >= 0 ? fields[`payments/${index}`]?.join('; ') : undefined;
  };
  return (
    <StackedForm onSubmit={() => post.mutate()}>
      <ErrorNotice error={post.error ?? undeposited.error} />
      <Group grow wrap="wrap">
        <Select
          label="Bank account"
          required
          data={banks.map((account) => ({ value: account.id, label: `${account.number} ${account.name}` }))}
          value={to}
          onChange={setBank}
          allowDeselect={false}
          error={fields.deposit_to_account?.join('; ')}
          data-autofocus
        />
        <DateField label="Date" required value={date} onChange={setDate} error={fields.date?.join('; ')} />
      </Group>
      <TextInput
        label="Memo"
        value={memo}
        onChange={(e) => setMemo(e.currentTarget.value)}
        maxLength={4000}
      />
      {undeposited.isSuccess && payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payments are waiting in Undeposited Funds.
        </Text>
      ) : null}
      {payments.length > 0 ? (
        <DataTable
          rows={payments}
          rowKey={(payment) => payment.id}
          minWidth={480}
          striped={false}
          columns={[
            {
              header: (
                <Checkbox
                  aria-label="Tick every payment"
                  checked={allTicked}
                  indeterminate={payments.some((payment) => ticked.has(payment.id)) && !allTicked}
                  onChange={(e) => tickAll(e.currentTarget.checked)}
                />
              ),
              w: 40,
              cell: (payment) => (
                <Checkbox
                  aria-label={`Deposit ${payment.number}`}
                  checked={ticked.has(payment.id)}
                  onChange={(e) => toggle(payment, e.currentTarget.checked)}
                />
              ),
            },
            {
              header: 'Payment',
              nowrap: true,
              cell: (payment) => <PaymentToDeposit payment={payment} error={paymentError(payment)} />,
            },
            { header: 'Customer', breaks: true, cell: (payment) => payment.customer_name },
            { header: 'Received', nowrap: true, cell: (payment) => formatDate(payment.payment_date) },
            {
              header: 'Amount',
              align: 'right',
              cell: (payment) => <Money amount={payment.amount} currency={payment.currency} />,
            },
          ]}
        />
      ) : null}
      <Pager
        previous={cursorOf(undeposited.data?.previous)}
        next={cursorOf(undeposited.data?.next)}
        onPage={(page) => setCursor(page ?? undefined)}
      />
      {fields.payments ? (
        <Text size="sm" c="red.9">
          {fields.payments.join('; ')}
        </Text>
      ) : null}
      <Text size="sm" role="status">
        {chosen.length} payment{chosen.length === 1 ? '' : 's'} ticked, total{' '}
        <Money amount={formatMoney(total)} currency={books.currency} strong />
      </Text>
      <Group justify="flex-end">
        <Button type="submit" loading={post.isPending} disabled={!to || chosen.length === 0}>
          Post deposit
        </Button>
      </Group>
    </StackedForm>
  );
}

export default function Deposits() {
  const books = useBooks();
  const refresh = useRefresh();
  const [making, setMaking] = useState(false);
  const [voiding, setVoiding] = useState<Deposit | null>(null);
  const list = useNewestFirst(depositsQuery);
  const voidDeposit = useRecordAction('/api/v1/deposits/{id}/void', 'deposits', (deposit) => {
    setVoiding(null);
    notify({ message: `Deposit ${deposit.number} voided; its payments are back in Undeposited Funds.` });
  });
  if (!books) return null;
  const canWrite = books.can.writeSales;
  return (
    <Page title="Deposits" create={canWrite && { label: 'New deposit', onClick: () => setMaking(true) }}>
      <PagedTable
        {...list.table}
        empty="No deposits yet. Payments recorded to Undeposited Funds wait here until you take them to the bank."
        rowKey={(deposit) => deposit.id}
        minWidth={760}
        columns={[
          { header: 'Number', nowrap: true, cell: (deposit) => deposit.number },
          { header: 'Date', nowrap: true, cell: (deposit) => formatDate(deposit.date) },
          { header: 'Bank account', breaks: true, cell: (deposit) => deposit.deposit_to_account_name },
          {
            header: 'Payments',
            breaks: true,
            cell: (deposit) => deposit.payments.map((p) => p.payment_number).join(', '),
          },
          {
            header: 'Amount',
            align: 'right',
            cell: (deposit) => <Money amount={deposit.amount} currency={deposit.currency} />,
          },
          { header: 'Status', cell: (deposit) => <StatusBadge status={deposit.status} /> },
          voidColumn<Deposit>(canWrite, setVoiding),
        ]}
      />
      <Modal opened={making} onClose={() => setMaking(false)} title="New deposit" size="lg">
        {making ? (
          <NewDeposit
            books={books}
            onDone={() => {
              setMaking(false);
              refresh();
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={voiding !== null}
        title={`Void deposit ${voiding?.number ?? ''}?`}
        confirm={`Void ${voiding?.number ?? 'deposit'}`}
        onConfirm={() => voiding && voidDeposit.mutate(voiding)}
        onClose={() => setVoiding(null)}
        mutation={voidDeposit}
      >
        {voiding ? (
          <Text size="sm">
            Deposit {voiding.number} of <Money amount={voiding.amount} currency={voiding.currency} strong />{' '}
            to {voiding.deposit_to_account_name} will be reversed on {formatDate(voiding.date)}. Its{' '}
            {voiding.payments.length} payment{voiding.payments.length === 1 ? '' : 's'} go back to Undeposited
            Funds, ready for another deposit.
          </Text>
        ) : null}
      </ConfirmDialog>
    </Page>
  );
}
