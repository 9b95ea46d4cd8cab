// The invoice (D8, D23) as a document kind: a sale sent to a customer, paid by payments received and
// credited by credit notes; its page downloads its PDF and emails it (the outbox).
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, type RequestOf } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { postAction } from '../../api/queries/actions.ts';
import {
  type Invoice,
  type InvoiceRow,
  invoiceEmailsQuery,
  invoiceReads,
} from '../../api/queries/invoices.ts';
import { formatDate } from '../../ui/dates.ts';
import { downloadBlob } from '../../ui/download.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { formatAmount, parseMoney } from '../../ui/money.ts';
import { finalizing, listReads, writes } from '../documents/calls.ts';
import { column, dueColumns } from '../documents/columns.tsx';
import { byId, type DocumentKind, dateField, memoField, saleBody } from '../documents/kind.ts';
import { SALE } from '../documents/sides.ts';
import { followTerms, isTerms, TERMS, termsLabel } from '../documents/terms.ts';
import { PaymentForm } from '../payments/PaymentForm.tsx';
import { paymentReceivedKind } from '../payments/paymentKinds.tsx';
import type { Books } from '../shell/books.tsx';
import { InvoiceEmailDialog } from './InvoiceEmailDialog.tsx';

export const invoiceKind: DocumentKind<Invoice, InvoiceRow, RequestOf<'/api/v1/invoices', 'post'>> = {
  side: SALE,
  noun: 'invoice',
  plural: 'Invoices',
  path: '/invoices',
  written: 'invoices',
  list: {
    statuses: ['draft', 'sent', 'paid', 'void'],
    search: 'Number, reference or customer',
    // AR aging opens a customer's open invoices: ?customer=&status=sent (issue 21's drill-down).
    byParty: { title: (name) => `Invoices of ${name}`, partyName: (invoice) => invoice.customer_name },
    ...listReads(invoiceReads, { party: 'customer', dated: 'issue_date' }),
    sorts: ['number', 'customer', 'issue_date', 'due_date', 'total', 'balance_due'],
    overdue: true,
    dateRange: 'Issue date',
    columns: dueColumns(
      '/invoices',
      column.text('Customer', (invoice) => invoice.customer_name, 240, 'customer'),
      column.text('Reference', (invoice) => invoice.reference, 160),
      column.date('Issued', (invoice) => invoice.issue_date, 'issue_date'),
    ),
    minWidth: 760,
    empty: { none: 'No invoices yet.', filtered: 'No invoice matches these filters.' },
  },
  one: invoiceReads.one,
  lines: (invoice) => invoice.lines,
  editor: {
    // Issue 21: terms give the due date (from the customer's until changed); a typed date overrides.
    fields: [
      dateField('issue_date', 'Issue date', (invoice) => invoice.issue_date),
      {
        name: 'payment_terms',
        label: 'Terms',
        type: 'select',
        options: TERMS,
        initial: '',
        from: (invoice) => invoice.payment_terms ?? '',
        // None chosen: the server takes the customer's terms; none with a date: a custom due date.
        placeholder: (values) => (values.due_date ? 'Custom' : "Customer's"),
        optional: true,
        w: 150,
      },
      {
        name: 'due_date',
        label: 'Due date',
        type: 'date',
        initial: '',
        from: (invoice) => invoice.due_date,
        optional: true,
      },
      {
        name: 'reference',
        label: 'Reference',
        type: 'text',
        initial: '',
        from: (invoice) => invoice.reference,
        placeholder: 'PO number',
        w: { base: '100%', xs: 180 },
      },
      memoField(),
    ],
    follow: (values, changed, customer) => followTerms(values, changed, customer?.payment_terms),
    withItems: true,
    partyOf: (invoice) => invoice.customer,
    body: (draft) => {
      const { payment_terms, due_date, reference } = draft.values;
      return {
        ...saleBody(draft),
        reference: reference ?? '',
        ...(isTerms(payment_terms) ? { payment_terms } : {}),
        ...(due_date ? { due_date } : {}),
      };
    },
    ...writes('/api/v1/invoices'),
    finalize: finalizing(
      'Send',
      '/api/v1/invoices/{id}/send',
      'Send posts the invoice to the ledger as owed by the customer (its number was given with the draft); you can email it after.',
    ),
    saved: (invoice, sent) => (sent ? `Invoice ${invoice.number} sent.` : `Draft ${invoice.number} saved.`),
    removeDraft: {
      label: 'Void draft',
      title: (invoice) => `Void draft invoice ${invoice.number}?`,
      confirm: (invoice) => `Void ${invoice.number}`,
      text: (invoice) => [
        `The draft is marked void and kept on file; it never reached the books, so no balance changes. Its number ${invoice.number} stays used so the numbering has no gap. Unsaved changes on this page are lost.`,
      ],
      run: voidInvoice,
      after: 'list',
    },
  },
  view: {
    summary: (invoice) => (
      <Text size="sm">
        {invoice.customer_name} · issued {formatDate(invoice.issue_date)} · due {formatDate(invoice.due_date)}
        {invoice.payment_terms ? ` (${termsLabel(invoice.payment_terms)})` : ''}
        {invoice.days_overdue > 0 ? ` · ${invoice.days_overdue} days overdue` : ''}
        {invoice.reference ? ` · ref. ${invoice.reference}` : ''}
      </Text>
    ),
    figures: (invoice) => [
      { label: 'Total', amount: invoice.total },
      { label: 'Paid', amount: invoice.amount_paid },
      // D60: what credit notes took off, shown only when a note did.
      parseMoney(invoice.amount_credited) > 0n
        ? { label: 'Credited', amount: invoice.amount_credited }
        : null,
      { label: 'Balance due', amount: invoice.balance_due },
    ],
    useExtras: useInvoiceExtras,
    Sections: InvoiceEmails,
    void: {
      // D23: a sent invoice with a payment applied is not voided (the payment is voided first).
      allowed: (invoice) => invoice.status === 'sent' && parseMoney(invoice.amount_paid) === 0n,
      text: (invoice) => [
        `A reversing entry dated today (or the issue date, if that is later) takes the invoice out of the books: ${invoice.customer_name} no longer owes its ${formatAmount(invoice.total, invoice.currency)}, and any stocked items on it go back into stock.`,
        'The invoice stays on file marked void and its number stays used. A void cannot be undone: to bill again, write a new invoice.',
      ],
      path: '/api/v1/invoices/{id}/void',
    },
  },
};

