// Bill payments (D55): the list (newest first, void a payment to reopen its bills), and "Pay bills":
// one payment from a bank or card account applied in full to open bills of one vendor; its amount is
// the sum of the applications, added with the shared money rules (D45).
import { Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, data, type RequestOf, type ResponseOf } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { ApplyAmount } from '../../ui/ApplyAmount.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, formatMoney, readAmount } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { NEWEST, newestFirst, Pager } from '../../ui/Pager.tsx';
import { Picker, usePickerCheck } from '../../ui/Picker.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useAllAccounts } from '../accounts/Accounts.tsx';
import { trimZeros } from '../invoices/SalesLines.tsx';
import { type Books, useBooks } from '../shell/books.tsx';
import { useActiveVendors } from './useActiveVendors.ts';

type Method = RequestOf<'/api/v1/bill-payments', 'post'>['method'];
type BillPayment = ResponseOf<'/api/v1/bill-payments', 'get', 200>['results'][number];
const METHODS = ['ach', 'check', 'card', 'cash', 'wire', 'other'].map((value) => ({
  value,
  label: value.toUpperCase(),
}));
const PAYS_FROM = new Set(['bank', 'cash', 'credit_card']);

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of ['bill-payments', 'bills', 'vendors', 'accounts', 'dashboard'])
      queryClient.invalidateQueries({ queryKey: [key] });
  };
}

