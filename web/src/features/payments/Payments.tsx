// Payments received: the list, and "Record payment" applying one payment to several open invoices
// of a customer, with the unapplied rest (the customer's credit) shown before saving, computed with
// the shared money rules (D45). A payment's unapplied amount is applied later, or the payment voided (D61).
import { Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data, type RequestOf, type ResponseOf } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { ApplyAmount } from '../../ui/ApplyAmount.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, formatMoney, parseMoney, readAmount, sumAmounts } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { NEWEST, newestFirst, Pager } from '../../ui/Pager.tsx';
import { Picker, usePickerCheck } from '../../ui/Picker.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useAllAccounts } from '../accounts/Accounts.tsx';
import { useActiveCustomers } from '../customers/useActiveCustomers.ts';
import { type Books, useBooks } from '../shell/books.tsx';
import { ApplyToInvoices } from './ApplyToInvoices.tsx';

type PaymentMethod = RequestOf<'/api/v1/payments-received', 'post'>['method'];
const METHODS = ['ach', 'check', 'card', 'cash', 'wire', 'other'].map((value) => ({
  value,
  label: value.toUpperCase(),
}));
const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);
/** Where a payment may go (D64, D88): Undeposited Funds (deposited later, on Deposits), a bank or cash. */
const DEPOSITS_TO = new Set(['undeposited_funds', 'bank', 'cash']);

