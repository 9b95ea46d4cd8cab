// Payables (D53-D55): vendors, bills and bill payments: the responses, request bodies and pages.
import { Type } from '@sinclair/typebox';
import { PAYMENT_METHODS } from '../../app/documents/money-movements.ts';
import { BILL_APPLICATIONS_MAX } from '../../app/payables/bill-payments.ts';
import { BILL_STATUSES, LINES_PER_BILL_MAX } from '../../domain/bill.ts';
import { PAYMENT_STATUSES } from '../../domain/payment.ts';
import {
  CursorQuery,
  DateString,
  Literals,
  MoneyInput,
  MoneyOutput,
  OrNull,
  Page,
  Quantity,
  ref,
  Uuid,
  Version,
} from './common.ts';
import { PaymentTerms } from './customers.ts';

const DisplayName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Email = Type.String({ format: 'email', maxLength: 254 });
const ShortText = Type.String({ maxLength: 200 });
const Memo = Type.String({ maxLength: 4000 });

// ---- vendors ---------------------------------------------------------------------------------------

export const Vendor = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    display_name: Type.String(),
    email: OrNull(Type.String()),
    company_name: OrNull(Type.String()),
    phone: OrNull(Type.String()),
    address: OrNull(Type.String()),
    notes: Type.String(),
    payment_terms: PaymentTerms,
    currency: Type.String(),
    is_active: Type.Boolean(),
    balance: MoneyOutput('What is owed on its open bills (D53).'),
    open_bill_count: Type.Integer({ description: 'Open bills with a balance due.' }),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Vendor', title: 'Vendor' },
);

export const PageVendor = Page(ref(Vendor), 'Vendor');

export const VendorListQuery = Type.Object({
  ...CursorQuery,
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'Case-insensitive substring of display_name or email.' }),
  ),
  is_active: Type.Optional(Type.Boolean()),
});

const VendorFields = {
  display_name: DisplayName,
  email: Type.Optional(OrNull(Email)),
  company_name: Type.Optional(OrNull(ShortText)),
  phone: Type.Optional(OrNull(Type.String({ maxLength: 50 }))),
  address: Type.Optional(OrNull(Type.String({ maxLength: 1000 }))),
  notes: Type.Optional(Memo),
  payment_terms: Type.Optional(PaymentTerms),
};

export const VendorCreate = Type.Object(VendorFields, { $id: 'VendorCreate', title: 'VendorCreate' });

export const VendorUpdate = Type.Object(
  {
    ...VendorFields,
    display_name: Type.Optional(DisplayName),
    is_active: Type.Optional(Type.Boolean()),
    version: Type.Optional(Version),
  },
  { $id: 'VendorUpdate', title: 'VendorUpdate' },
);

// ---- bills -----------------------------------------------------------------------------------------

const BillStatus = Literals(BILL_STATUSES, { description: 'draft, open, paid or void' });

const BillFields = {
  id: Type.String({ format: 'uuid' }),
  number: Type.String({
    description: 'BILL-000001, allocated by the server when the draft is created (gapless).',
  }),
  vendor: Type.String({ format: 'uuid' }),
  vendor_name: Type.String(),
  vendor_reference: Type.String({ description: "The vendor's own number for the bill." }),
  status: BillStatus,
  bill_date: Type.String({ format: 'date' }),
  due_date: Type.String({
    format: 'date',
    description: "As sent, else from the vendor's payment terms (D20).",
  }),
  currency: Type.String(),
  subtotal: MoneyOutput(),
  tax_total: MoneyOutput(),
  total: MoneyOutput('subtotal + tax_total'),
  amount_paid: MoneyOutput(),
  amount_credited: MoneyOutput('Vendor credits applied to the bill (D87).'),
  balance_due: MoneyOutput('total - amount_paid - amount_credited; 0 when void.'),
  days_overdue: Type.Integer({ minimum: 0, description: 'Days past due of an open bill, else 0.' }),
  memo: Type.String(),
  journal_entry: OrNull(Type.String(), { description: 'The entry posted by open.' }),
  void_entry: OrNull(Type.String(), { description: 'The reversing entry of a void.' }),
  opened_at: OrNull(Type.String()),
  voided_at: OrNull(Type.String()),
  version: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
};

export const BillSummary = Type.Object(BillFields, { $id: 'BillSummary', title: 'BillSummary' });

