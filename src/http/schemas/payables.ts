// Payables (D53-D55): vendors, bills and bill payments: the responses, request bodies and pages.
import { Type } from '@sinclair/typebox';
import { BILL_APPLICATIONS_MAX } from '../../app/payables/bill-payments.ts';
import { BILL_STATUSES, LINES_PER_BILL_MAX } from '../../domain/bill.ts';
import { BILL_PAYMENT_SORT_KEYS, BILL_SORT_KEYS } from '../../domain/list-order.ts';
import { PAYMENT_STATUSES } from '../../domain/payment.ts';
import {
  CursorQuery,
  DateString,
  DocumentTotals,
  IdOutput,
  LineTaxOutput,
  Literals,
  MoneyInput,
  MoneyOutput,
  Named,
  OrNull,
  OverdueFilter,
  Page,
  postingFields,
  Quantity,
  RecordStamps,
  ref,
  SearchFilter,
  SortQuery,
  TaxGroupInput,
  Uuid,
  VersionRead,
} from './common.ts';
import {
  ContactListQuery,
  contactCreateFields,
  contactFields,
  contactUpdateFields,
  PaymentTerms,
} from './contacts.ts';
import { PaymentCreateFields, PaymentFields } from './money-movements.ts';

const Memo = Type.String({ maxLength: 4000 });

// ---- vendors ---------------------------------------------------------------------------------------

export const Vendor = Named('Vendor', {
  ...contactFields('address', PaymentTerms),
  balance: MoneyOutput('What is owed on its open bills (D53).'),
  open_bill_count: Type.Integer({ description: 'Open bills with a balance due.' }),
  ...RecordStamps,
});

export const PageVendor = Page(ref(Vendor), 'Vendor');

export const VendorListQuery = ContactListQuery;

export const VendorCreate = Named('VendorCreate', contactCreateFields('address'));

export const VendorUpdate = Named('VendorUpdate', contactUpdateFields('address'));

// ---- bills -----------------------------------------------------------------------------------------

const BillStatus = Literals(BILL_STATUSES, { description: 'draft, open, paid or void' });

const BillFields = {
  id: IdOutput,
  number: Type.String({
    description: 'BILL-000001, allocated by the server when the draft is created (gapless).',
  }),
  vendor: IdOutput,
  vendor_name: Type.String(),
  vendor_reference: Type.String({ description: "The vendor's own number for the bill." }),
  status: BillStatus,
  bill_date: Type.String({ format: 'date' }),
  due_date: Type.String({
    format: 'date',
    description: "As sent, else from the vendor's payment terms (D20).",
  }),
  currency: Type.String(),
  ...DocumentTotals,
  amount_paid: MoneyOutput(),
  amount_credited: MoneyOutput('Vendor credits applied to the bill (D87).'),
  balance_due: MoneyOutput('total - amount_paid - amount_credited; 0 when void.'),
  days_overdue: Type.Integer({ minimum: 0, description: 'Days past due of an open bill, else 0.' }),
  ...postingFields('open', 'opened_at'),
};

export const BillSummary = Named('BillSummary', BillFields);

const BillLineOutput = Type.Object({
  line_no: Type.Integer(),
  item: OrNull(IdOutput),
  description: Type.String(),
  quantity: Type.String(),
  unit_cost: MoneyOutput(),
  amount: MoneyOutput('quantity x unit_cost, rounded to the currency minor unit (D8).'),
  account: Type.String({ format: 'uuid', description: 'The account the line debits.' }),
  tax_rate: OrNull(Type.String()),
  tax_group: LineTaxOutput.tax_group,
  tax_amount: MoneyOutput(),
  taxes: LineTaxOutput.taxes,
  tracking_options: Type.Array(Type.String()),
});

export const Bill = Named('Bill', { ...BillFields, lines: Type.Array(BillLineOutput) });

export const PageBill = Page(ref(BillSummary), 'Bill');

/** The filters of the bill list, which its totals take too. */
const BillFilters = {
  status: Type.Optional(Literals(BILL_STATUSES)),
  vendor: Type.Optional(Type.String({ description: 'Vendor id.' })),
  search: SearchFilter("Bill number, the vendor's reference or name."),
  bill_date_from: Type.Optional(DateString()),
  bill_date_to: Type.Optional(DateString()),
  overdue: OverdueFilter,
};