function RecordPayment({ books, onDone }: { books: Books; onDone: () => void }) {
  const customers = useActiveCustomers();
  const accounts = useAllAccounts();
  const [customer, setCustomer] = useState<string | null>(null);
  const [depositTo, setDepositTo] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  // "Full" fills the payment's amount with what is applied, until the person types an amount.
  const [amountTyped, setAmountTyped] = useState(false);
  const pickers = usePickerCheck();
  const [paymentDate, setPaymentDate] = useState(today());
  const [method, setMethod] = useState('ach');
  const [reference, setReference] = useState('');
  const [applied, setApplied] = useState<Record<string, string>>({});
  const open = useQuery({
    queryKey: ['invoices', 'open-of', customer],
    enabled: Boolean(customer),
    queryFn: async () =>
      data(
        await api.GET('/api/v1/invoices', {
          params: { query: { customer: customer ?? '', status: 'sent' } },
        }),
      ),
  });
  const applications = Object.entries(applied).filter(([, value]) => value.trim() !== '');
  const total = readAmount(amount);
  const appliedSum = applications.reduce<bigint | null>((sum, [, value]) => {
    const units = readAmount(value);
    return sum === null || units === null ? null : sum + units;
  }, 0n);
  const rest = total !== null && appliedSum !== null ? total - appliedSum : null;
  const places = (accounts.data ?? []).filter(
    (account) => account.is_active && DEPOSITS_TO.has(account.detail_type),
  );
  // Undeposited Funds first and by default: the server's own default (D25).
  const undeposited = places.find((account) => account.detail_type === 'undeposited_funds');
  const goesTo = depositTo ?? undeposited?.id ?? null;
  const record = useMutation({
    mutationFn: async () =>
      data(
        await api.POST('/api/v1/payments-received', {
          body: {
            customer: customer ?? '',
            payment_date: paymentDate,
            amount: amount.trim(),
            method: method as PaymentMethod,
            ...(reference ? { reference } : {}),
            ...(goesTo ? { deposit_to_account: goesTo } : {}),
            applications: applications.map(([invoiceId, value]) => ({
              invoice_id: invoiceId,
              amount: value.trim(),
            })),
          },
        }),
      ),
    onSuccess: (payment) => {
      notify({ color: 'teal', message: `Payment ${payment.number} recorded.` });
      onDone();
    },
  });
  const fields = record.error instanceof ApiError ? record.error.fields : {};
  const invoices = open.data?.results ?? [];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        record.mutate();
      }}
    >
      <Stack gap="sm">
        <ErrorNotice error={record.error} action="record the payment" />
        <Picker
          noun="a customer"
          check={pickers}
          label="Customer"
          required
          data={(customers.data ?? []).map((c) => ({ value: c.id, label: c.display_name }))}
          value={customer}
          onChange={(value) => {
            setCustomer(value);
            setApplied({});
          }}
          error={fields.customer?.join('; ')}
          data-autofocus
        />
        <Group grow wrap="wrap">
          <AmountInput
            label="Amount"
            currency={books.currency}
            required
            value={amount}
            onChange={(e) => {
              setAmount(e.currentTarget.value);
              setAmountTyped(e.currentTarget.value.trim() !== '');
            }}
            error={fields.amount?.join('; ')}
          />
          <TextInput
            label="Payment date"
            type="date"
            required
            value={paymentDate}
            onChange={(e) => setPaymentDate(e.currentTarget.value)}
            error={fields.payment_date?.join('; ')}
          />
        </Group>
        <Group grow wrap="wrap">
          <Select
            label="Method"
            data={METHODS}
            value={method}
            onChange={(value) => value && setMethod(value)}
            allowDeselect={false}
          />
          <TextInput
            label="Reference"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
        </Group>
        <Select
          label="Deposit to"
          description="Undeposited Funds until you take it to the bank (Deposits); or straight into a bank or cash account."
          data={[...places]
            .sort((a, b) => Number(b.id === undeposited?.id) - Number(a.id === undeposited?.id))
            .map((account) => ({ value: account.id, label: `${account.number} ${account.name}` }))}
          value={goesTo}
          onChange={setDepositTo}
          allowDeselect={false}
          error={fields.deposit_to_account?.join('; ')}
        />
        {customer && invoices.length === 0 && open.isSuccess ? (
          <Text size="sm" c="dimmed">
            This customer has no open invoice: the whole payment becomes their credit.
          </Text>
        ) : null}
        {invoices.length > 0 ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th ta="right">Balance due</Table.Th>
                <Table.Th w={200}>Apply</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((invoice, index) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>
                    {invoice.number}
                    <Text size="xs" c="dimmed">
                      due {formatDate(invoice.due_date)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={invoice.balance_due} currency={books.currency} />
                  </Table.Td>
                  <Table.Td>
                    <ApplyAmount
                      label={`Apply to ${invoice.number}`}
                      fullLabel={`Pay ${invoice.number} in full`}
                      currency={books.currency}
                      value={applied[invoice.id] ?? ''}
                      onChange={(text) => setApplied({ ...applied, [invoice.id]: text })}
                      error={fields[`applications/${index}/amount`]?.join('; ')}
                      onFull={() => {
                        const next = { ...applied, [invoice.id]: trimZeros(invoice.balance_due) };
                        setApplied(next);
                        const sum = sumAmounts(Object.values(next));
                        if (!amountTyped && sum !== null) setAmount(trimZeros(formatMoney(sum)));
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <Text size="sm" role="status" c={rest !== null && rest < 0n ? 'red.9' : undefined}>
          {rest === null
            ? 'Enter amounts as numbers to see what is left unapplied.'
            : rest < 0n
              ? `The applications exceed the payment by ${formatMoney(-rest).replace(/\.?0+$/, '')}.`
              : `Unapplied (the customer's credit): `}
          {rest !== null && rest >= 0n ? (
            <Money amount={formatMoney(rest)} currency={books.currency} strong />
          ) : null}
        </Text>
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={record.isPending}
            disabled={!customer || rest === null || rest < 0n || pickers.reason !== null}
          >
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Payment = ResponseOf<'/api/v1/payments-received', 'get', 200>['results'][number];

/** D61: spend a payment's unapplied amount on the customer's open invoices. */
function ApplyCredit({ books, payment, onDone }: { books: Books; payment: Payment; onDone: () => void }) {
  return (
    <ApplyToInvoices
      books={books}
      customer={payment.customer}
      available={payment.unapplied_amount}
      intro={
        <>
          {payment.customer_name} has{' '}
          <Money amount={payment.unapplied_amount} currency={books.currency} strong /> unapplied from{' '}
          {payment.number}.
        </>
      }
      apply={async (applications) => {
        data(
          await api.POST('/api/v1/payments-received/{id}/apply', {
            params: { path: { id: payment.id } },
            body: { applications, version: payment.version },
          }),
        );
      }}
      onDone={() => {
        notify({ color: 'teal', message: `Credit of ${payment.number} applied.` });
        onDone();
      }}
    />
  );
}

export default function Payments() {
  const books = useBooks();
  const queryClient = useQueryClient();
  const [cursor, setCursor] = useState<string>(NEWEST);
  const [recording, dialog] = useDisclosure(false);
  const [applying, setApplying] = useState<Payment | null>(null);
  const [voiding, setVoiding] = useState<Payment | null>(null);
  const refresh = () => {
    for (const key of ['payments', 'invoices', 'customers', 'deposits', 'accounts', 'dashboard'])
      queryClient.invalidateQueries({ queryKey: [key] });
  };
  const voidPayment = useMutation({
    mutationFn: async (payment: Payment) =>
      data(
        await api.POST('/api/v1/payments-received/{id}/void', {
          params: { path: { id: payment.id } },
          body: { version: payment.version },
        }),
      ),
    onSuccess: (payment) => {
      setVoiding(null);
      refresh();
      notify({
        message: `Payment ${payment.number} voided; the invoices it paid are open again.`,
      });
    },
  });
  const list = useQuery({
    queryKey: ['payments', 'list', cursor],
    placeholderData: keepPreviousData,
    queryFn: async () => data(await api.GET('/api/v1/payments-received', { params: { query: { cursor } } })),
  });
  if (!books) return null;
  const rows = newestFirst(list.data?.results ?? []);
  return (
    <Page
      title="Payments"
      actions={
        books.can.writeSales ? (
          <Button size="sm" onClick={dialog.open}>
            Record payment
          </Button>
        ) : null
      }
    >
      <ErrorNotice error={list.error} />
      {list.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payments received yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Applied to</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Unapplied</Table.Th>
                <Table.Th>Status</Table.Th>
                {books.can.writeSales ? <Table.Th>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{payment.number}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{payment.customer_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(payment.payment_date)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {payment.applications.map((a) => a.invoice_number).join(', ')}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={payment.amount} currency={payment.currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={payment.unapplied_amount} currency={payment.currency} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={payment.status} />
                    {payment.deposit ? (
                      <Text size="xs" c="dimmed">
                        deposited
                      </Text>
                    ) : null}
                  </Table.Td>
                  {books.can.writeSales ? (
                    <Table.Td>
                      {payment.status === 'posted' ? (
                        <Group gap={4} wrap="nowrap">
                          {parseMoney(payment.unapplied_amount) > 0n ? (
                            <Button
                              size="compact-xs"
                              variant="default"
                              onClick={() => setApplying(payment)}
                              aria-label={`Apply credit of ${payment.number}`}
                            >
                              Apply credit
                            </Button>
                          ) : null}
                          {payment.deposit ? null : (
                            // D88: a deposited payment is voided after its deposit (Deposits).
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              onClick={() => setVoiding(payment)}
                              aria-label={`Void ${payment.number}`}
                            >
                              Void
                            </Button>
                          )}
                        </Group>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager
        previous={cursorOf(list.data?.previous)}
        next={cursorOf(list.data?.next)}
        onPage={(page) => setCursor(page ?? NEWEST)}
        newestFirst
      />
      <ConfirmDialog
        opened={voiding !== null}
        title={`Void payment ${voiding?.number ?? ''}?`}
        confirm={`Void ${voiding?.number ?? 'payment'}`}
        onConfirm={() => voiding && voidPayment.mutate(voiding)}
        onClose={() => {
          setVoiding(null);
          voidPayment.reset();
        }}
        loading={voidPayment.isPending}
        error={voidPayment.error}
      >
        {voiding ? <VoidPaymentText payment={voiding} /> : null}
      </ConfirmDialog>
      <Modal opened={applying !== null} onClose={() => setApplying(null)} title="Apply credit">
        {applying ? (
          <ApplyCredit
            books={books}
            payment={applying}
            onDone={() => {
              setApplying(null);
              refresh();
            }}
          />
        ) : null}
      </Modal>
      <Modal opened={recording} onClose={dialog.close} title="Record payment" size="lg">
        <RecordPayment
          books={books}
          onDone={() => {
            dialog.close();
            refresh();
          }}
        />
      </Modal>
    </Page>
  );
}

/** What voiding a payment received does (D61), in a bookkeeper's words. */
function VoidPaymentText({ payment }: { payment: Payment }) {
  const paid = payment.applications.map((a) => a.invoice_number).join(', ');
  return (
    <>
      <Text size="sm">
        A reversing entry dated the payment's own date, {formatDate(payment.payment_date)}, takes the{' '}
        {formatAmount(payment.amount, payment.currency)} from {payment.customer_name} out of the books, as if
        it never came in.
      </Text>
      <Text size="sm">
        {payment.applications.length > 1
          ? `The invoices it paid (${paid}) are open again for what it paid on them.`
          : paid
            ? `The invoice it paid, ${paid}, is open again for what it paid on it.`
            : 'It paid no invoice.'}
        {parseMoney(payment.unapplied_amount) > 0n
          ? ` Its unapplied credit of ${formatAmount(payment.unapplied_amount, payment.currency)} goes too.`
          : ''}{' '}
        The payment stays on file marked void; a void cannot be undone.
      </Text>
    </>
  );
}
