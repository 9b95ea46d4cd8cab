// Invoices (spec "Invoice", "States", D20-D25, D29): responses, request bodies, the page.
import { Type } from '@sinclair/typebox';
import { INVOICE_STATUSES, LINES_PER_INVOICE_MAX } from '../../domain/invoice.ts';
import { INVOICE_SORT_KEYS } from '../../domain/list-order.ts';
import * as S from './common.ts';
import { PaymentTerms } from './contacts.ts';
import { balanceFields, listAndTotalsQueries } from './documents.ts';

export const InvoiceStatus = S.Literals(INVOICE_STATUSES, { description: 'draft, sent, paid or void' });
/** D29: what became of an invoice email. */
export const EMAIL_STATUSES = ['recorded', 'queued', 'sent', 'failed'] as const;

const InvoiceFields = {
  id: S.IdOutput,
  number: Type.String(),
  customer: S.IdOutput,
  customer_name: Type.String(),
  status: InvoiceStatus,
  issue_date: Type.String({ format: 'date' }),
  due_date: Type.String({
    format: 'date',
    description: "As sent, else issue_date + payment_terms (by default the customer's terms, D20).",
  }),
  payment_terms: S.OrNull(PaymentTerms, {
    description:
      'The terms the due date follows (D20): as sent, else the customer’s; null when the due date was sent and no terms give it (a custom due date).',
  }),
  reference: Type.String({ description: "Free text such as the customer's PO number; '' when none." }),
  currency: Type.String(),
  ...S.DocumentTotals,
  ...balanceFields({
    credited: 'What credit notes applied to it took off (D60).',
    overdue: 'D24: days past due of a sent invoice, else 0.',
  }),
  ...S.postingFields('send', 'sent_at'),
};

/** A priced line as returned (invoices and credit notes). */
export const LineOutput = Type.Object({
  line_no: Type.Integer(),
  description: Type.String(),
  quantity: Type.String(),
  unit_price: S.MoneyOutput(),
  amount: S.MoneyOutput('quantity x unit_price, rounded to the currency minor unit (D8).'),
  income_account: Type.String({ format: 'uuid' }),
  is_taxable: Type.Boolean(),
  tax_rate: S.OrNull(Type.String()),
  tax_group: S.LineTaxOutput.tax_group,
  tax_amount: S.MoneyOutput(),
  taxes: S.LineTaxOutput.taxes,
  tracking_options: Type.Array(Type.String()),
  item: S.OrNull(Type.String({ format: 'uuid' }), { description: 'The item the line sells (D48), or null.' }),
});

export const InvoiceSummary = S.Named('InvoiceSummary', InvoiceFields);

export const Invoice = S.Named('Invoice', { ...InvoiceFields, lines: Type.Array(LineOutput) });

export const PageInvoice = S.Page(S.ref(InvoiceSummary), 'Invoice');

export const InvoiceEmail = S.Named('InvoiceEmail', {
  id: S.IdOutput,
  invoice: S.IdOutput,
  to: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  status: S.Literals(EMAIL_STATUSES, {
    description:
      'queued (in the outbox: waiting for its first or next attempt; stays queued while the service has no SMTP configured), sent, failed (attempts exhausted or refused for good by the SMTP server), or recorded (sandbox books: never sent). D29, D62.',
  }),
  attempts: Type.Integer({ minimum: 0, description: 'Delivery attempts made so far.' }),
  next_attempt_at: S.OrNull(
    Type.String({
      format: 'date-time',
      description: 'When a queued message is tried (next); null once sent, failed or recorded.',
    }),
  ),
  sent_at: S.OrNull(Type.String({ format: 'date-time', description: 'When the SMTP server accepted it.' })),
  message_id: S.OrNull(Type.String({ description: "The SMTP server's message id, once sent." })),
  last_error: S.OrNull(
    Type.String({ description: 'The error of the latest failed attempt (kept after a later success).' }),
  ),
  error: S.OrNull(Type.String({ description: 'Deprecated: the same as last_error.', deprecated: true })),
  created_at: Type.String(),
});

export const InvoiceEmailList = S.Named('InvoiceEmailList', { results: Type.Array(S.ref(InvoiceEmail)) });

export const EmailedInvoice = Type.Intersect(
  [
    S.ref(Invoice),
    Type.Object({
      email: Type.Object({
        id: S.IdOutput,
        status: S.Literals(EMAIL_STATUSES),
        to: Type.String(),
      }),
    }),
  ],
  { $id: 'EmailedInvoice', title: 'EmailedInvoice' },
);