function PayBills({ books, bill, onDone }: { books: Books; bill: string | null; onDone: () => void }) {
  const vendors = useActiveVendors();
  const accounts = useAllAccounts();
  const [vendor, setVendor] = useState<string | null>(null);
  const [paidFrom, setPaidFrom] = useState<string | null>(null);
  const [paymentDate, setPaymentDate] = useState(today());
  const [method, setMethod] = useState('ach');
  const [reference, setReference] = useState('');
  const pickers = usePickerCheck();
  const [applied, setApplied] = useState<Record<string, string>>({});
  const chosen = useQuery({
    queryKey: ['bills', 'one', bill],
    enabled: Boolean(bill),
    queryFn: async () => data(await api.GET('/api/v1/bills/{id}', { params: { path: { id: bill ?? '' } } })),
  });
  // "Pay bill" offers the chosen bill's balance once, when it arrives; a refetch never overwrites
  // what was typed since (state adjusted while rendering, not in an effect).
  const [offered, setOffered] = useState<string | null>(null);
  if (chosen.data && offered !== chosen.data.id) {
    setOffered(chosen.data.id);
    setVendor(chosen.data.vendor);
    setApplied({ [chosen.data.id]: trimZeros(chosen.data.balance_due) });
  }
  const cash = (accounts.data ?? []).filter(
    (account) => account.is_active && PAYS_FROM.has(account.detail_type),
  );
  const from = paidFrom ?? cash[0]?.id ?? null;
  const open = useQuery({
    queryKey: ['bills', 'open-of', vendor],
    enabled: Boolean(vendor),
    queryFn: async () =>
      data(await api.GET('/api/v1/bills', { params: { query: { vendor: vendor ?? '', status: 'open' } } })),
  });
  const applications = Object.entries(applied).filter(([, value]) => value.trim() !== '');
  const total = applications.reduce<bigint | null>((sum, [, value]) => {
    const units = readAmount(value);
    return sum === null || units === null ? null : sum + units;
  }, 0n);
  const pay = useMutation({
    mutationFn: async () =>
      data(
        await api.POST('/api/v1/bill-payments', {
          body: {
            vendor: vendor ?? '',
            payment_date: paymentDate,
            amount: total === null ? '' : formatMoney(total),
            method: method as Method,
            ...(reference ? { reference } : {}),
            paid_from_account: from ?? '',
            applications: applications.map(([billId, value]) => ({ bill_id: billId, amount: value.trim() })),
          },
        }),
      ),
    onSuccess: (payment) => {
      notify({ color: 'teal', message: `Payment ${payment.number} recorded.` });
      onDone();
    },
  });
  const fields = pay.error instanceof ApiError ? pay.error.fields : {};
  const bills = open.data?.results ?? [];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        pay.mutate();
      }}
    >
      <Stack gap="sm">
        <ErrorNotice error={pay.error} action="record the bill payment" />
        <Picker
          noun="a vendor"
          check={pickers}
          label="Vendor"
          required
          data={(vendors.data ?? []).map((v) => ({ value: v.id, label: v.display_name }))}
          value={vendor}
          onChange={(value) => {
            setVendor(value);
            setApplied({});
          }}
          error={fields.vendor?.join('; ')}
          data-autofocus
        />
        <Group grow wrap="wrap">
          <Select
            label="Paid from account"
            required
            data={cash.map((account) => ({ value: account.id, label: `${account.number} ${account.name}` }))}
            value={from}
            onChange={setPaidFrom}
            allowDeselect={false}
            error={fields.paid_from_account?.join('; ')}
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
            onChange={(v) => v && setMethod(v)}
            allowDeselect={false}
          />
          <TextInput
            label="Reference"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
        </Group>
        {vendor && open.isSuccess && bills.length === 0 ? (
          <Text size="sm" c="dimmed">
            This vendor has no open bill to pay.
          </Text>
        ) : null}
        {bills.length > 0 ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Bill</Table.Th>
                <Table.Th ta="right">Balance due</Table.Th>
                <Table.Th w={200}>Pay</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bills.map((row, index) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    {row.number}
                    <Text size="xs" c="dimmed">
                      {row.vendor_reference ? `${row.vendor_reference} · ` : ''}due {formatDate(row.due_date)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={row.balance_due} currency={books.currency} />
                  </Table.Td>
                  <Table.Td>
                    <ApplyAmount
                      label={`Pay on ${row.number}`}
                      fullLabel={`Pay ${row.number} in full`}
                      currency={books.currency}
                      value={applied[row.id] ?? ''}
                      onChange={(text) => setApplied({ ...applied, [row.id]: text })}
                      error={fields[`applications/${index}/amount`]?.join('; ')}
                      onFull={() => setApplied({ ...applied, [row.id]: trimZeros(row.balance_due) })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <Text size="sm" role="status">
          {total === null ? 'Enter amounts as numbers to see the payment’s total.' : 'Payment amount: '}
          {total !== null ? <Money amount={formatMoney(total)} currency={books.currency} strong /> : null}
        </Text>
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={pay.isPending}
            disabled={!vendor || !from || total === null || total <= 0n || pickers.reason !== null}
          >
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function BillPayments() {
  const books = useBooks();
  const refresh = useRefresh();
  const [params, setParams] = useSearchParams();
  const [cursor, setCursor] = useState<string>(NEWEST);
  const [paying, setPaying] = useState(params.has('pay'));
  const [voiding, setVoiding] = useState<BillPayment | null>(null);
  const voidPayment = useMutation({
    mutationFn: async (payment: BillPayment) =>
      data(
        await api.POST('/api/v1/bill-payments/{id}/void', {
          params: { path: { id: payment.id } },
          body: { version: payment.version },
        }),
      ),
    onSuccess: (payment) => {
      setVoiding(null);
      refresh();
      notify({ message: `Payment ${payment.number} voided; the bills it paid are open again.` });
    },
  });
  const list = useQuery({
    queryKey: ['bill-payments', 'list', cursor],
    placeholderData: keepPreviousData,
    queryFn: async () => data(await api.GET('/api/v1/bill-payments', { params: { query: { cursor } } })),
  });
  if (!books) return null;
  const canWrite = books.can.writeBooks;
  const rows = newestFirst(list.data?.results ?? []);
  const close = () => {
    setPaying(false);
    setParams({});
  };
  return (
    <Page
      title="Bill payments"
      actions={
        canWrite ? (
          <Button size="sm" onClick={() => setPaying(true)}>
            Pay bills
          </Button>
        ) : null
      }
    >
      <ErrorNotice error={list.error} />
      {list.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No bill payments yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Vendor</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Bills paid</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                {canWrite ? <Table.Th>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{payment.number}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{payment.vendor_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(payment.payment_date)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {payment.applications.map((a) => a.bill_number).join(', ')}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={payment.amount} currency={payment.currency} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={payment.status} />
                  </Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      {payment.status === 'posted' ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setVoiding(payment)}
                          aria-label={`Void ${payment.number}`}
                        >
                          Void
                        </Button>
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
        title={`Void bill payment ${voiding?.number ?? ''}?`}
        confirm={`Void ${voiding?.number ?? 'payment'}`}
        onConfirm={() => voiding && voidPayment.mutate(voiding)}
        onClose={() => {
          setVoiding(null);
          voidPayment.reset();
        }}
        loading={voidPayment.isPending}
        error={voidPayment.error}
      >
        {voiding ? (
          <Text size="sm">
            A reversing entry dated the payment's own date, {formatDate(voiding.payment_date)}, puts the{' '}
            {formatAmount(voiding.amount, voiding.currency)} paid to {voiding.vendor_name} out of the books,
            as if it was never paid. {billsPaid(voiding)} The payment stays on file marked void; a void cannot
            be undone.
          </Text>
        ) : null}
      </ConfirmDialog>
      <Modal opened={paying} onClose={close} title="Pay bills" size="lg">
        <PayBills
          books={books}
          bill={params.get('pay')}
          onDone={() => {
            close();
            refresh();
          }}
        />
      </Modal>
    </Page>
  );
}

/** Which bills a voided payment opens again, in one sentence. */
function billsPaid(payment: BillPayment): string {
  const numbers = payment.applications.map((a) => a.bill_number);
  return numbers.length === 1
    ? `The bill it paid, ${numbers[0]}, is open and owed again.`
    : `The bills it paid (${numbers.join(', ')}) are open and owed again.`;
}
