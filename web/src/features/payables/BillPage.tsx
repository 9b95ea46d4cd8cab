// One bill (D54). A draft (or a new one) is an editor with lines priced by the invoice rules (shared
// with the server, D45); "Open" posts it (Dr the lines and tax, Cr Accounts Payable) and brings an
// inventory item's stock in. An open bill is paid from the bill payments screen, or voided while
// nothing is paid on it.
import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, data, type ResponseOf } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, parseMoney } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { Picker } from '../../ui/Picker.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { SalesLinesGrid, SalesLinesTable, useSalesLines } from '../invoices/SalesLines.tsx';
import { type Books, useBooks } from '../shell/books.tsx';
import { useActiveVendors } from './useActiveVendors.ts';

type Bill = ResponseOf<'/api/v1/bills/{id}', 'get', 200>;

/** A bill's stored lines in the shape the shared line editor keeps (its price is the unit cost). */
const asEditorLines = (bill: Bill | undefined) =>
  bill?.lines.map((line) => ({ ...line, unit_price: line.unit_cost, income_account: line.account }));

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of ['bills', 'vendors', 'items', 'bill-payments', 'dashboard'])
      queryClient.invalidateQueries({ queryKey: [key] });
  };
}

export default function BillPage() {
  const { id = 'new' } = useParams();
  const books = useBooks();
  const bill = useQuery({
    queryKey: ['bills', 'one', id],
    enabled: id !== 'new',
    queryFn: async () => data(await api.GET('/api/v1/bills/{id}', { params: { path: { id } } })),
  });
  if (!books) return null;
  if (id === 'new') return <BillEditor books={books} />;
  if (bill.error) return <ErrorNotice error={bill.error} />;
  if (!bill.data) return <Skeleton height={240} />;
  if (bill.data.status === 'draft' && books.can.writeBooks)
    return <BillEditor books={books} bill={bill.data} key={bill.data.version} />;
  return <BillView books={books} bill={bill.data} key={bill.data.id} />;
}