export const Bill = Type.Object(
  {
    ...BillFields,
    lines: Type.Array(
      Type.Object({
        line_no: Type.Integer(),
        item: OrNull(Type.String({ format: 'uuid' })),
        description: Type.String(),
        quantity: Type.String(),
        unit_cost: MoneyOutput(),
        amount: MoneyOutput('quantity x unit_cost, rounded to the currency minor unit (D8).'),
        account: Type.String({ format: 'uuid', description: 'The account the line debits.' }),
        tax_rate: OrNull(Type.String()),
        tax_amount: MoneyOutput(),
        tracking_options: Type.Array(Type.String()),
      }),
    ),
  },
  { $id: 'Bill', title: 'Bill' },
);

export const PageBill = Page(ref(BillSummary), 'Bill');

export const BillListQuery = Type.Object({
  ...CursorQuery,
  status: Type.Optional(Literals(BILL_STATUSES)),
  vendor: Type.Optional(Type.String({ description: 'Vendor id.' })),
  search: Type.Optional(
    Type.String({ maxLength: 200, description: "Bill number, the vendor's reference or name." }),
  ),
});

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
      Uuid('A tax rate: its tax is debited to the rate’s account. Defaults to the item’s; null for none.'),
    ),
  ),
  tracking_options: Type.Optional(Type.Array(Type.String(), { maxItems: 20 })),
});
const BillLines = Type.Array(BillLineInput, { minItems: 1, maxItems: LINES_PER_BILL_MAX });

export const BillCreate = Type.Object(
  {
    vendor: Uuid('Vendor id.'),
    vendor_reference: Type.Optional(Type.String({ maxLength: 200 })),
    bill_date: Type.Optional(DateString('Defaults to today in the organization time zone.')),
    due_date: Type.Optional(DateString("Defaults from the vendor's payment terms.")),
    lines: BillLines,
    memo: Type.Optional(Memo),
    currency: Type.Optional(Type.String()),
  },
  { $id: 'BillCreate', title: 'BillCreate' },
);

export const BillUpdate = Type.Object(
  {
    vendor: Type.Optional(Uuid()),
    vendor_reference: Type.Optional(Type.String({ maxLength: 200 })),
    bill_date: Type.Optional(DateString()),
    due_date: Type.Optional(DateString()),
    lines: Type.Optional(BillLines),
    memo: Type.Optional(Memo),
    currency: Type.Optional(Type.String()),
    version: Type.Optional(Version),
  },
  { $id: 'BillUpdate', title: 'BillUpdate' },
);

// ---- bill payments ---------------------------------------------------------------------------------

export const BillPayment = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    number: Type.String({ description: 'BPMT-000001, allocated by the server (gapless).' }),
    vendor: Type.String({ format: 'uuid' }),
    vendor_name: Type.String(),
    payment_date: Type.String({ format: 'date' }),
    amount: MoneyOutput(),
    method: Type.String({ description: PAYMENT_METHODS.join(', ') }),
    reference: Type.String(),
    memo: Type.String(),
    paid_from_account: Type.String({ format: 'uuid' }),
    applications: Type.Array(
      Type.Object({
        bill_id: Type.String({ format: 'uuid' }),
        bill_number: Type.String(),
        amount: MoneyOutput(),
      }),
    ),
    currency: Type.String(),
    journal_entry: Type.String({ description: "The payment's own posted entry." }),
    status: Literals(PAYMENT_STATUSES, {
      description: 'posted, or void: its entry is reversed, its applications removed, its bills open again.',
    }),
    void_entry: OrNull(Type.String()),
    voided_at: OrNull(Type.String()),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'BillPayment', title: 'BillPayment' },
);

export const PageBillPayment = Page(ref(BillPayment), 'BillPayment');

export const BillPaymentListQuery = Type.Object({
  ...CursorQuery,
  vendor: Type.Optional(Type.String({ description: 'Vendor id.' })),
});

export const BillPaymentCreate = Type.Object(
  {
    vendor: Uuid('Vendor id.'),
    payment_date: DateString(),
    amount: MoneyInput(),
    method: Literals(PAYMENT_METHODS),
    reference: Type.Optional(Type.String({ maxLength: 200 })),
    memo: Type.Optional(Memo),
    paid_from_account: Uuid('An active bank, cash or credit card account.'),
    applications: Type.Array(Type.Object({ bill_id: Uuid(), amount: MoneyInput() }), {
      minItems: 1,
      maxItems: BILL_APPLICATIONS_MAX,
      description: 'Open bills of the vendor; the amounts add up to the payment amount (D55).',
    }),
    currency: Type.Optional(Type.String()),
  },
  { $id: 'BillPaymentCreate', title: 'BillPaymentCreate' },
);
