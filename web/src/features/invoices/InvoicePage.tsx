// One invoice. A draft (or a new invoice) is an editor with lines whose totals come from the
// server's own invoice rules before saving (D45); then send, email, void, and record a payment.
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api, data, type RequestOf, type ResponseOf } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDate, today } from '../../ui/dates.ts';
import { downloadBlob } from '../../ui/download.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, parseMoney } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { Picker } from '../../ui/Picker.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useActiveCustomers } from '../customers/useActiveCustomers.ts';
import { type Books, useBooks } from '../shell/books.tsx';
import { SalesLinesGrid, SalesLinesTable, trimZeros, useSalesLines } from './SalesLines.tsx';

type Invoice = ResponseOf<'/api/v1/invoices/{id}', 'get', 200>;
type PaymentMethod = RequestOf<'/api/v1/payments-received', 'post'>['method'];

export default function InvoicePage() {
  const { id = 'new' } = useParams();
  const books = useBooks();
  const invoice = useQuery({
    queryKey: ['invoices', 'one', id],
    enabled: id !== 'new',
    queryFn: async () => data(await api.GET('/api/v1/invoices/{id}', { params: { path: { id } } })),
  });
  if (!books) return null;
  if (id === 'new') return <InvoiceEditor books={books} />;
  if (invoice.error) return <ErrorNotice error={invoice.error} />;
  if (!invoice.data) return <Skeleton height={240} />;
  if (invoice.data.status === 'draft' && books.can.writeSales)
    return <InvoiceEditor books={books} invoice={invoice.data} key={invoice.data.version} />;
  return <InvoiceView books={books} invoice={invoice.data} key={invoice.data.id} />;
}