export const BillListQuery = Type.Object({
  ...CursorQuery,
  ...BillFilters,
  sort: SortQuery(BILL_SORT_KEYS),
});

export const BillTotalsQuery = Type.Object(BillFilters);

const BillLineInput = Type.Object({
  item: Type.Optional(
    Uuid(
      'An item: description, unit_cost (purchase_cost), account and tax_rate default from it; an inventory item’s line posts to its inventory asset account and brings its stock in when the bill is opened.',
    ),
  ),
  account: Type.Optional(
    Uuid(
      'The account the line debits: an expense account, or an asset account other than cash, receivables or inventory. Defaults to the item’s expense account; required without an item.',
    ),
  ),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  quantity: {
    ...Quantity,
    description: 'Decimal string, up to 4 decimals; above zero for an inventory item.',
  },
  unit_cost: Type.Optional(MoneyInput('Cost of one unit before tax; defaults to the item’s purchase_cost.')),
  tax_rate: Type.Optional(
    OrNull(
      Uuid(
        'A tax rate: its tax is debited to the rate’s account. Defaults to the item’s (unless tax_group is sent); null for none.',
      ),
    ),
  ),
  tax_group: TaxGroupInput,
  tracking_options: Type.Optional(Type.Array(Type.String(), { maxItems: 20 })),
});
const BillLines = Type.Array(BillLineInput, { minItems: 1, maxItems: LINES_PER_BILL_MAX });

export const BillCreate = Named('BillCreate', {
  vendor: Uuid('Vendor id.'),
  vendor_reference: Type.Optional(Type.String({ maxLength: 200 })),
  bill_date: Type.Optional(DateString('Defaults to today in the organization time zone.')),
  due_date: Type.Optional(DateString("Defaults from the vendor's payment terms.")),
  lines: BillLines,
  memo: Type.Optional(Memo),
  currency: Type.Optional(Type.String()),
});

export const BillUpdate = Named('BillUpdate', {
  vendor: Type.Optional(Uuid()),
  vendor_reference: Type.Optional(Type.String({ maxLength: 200 })),
  bill_date: Type.Optional(DateString()),
  due_date: Type.Optional(DateString()),
  lines: Type.Optional(BillLines),
  memo: Type.Optional(Memo),
  currency: Type.Optional(Type.String()),
  ...VersionRead,
});

// ---- bill payments ---------------------------------------------------------------------------------

export const BillPayment = Named('BillPayment', {
  id: IdOutput,
  number: Type.String({ description: 'BPMT-000001, allocated by the server (gapless).' }),
  vendor: IdOutput,
  vendor_name: Type.String(),
  ...PaymentFields,
  paid_from_account: IdOutput,
  applications: Type.Array(
    Type.Object({ bill_id: IdOutput, bill_number: Type.String(), amount: MoneyOutput() }),
  ),
  currency: Type.String(),
  journal_entry: Type.String({ description: "The payment's own posted entry." }),
  status: Literals(PAYMENT_STATUSES, {
    description: 'posted, or void: its entry is reversed, its applications removed, its bills open again.',
  }),
  void_entry: OrNull(Type.String()),
  voided_at: OrNull(Type.String()),
  ...RecordStamps,
});

export const PageBillPayment = Page(ref(BillPayment), 'BillPayment');

export const BillPaymentListQuery = Type.Object({
  ...CursorQuery,
  vendor: Type.Optional(Type.String({ description: 'Vendor id.' })),
  search: SearchFilter(
    'Case-insensitive substring of the payment number, its reference or the vendor name (`%` and `_` literal).',
  ),
  sort: SortQuery(BILL_PAYMENT_SORT_KEYS, "vendor: the vendor's display name"),
});

export const BillPaymentCreate = Named('BillPaymentCreate', {
  vendor: Uuid('Vendor id.'),
  ...PaymentCreateFields,
  memo: Type.Optional(Memo),
  paid_from_account: Uuid('An active bank, cash or credit card account.'),
  applications: Type.Array(Type.Object({ bill_id: Uuid(), amount: MoneyInput() }), {
    minItems: 1,
    maxItems: BILL_APPLICATIONS_MAX,
    description: 'Open bills of the vendor; the amounts add up to the payment amount (D55).',
  }),
  currency: Type.Optional(Type.String()),
});