function voidInvoice(invoice: Invoice) {
  return postAction('/api/v1/invoices/{id}/void', invoice);
}

/** Download PDF; and while it is open: Record payment, New credit note, Email. */
function useInvoiceExtras(invoice: Invoice, books: Books, refresh: () => void) {
  const navigate = useNavigate();
  const [paying, payDialog] = useDisclosure(false);
  const [emailing, emailDialog] = useDisclosure(false);
  const pdf = useMutation({
    mutationFn: async () => {
      const result = await api.GET('/api/v1/invoices/{id}/pdf', { ...byId(invoice.id), parseAs: 'blob' });
      if (!(result.data instanceof Blob)) throw new ApiError(result.response.status, null);
      downloadBlob(`invoice-${invoice.number}.pdf`, result.data);
    },
  });
  const open = invoice.status === 'sent';
  const writes = books.can.writeSales && invoice.status !== 'void';
  return {
    buttons: (
      <>
        <Button variant="default" onClick={() => pdf.mutate()} loading={pdf.isPending}>
          Download PDF
        </Button>
        {writes && open ? <Button onClick={payDialog.open}>Record payment</Button> : null}
        {writes && open ? (
          <Button
            variant="default"
            onClick={() => navigate(`/credit-notes/new?customer=${invoice.customer}`)}
          >
            New credit note
          </Button>
        ) : null}
        {writes ? (
          <Button variant="default" onClick={emailDialog.open}>
            Email
          </Button>
        ) : null}
      </>
    ),
    notice: <ErrorNotice error={pdf.error} />,
    dialogs: (
      <>
        <InvoiceEmailDialog
          invoice={invoice}
          books={books}
          opened={emailing}
          onClose={emailDialog.close}
          onSent={refresh}
        />
        <Modal
          opened={paying}
          onClose={payDialog.close}
          title={`Record payment for ${invoice.number}`}
          size="lg"
        >
          <PaymentForm
            kind={paymentReceivedKind}
            books={books}
            preset={{ party: invoice.customer, document: invoice.id, amount: invoice.balance_due }}
            onDone={() => {
              payDialog.close();
              refresh();
            }}
          />
        </Modal>
      </>
    ),
  };
}

/** The invoice's emails (the outbox); a sandbox shows what would have been sent. */
function InvoiceEmails({ doc: invoice, books }: { doc: Invoice; books: Books }) {
  const emails = useQuery(invoiceEmailsQuery(invoice.id));
  if (!emails.data || emails.data.results.length === 0) return null;
  return (
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
  );
}