/** The filters of the invoice list, which its totals take too. */
const InvoiceFilters = {
  status: Type.Optional(S.Literals(INVOICE_STATUSES)),
  customer: Type.Optional(Type.String({ description: 'Customer id.' })),
  issue_date_from: Type.Optional(S.DateString()),
  issue_date_to: Type.Optional(S.DateString()),
  search: S.SearchFilter('Invoice number or customer name.'),
  overdue: S.OverdueFilter,
};

export const { list: InvoiceListQuery, totals: InvoiceTotalsQuery } = listAndTotalsQueries(
  InvoiceFilters,
  INVOICE_SORT_KEYS,
);

export const LineInput = Type.Object({
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  quantity: {
    ...S.Quantity,
    description: 'Decimal string, up to 4 decimals (D6); a JSON number is refused.',
  },
  unit_price: S.MoneyInput('Price of one unit.'),
  income_account: S.Uuid('An active income account of these books.'),
  is_taxable: Type.Optional(Type.Boolean({ default: false })),
  tax_rate: Type.Optional(
    S.OrNull(
      S.Uuid('A tax-rate id: required when is_taxable (unless tax_group is sent), omitted otherwise.'),
    ),
  ),
  tax_group: S.TaxGroupInput,
  tracking_options: Type.Optional(Type.Array(Type.String(), { maxItems: 20 })),
});
export const Lines = Type.Array(LineInput, { minItems: 1, maxItems: LINES_PER_INVOICE_MAX });

/** An invoice line may name an item (D48): then its price, income account and tax default from it. */
export const InvoiceLineInput = Type.Object({
  item: Type.Optional(
    S.Uuid(
      'An item: description, unit_price, income_account and tax_rate default from it; an inventory item’s stock leaves when the invoice is sent.',
    ),
  ),
  description: LineInput.properties.description,
  quantity: LineInput.properties.quantity,
  unit_price: Type.Optional(S.MoneyInput('Price of one unit; defaults to the item’s sale_price.')),
  income_account: Type.Optional(
    S.Uuid('An active income account; defaults to the item’s; required without an item.'),
  ),
  is_taxable: Type.Optional(
    Type.Boolean({
      description:
        'Defaults to false, or to true when the line names an item with a tax rate and no tax_rate of its own.',
    }),
  ),
  tax_rate: LineInput.properties.tax_rate,
  tax_group: LineInput.properties.tax_group,
  tracking_options: LineInput.properties.tracking_options,
});
const InvoiceLines = Type.Array(InvoiceLineInput, { minItems: 1, maxItems: LINES_PER_INVOICE_MAX });
const InvoiceNumber = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: '^[0-9A-Za-z][0-9A-Za-z._/-]*$',
  description: 'Your own number; omitted, the server allocates the next INV- number.',
});
const Memo = Type.String({ maxLength: 4000 });

/** The body fields of a new sales document: an invoice, or a credit note (D60, "like invoices"). */
export const SalesDocumentCreateFields = {
  customer: S.Uuid('Customer id.'),
  lines: Lines,
  issue_date: Type.Optional(S.DateString('Defaults to today in the organization time zone.')),
  memo: Type.Optional(Memo),
  currency: Type.Optional(Type.String()),
};

/** The body fields of a change to a draft sales document (sparse), with the version read. */
export const SalesDocumentUpdateFields = {
  customer: Type.Optional(S.Uuid()),
  lines: Type.Optional(Lines),
  issue_date: Type.Optional(S.DateString()),
  memo: Type.Optional(Memo),
  currency: Type.Optional(Type.String()),
  ...S.VersionRead,
};

/** Issue 21: an invoice's terms, due date and reference, on create and on a draft's change. */
const InvoiceTermsFields = {
  payment_terms: Type.Optional({
    ...PaymentTerms,
    description: "The due date is issue_date + these terms. Defaults to the customer's.",
  }),
  due_date: Type.Optional(
    S.DateString(
      'An explicit due date: it wins over payment_terms. Not before issue_date (400 validation_error on due_date).',
    ),
  ),
  reference: Type.Optional(
    Type.String({ maxLength: 100, description: "Free text such as the customer's PO number." }),
  ),
};

export const InvoiceCreate = S.Named('InvoiceCreate', {
  ...SalesDocumentCreateFields,
  ...InvoiceTermsFields,
  lines: InvoiceLines,
  number: Type.Optional(InvoiceNumber),
});

export const InvoiceUpdate = S.Named('InvoiceUpdate', {
  ...SalesDocumentUpdateFields,
  ...InvoiceTermsFields,
  lines: Type.Optional(InvoiceLines),
});

export const InvoiceEmailRequest = S.Named('InvoiceEmailRequest', {
  to: Type.Optional(Type.String({ format: 'email', maxLength: 320 })),
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  message: Type.Optional(Type.String({ maxLength: 10_000 })),
  ...S.VersionRead,
});