function BillEditor({ books, bill }: { books: Books; bill?: Bill }) {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [search] = useSearchParams();
  const vendors = useActiveVendors();
  const editor = useSalesLines(books, asEditorLines(bill), 'purchase');
  const [vendor, setVendor] = useState<string | null>(bill?.vendor ?? search.get('vendor'));
  const [reference, setReference] = useState(bill?.vendor_reference ?? '');
  const [billDate, setBillDate] = useState(bill?.bill_date ?? today());
  const [dueDate, setDueDate] = useState(bill?.due_date ?? '');
  const [memo, setMemo] = useState(bill?.memo ?? '');
  const [confirmingVoid, voidDialog] = useDisclosure(false);
  const body = () => ({
    vendor: vendor ?? '',
    vendor_reference: reference,
    bill_date: billDate,
    ...(dueDate ? { due_date: dueDate } : {}),
    memo,
    lines: editor.purchaseBody(),
  });
  const save = useMutation({
    mutationFn: async (open: boolean) => {
      const saved = bill
        ? data(
            await api.PATCH('/api/v1/bills/{id}', {
              params: { path: { id: bill.id } },
              body: { ...body(), version: bill.version },
            }),
          )
        : data(await api.POST('/api/v1/bills', { body: body() }));
      if (!open) return saved;
      return data(
        await api.POST('/api/v1/bills/{id}/open', {
          params: { path: { id: saved.id } },
          body: { version: saved.version },
        }),
      );
    },
    onSuccess: (saved, open) => {
      refresh();
      notify({
        color: 'teal',
        message: open ? `Bill ${saved.number} opened and posted.` : `Draft bill ${saved.number} saved.`,
      });
      navigate(`/bills/${saved.id}`, { replace: true });
    },
  });
  // D23 for bills: a draft is voided with no ledger effect; its number stays used (numbers are gapless).
  const voidDraft = useMutation({
    mutationFn: async () => {
      if (bill)
        data(
          await api.POST('/api/v1/bills/{id}/void', {
            params: { path: { id: bill.id } },
            body: { version: bill.version },
          }),
        );
    },
    onSuccess: () => {
      refresh();
      notify({ message: `Draft bill ${bill?.number} voided.` });
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  return (
    <Page title={bill ? `Draft bill ${bill.number}` : 'New bill'}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Picker
          noun="a vendor"
          check={editor.pickers}
          label="Vendor"
          required
          placeholder={vendors.data?.length === 0 ? 'Create a vendor first' : 'Choose a vendor'}
          data={(vendors.data ?? []).map((v) => ({ value: v.id, label: v.display_name }))}
          value={vendor}
          onChange={setVendor}
          error={fields.vendor?.join('; ')}
          w={{ base: '100%', xs: 280 }}
        />
        <TextInput
          label="Vendor reference"
          placeholder="Their invoice number"
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          error={fields.vendor_reference?.join('; ')}
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          label="Bill date"
          type="date"
          value={billDate}
          onChange={(e) => setBillDate(e.currentTarget.value)}
          error={fields.bill_date?.join('; ')}
          w={180}
        />
        <TextInput
          label="Due date"
          type="date"
          description="Empty: from the vendor's terms"
          value={dueDate}
          onChange={(e) => setDueDate(e.currentTarget.value)}
          error={fields.due_date?.join('; ')}
          w={180}
        />
      </Group>
      <TextInput label="Memo" value={memo} onChange={(e) => setMemo(e.currentTarget.value)} />
      <ErrorNotice
        error={save.error}
        action={save.variables ? 'open the bill' : 'save the draft bill'}
        onReload={() => navigate(0)}
      />
      <SalesLinesGrid books={books} editor={editor} fields={fields} withItems />
      <Group justify="flex-end" gap="xs">
        {bill ? (
          <Button variant="subtle" color="red" onClick={voidDialog.open}>
            Void draft
          </Button>
        ) : null}
        <Button
          variant="default"
          onClick={() => save.mutate(false)}
          loading={save.isPending && !save.variables}
          disabled={editor.pickers.reason !== null}
        >
          Save draft
        </Button>
        <Button
          onClick={() => save.mutate(true)}
          loading={save.isPending && save.variables}
          disabled={!editor.totals || !vendor || editor.pickers.reason !== null}
        >
          Open
        </Button>
      </Group>
      {bill ? (
        <ConfirmDialog
          opened={confirmingVoid}
          title={`Void draft bill ${bill.number}?`}
          confirm={`Void ${bill.number}`}
          onConfirm={() => voidDraft.mutate()}
          onClose={() => {
            voidDialog.close();
            voidDraft.reset();
          }}
          loading={voidDraft.isPending}
          error={voidDraft.error}
        >
          <Text size="sm">
            The draft is marked void and kept on file; it never reached the books, so nothing you owe changes.
            Its number {bill.number} stays used so the numbering has no gap. Unsaved changes on this page are
            lost.
          </Text>
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}

function BillView({ books, bill }: { books: Books; bill: Bill }) {
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [confirmingVoid, voidDialog] = useDisclosure(false);
  const voidIt = useMutation({
    mutationFn: async () =>
      data(
        await api.POST('/api/v1/bills/{id}/void', {
          params: { path: { id: bill.id } },
          body: { version: bill.version },
        }),
      ),
    onSuccess: () => {
      voidDialog.close();
      refresh();
      notify({ message: `Bill ${bill.number} voided.` });
    },
  });
  const payments = useQuery({
    queryKey: ['bill-payments', 'of-vendor', bill.vendor],
    queryFn: async () =>
      data(await api.GET('/api/v1/bill-payments', { params: { query: { vendor: bill.vendor } } })),
  });
  const paidBy = (payments.data?.results ?? []).flatMap((payment) =>
    payment.applications
      .filter((application) => application.bill_id === bill.id)
      .map((application) => ({ payment, amount: application.amount })),
  );
  const canWrite = books.can.writeBooks;
  const nothingPaid = parseMoney(bill.amount_paid) === 0n;
  return (
    <Page
      title={`Bill ${bill.number}`}
      actions={
        <>
          {canWrite && bill.status === 'open' ? (
            <Button onClick={() => navigate(`/bill-payments?pay=${bill.id}`)}>Pay bill</Button>
          ) : null}
          {canWrite && bill.status === 'open' && nothingPaid ? (
            <Button variant="subtle" color="red" onClick={voidDialog.open}>
              Void
            </Button>
          ) : null}
        </>
      }
    >
      <Group gap="sm">
        <StatusBadge status={bill.status} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`/vendors/${bill.vendor}`}>
            {bill.vendor_name}
          </Anchor>
          {bill.vendor_reference ? ` · ref. ${bill.vendor_reference}` : ''} · {formatDate(bill.bill_date)},
          due {formatDate(bill.due_date)}
          {bill.days_overdue > 0 ? ` (${bill.days_overdue} days overdue)` : ''}
          {bill.memo ? ` · ${bill.memo}` : ''}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Total" amount={bill.total} currency={bill.currency} />
        <Figure label="Paid" amount={bill.amount_paid} currency={bill.currency} />
        <Figure label="Balance due" amount={bill.balance_due} currency={bill.currency} />
      </SimpleGrid>
      <SalesLinesTable lines={asEditorLines(bill) ?? []} currency={bill.currency} priceLabel="Unit cost" />
      <Text fw={600}>Payments</Text>
      {paidBy.length === 0 ? (
        <Text size="sm" c="dimmed">
          {bill.status === 'open' ? 'Nothing paid yet.' : 'No payment applied.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payment</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paidBy.map(({ payment, amount }) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>{payment.number}</Table.Td>
                  <Table.Td>{formatDate(payment.payment_date)}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={amount} currency={bill.currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={confirmingVoid}
        title={`Void bill ${bill.number}?`}
        confirm={`Void ${bill.number}`}
        onConfirm={() => voidIt.mutate()}
        onClose={() => {
          voidDialog.close();
          voidIt.reset();
        }}
        loading={voidIt.isPending}
        error={voidIt.error}
      >
        <Text size="sm">
          A reversing entry dated today (or the bill date, if that is later) takes the bill out of the books:
          you no longer owe {bill.vendor_name} its {formatAmount(bill.total, bill.currency)}, and any stocked
          items it bought leave stock again at their cost (refused if that would leave an item below zero).
        </Text>
        <Text size="sm">
          The bill stays on file marked void and its number stays used. A void cannot be undone.
        </Text>
      </ConfirmDialog>
    </Page>
  );
}

function Figure({ label, amount, currency }: { label: string; amount: string; currency: string }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Money amount={amount} currency={currency} strong />
    </Card>
  );
}