function InvoiceEditor({ books, invoice }: { books: Books; invoice?: Invoice }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customers = useActiveCustomers();
  const editor = useSalesLines(books, invoice?.lines);
  const { totals } = editor;
  const [customer, setCustomer] = useState<string | null>(invoice?.customer ?? null);
  const [issueDate, setIssueDate] = useState(invoice?.issue_date ?? today());
  const [memo, setMemo] = useState(invoice?.memo ?? '');
  const [confirmingVoid, voidDialog] = useDisclosure(false);

  const body = () => ({
    customer: customer ?? '',
    issue_date: issueDate,
    memo,
    lines: editor.body(),
  });
  const save = useMutation({
    mutationFn: async (send: boolean) => {
      const saved = invoice
        ? data(
            await api.PATCH('/api/v1/invoices/{id}', {
              params: { path: { id: invoice.id } },
              body: { ...body(), version: invoice.version },
            }),
          )
        : data(await api.POST('/api/v1/invoices', { body: body() }));
      if (!send) return saved;
      return data(
        await api.POST('/api/v1/invoices/{id}/send', {
          params: { path: { id: saved.id } },
          body: { version: saved.version },
        }),
      );
    },
    onSuccess: (saved, send) => {
      queryClient.invalidateQueries({ queryKey: ['invoices'] });
      // A sale or its void moves inventory items' stock (D49).
      queryClient.invalidateQueries({ queryKey: ['items'] });
      queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      queryClient.invalidateQueries({ queryKey: ['customers'] });
      notify({
        color: 'teal',
        message: send ? `Invoice ${saved.number} sent.` : `Draft ${saved.number} saved.`,
      });
      navigate(`/invoices/${saved.id}`, { replace: true });
    },
  });
  const voidDraft = useMutation({
    mutationFn: async () =>
      invoice &&
      data(
        await api.POST('/api/v1/invoices/{id}/void', {
          params: { path: { id: invoice.id } },
          body: { version: invoice.version },
        }),
      ),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['invoices'] });
      // A sale or its void moves inventory items' stock (D49).
      queryClient.invalidateQueries({ queryKey: ['items'] });
      navigate('/invoices');
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};

  return (
    <Page title={invoice ? `Draft invoice ${invoice.number}` : 'New invoice'}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Picker
          noun="a customer"
          check={editor.pickers}
          label="Customer"
          required
          placeholder={customers.data?.length === 0 ? 'Create a customer first' : 'Choose a customer'}
          data={(customers.data ?? []).map((c) => ({ value: c.id, label: c.display_name }))}
          value={customer}
          onChange={setCustomer}
          error={fields.customer?.join('; ')}
          w={{ base: '100%', xs: 280 }}
        />
        <TextInput
          label="Issue date"
          type="date"
          value={issueDate}
          onChange={(e) => setIssueDate(e.currentTarget.value)}
          error={fields.issue_date?.join('; ')}
          w={180}
        />
        <TextInput
          label="Memo"
          value={memo}
          onChange={(e) => setMemo(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
      </Group>
      <ErrorNotice
        error={save.error}
        action={save.variables ? 'send the invoice' : 'save the draft invoice'}
        onReload={() => navigate(0)}
      />
      <SalesLinesGrid books={books} editor={editor} fields={fields} withItems />
      <Group justify="space-between">
        {invoice ? (
          <Button variant="subtle" color="red" onClick={voidDialog.open}>
            Void draft
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
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
            disabled={!totals || !customer || editor.pickers.reason !== null}
          >
            Send
          </Button>
        </Group>
      </Group>
      {invoice ? (
        <ConfirmDialog
          opened={confirmingVoid}
          title={`Void draft invoice ${invoice.number}?`}
          confirm={`Void ${invoice.number}`}
          onConfirm={() => voidDraft.mutate()}
          onClose={() => {
            voidDialog.close();
            voidDraft.reset();
          }}
          loading={voidDraft.isPending}
          error={voidDraft.error}
        >
          <Text size="sm">
            The draft is marked void and kept on file; it never reached the books, so no balance changes. Its
            number {invoice.number} stays used so the numbering has no gap. Unsaved changes on this page are
            lost.
          </Text>
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}

function InvoiceView({ books, invoice }: { books: Books; invoice: Invoice }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paying, payDialog] = useDisclosure(false);
  const [confirmingVoid, voidDialog] = useDisclosure(false);
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: ['invoices'] });
    // A sale or its void moves inventory items' stock (D49).
    queryClient.invalidateQueries({ queryKey: ['items'] });
    queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    queryClient.invalidateQueries({ queryKey: ['customers'] });
  };
  const voidIt = useMutation({
    mutationFn: async () =>
      data(
        await api.POST('/api/v1/invoices/{id}/void', {
          params: { path: { id: invoice.id } },
          body: { version: invoice.version },
        }),
      ),
    onSuccess: () => {
      voidDialog.close();
      refresh();
      notify({ message: `Invoice ${invoice.number} voided.` });
    },
  });
  const email = useMutation({
    mutationFn: async () =>
      data(
        await api.POST('/api/v1/invoices/{id}/email', {
          params: { path: { id: invoice.id } },
          body: { version: invoice.version },
        }),
      ),
    onSuccess: () => {
      refresh();
      queryClient.invalidateQueries({ queryKey: ['invoice-emails', invoice.id] });
      notify({
        color: 'teal',
        message: books.mode === 'sandbox' ? 'Email recorded (sandbox books never send).' : 'Email queued.',
      });
    },
  });
  const emails = useQuery({
    queryKey: ['invoice-emails', invoice.id],
    queryFn: async () =>
      data(await api.GET('/api/v1/invoices/{id}/emails', { params: { path: { id: invoice.id } } })),
  });
  const pdf = useMutation({
    mutationFn: async () => {
      const result = await api.GET('/api/v1/invoices/{id}/pdf', {
        params: { path: { id: invoice.id } },
        parseAs: 'blob',
      });
      if (!(result.data instanceof Blob)) throw new ApiError(result.response.status, null);
      downloadBlob(`invoice-${invoice.number}.pdf`, result.data);
    },
  });
  const open = invoice.status === 'sent';
  // D60: what credit notes took off, shown only when a note did.
  const credited = parseMoney(invoice.amount_credited) > 0n;
  return (
    <Page
      title={`Invoice ${invoice.number}`}
      actions={
        <>
          <Button variant="default" onClick={() => pdf.mutate()} loading={pdf.isPending}>
            Download PDF
          </Button>
          {books.can.writeSales && invoice.status !== 'void' ? (
            <>
              {open ? <Button onClick={payDialog.open}>Record payment</Button> : null}
              {open ? (
                <Button
                  variant="default"
                  onClick={() => navigate(`/credit-notes/new?customer=${invoice.customer}`)}
                >
                  New credit note
                </Button>
              ) : null}
              <Button variant="default" onClick={() => email.mutate()} loading={email.isPending}>
                Email
              </Button>
              {/* D23: a sent invoice with a payment applied is not voided (the payment is voided first). */}
              {open && parseMoney(invoice.amount_paid) === 0n ? (
                <Button variant="subtle" color="red" onClick={voidDialog.open}>
                  Void
                </Button>
              ) : null}
            </>
          ) : null}
        </>
      }
    >
      <Group gap="sm">
        <StatusBadge status={invoice.status} />
        <Text size="sm">
          {invoice.customer_name} · issued {formatDate(invoice.issue_date)} · due{' '}
          {formatDate(invoice.due_date)}
          {invoice.days_overdue > 0 ? ` · ${invoice.days_overdue} days overdue` : ''}
        </Text>
      </Group>
      <ErrorNotice error={email.error ?? pdf.error} />
      <SimpleGrid cols={{ base: 1, xs: credited ? 4 : 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Total
          </Text>
          <Money amount={invoice.total} currency={invoice.currency} strong />
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Paid
          </Text>
          <Money amount={invoice.amount_paid} currency={invoice.currency} strong />
        </Card>
        {credited ? (
          <Card withBorder>
            <Text size="sm" c="dimmed">
              Credited
            </Text>
            <Money amount={invoice.amount_credited} currency={invoice.currency} strong />
          </Card>
        ) : null}
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Balance due
          </Text>
          <Money amount={invoice.balance_due} currency={invoice.currency} strong />
        </Card>
      </SimpleGrid>
      <SalesLinesTable lines={invoice.lines} currency={invoice.currency} />
      {emails.data && emails.data.results.length > 0 ? (
        <Stack gap={4}>
          <Text fw={600}>Emails</Text>
          {emails.data.results.map((message) => (
            <Alert
              key={message.id}
              color={message.status === 'failed' ? 'red' : 'gray'}
              title={`${message.status}: ${message.subject}`}
            >
              <Text size="sm">To {message.to}</Text>
              {books.mode === 'sandbox' ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {message.body}
                </Text>
              ) : null}
            </Alert>
          ))}
        </Stack>
      ) : null}
      <ConfirmDialog
        opened={confirmingVoid}
        title={`Void invoice ${invoice.number}?`}
        confirm={`Void ${invoice.number}`}
        onConfirm={() => voidIt.mutate()}
        onClose={() => {
          voidDialog.close();
          voidIt.reset();
        }}
        loading={voidIt.isPending}
        error={voidIt.error}
      >
        <Text size="sm">
          A reversing entry dated today (or the issue date, if that is later) takes the invoice out of the
          books: {invoice.customer_name} no longer owes its {formatAmount(invoice.total, invoice.currency)},
          and any stocked items on it go back into stock.
        </Text>
        <Text size="sm">
          The invoice stays on file marked void and its number stays used. A void cannot be undone: to bill
          again, write a new invoice.
        </Text>
      </ConfirmDialog>
      <Modal opened={paying} onClose={payDialog.close} title={`Record payment for ${invoice.number}`}>
        <RecordPayment
          invoice={invoice}
          onDone={() => {
            payDialog.close();
            refresh();
          }}
        />
      </Modal>
    </Page>
  );
}

const METHODS = ['ach', 'check', 'card', 'cash', 'wire', 'other'].map((value) => ({
  value,
  label: value.toUpperCase(),
}));

function RecordPayment({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const [amount, setAmount] = useState(trimZeros(invoice.balance_due));
  const [paymentDate, setPaymentDate] = useState(today());
  const [method, setMethod] = useState<string>('ach');
  const [reference, setReference] = useState('');
  const record = useMutation({
    mutationFn: async () =>
      data(
        await api.POST('/api/v1/payments-received', {
          body: {
            customer: invoice.customer,
            payment_date: paymentDate,
            amount: amount.trim(),
            method: method as PaymentMethod,
            ...(reference ? { reference } : {}),
            applications: [{ invoice_id: invoice.id, amount: amount.trim() }],
          },
        }),
      ),
    onSuccess: (payment) => {
      notify({ color: 'teal', message: `Payment ${payment.number} recorded.` });
      onDone();
    },
  });
  const fields = record.error instanceof ApiError ? record.error.fields : {};
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        record.mutate();
      }}
    >
      <Stack gap="sm">
        <ErrorNotice error={record.error} />
        <TextInput
          label="Amount"
          inputMode="decimal"
          required
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={fields.amount?.join('; ') ?? fields['applications/0/amount']?.join('; ')}
          data-autofocus
        />
        <TextInput
          label="Payment date"
          type="date"
          required
          value={paymentDate}
          onChange={(e) => setPaymentDate(e.currentTarget.value)}
          error={fields.payment_date?.join('; ')}
        />
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
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
