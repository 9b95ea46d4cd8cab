// Payables (D53-D55): vendors, bills and bill payments: the responses, request bodies and pages.
import { Type } from '@sinclair/typebox';
import { BILL_APPLICATIONS_MAX } from '../../app/payables/bill-payments.ts';
import { BILL_STATUSES, LINES_PER_BILL_MAX } from '../../domain/bill.ts';
import { BILL_PAYMENT_SORT_KEYS, BILL_SORT_KEYS } from '../../domain/list-order.ts';
import * as S from './common.ts';
import {
  ContactListQuery,
  contactCreateFields,
  contactFields,
  contactUpdateFields,
  PaymentTerms,
} from './contacts.ts';
import { balanceFields, listAndTotalsQueries } from './documents.ts';
import { PaymentCreateFields } from './money-movements.ts';
import { paymentListQuery, paymentSchemas } from './payment-schemas.ts';

const Memo = Type.String({ maxLength: 4000 });

// ---- vendors ---------------------------------------------------------------------------------------

export const Vendor = S.Named('Vendor', {
  ...contactFields('address', PaymentTerms),
  balance: S.MoneyOutput('What is owed on its open bills (D53).'),
  open_bill_count: Type.Integer({ description: 'Open bills with a balance due.' }),
  ...S.RecordStamps,
});

export const PageVendor = S.Page(S.ref(Vendor), 'Vendor');

export const VendorListQuery = ContactListQuery;

export const VendorCreate = S.Named('VendorCreate', contactCreateFields('address'));

export const VendorUpdate = S.Named('VendorUpdate', contactUpdateFields('address'));

// ---- bills -----------------------------------------------------------------------------------------

const BillStatus = S.Literals(BILL_STATUSES, { description: 'draft, open, paid or void' });

const BillFields = {
  id: S.IdOutput,
  number: Type.String({
    description: 'BILL-000001, allocated by the server when the draft is created (gapless).',
  }),
  vendor: S.IdOutput,
  vendor_name: Type.String(),
  vendor_reference: Type.String({ description: "The vendor's own number for the bill." }),
  status: BillStatus,
  bill_date: Type.String({ format: 'date' }),
  due_date: Type.String({
    format: 'date',
    description: "As sent, else from the vendor's payment terms (D20).",
  }),
  currency: Type.String(),
  ...S.DocumentTotals,
  ...balanceFields({
    credited: 'Vendor credits applied to the bill (D87).',
    overdue: 'Days past due of an open bill, else 0.',
  }),
  ...S.postingFields('open', 'opened_at'),
};

export const BillSummary = S.Named('BillSummary', BillFields);

const BillLineOutput = Type.Object({
  line_no: Type.Integer(),
  item: S.OrNull(S.IdOutput),
  description: Type.String(),
  quantity: Type.String(),
  unit_cost: S.MoneyOutput(),
  amount: S.MoneyOutput('quantity x unit_cost, rounded to the currency minor unit (D8).'),
  account: Type.String({ format: 'uuid', description: 'The account the line debits.' }),
  tax_rate: S.OrNull(Type.String()),
  tax_group: S.LineTaxOutput.tax_group,
  tax_amount: S.MoneyOutput(),
  taxes: S.LineTaxOutput.taxes,
  tracking_options: Type.Array(Type.String()),
});

export const Bill = S.Named('Bill', { ...BillFields, lines: Type.Array(BillLineOutput) });

export const PageBill = S.Page(S.ref(BillSummary), 'Bill');

/** The filters of the bill list, which its totals take too. */
const BillFilters = {
  status: Type.Optional(S.Literals(BILL_STATUSES)),
  vendor: Type.Optional(Type.String({ description: 'Vendor id.' })),
  search: S.SearchFilter("Bill number, the vendor's reference or name."),
  bill_date_from: Type.Optional(S.DateString()),
  bill_date_to: Type.Optional(S.DateString()),
  overdue: S.OverdueFilter,
};

export const { list: BillListQuery, totals: BillTotalsQuery } = listAndTotalsQueries(
  BillFilters,
  BILL_SORT_KEYS,
);

const BillLineInput = Type.Object({
  item: Type.Optional(
    S.Uuid(
      'An item: description, unit_cost (purchase_cost), account and tax_rate default from it; an inventory item’s line posts to its inventory asset account and brings its stock in when the bill is opened.',
    ),
  ),
  account: Type.Optional(
    S.Uuid(
      'The account the line debits: an expense account, or an asset account other than cash, receivables or inventory. Defaults to the item’s expense account; required without an item.',
    ),
  ),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  quantity: {
    ...S.Quantity,
    description: 'Decimal string, up to 4 decimals; above zero for an inventory item.',
  },
  unit_cost: Type.Optional(
    S.MoneyInput('Cost of one unit before tax; defaults to the item’s purchase_cost.'),
  ),
  tax_rate: Type.Optional(
    S.OrNull(
      S.Uuid(
        'A tax rate: its tax is debited to the rate’s account. Defaults to the item’s (unless tax_group is sent); null for none.',
      ),
    ),
  ),
  tax_group: S.TaxGroupInput,
  tracking_options: Type.Optional(Type.Array(Type.String(), { maxItems: 20 })),
});
const BillLines = Type.Array(BillLineInput, { minItems: 1, maxItems: LINES_PER_BILL_MAX });

export const BillCreate = S.Named('BillCreate', {
  vendor: S.Uuid('Vendor id.'),
  vendor_reference: Type.Optional(Type.String({ maxLength: 200 })),
  bill_date: Type.Optional(S.DateString('Defaults to today in the organization time zone.')),
  due_date: Type.Optional(S.DateString("Defaults from the vendor's payment terms.")),
  lines: BillLines,
  memo: Type.Optional(Memo),
  currency: Type.Optional(Type.String()),
});

export const BillUpdate = S.Named('BillUpdate', {
  vendor: Type.Optional(S.Uuid()),
  vendor_reference: Type.Optional(Type.String({ maxLength: 200 })),
  bill_date: Type.Optional(S.DateString()),
  due_date: Type.Optional(S.DateString()),
  lines: Type.Optional(BillLines),
  memo: Type.Optional(Memo),
  currency: Type.Optional(Type.String()),
  ...S.VersionRead,
});

// ---- bill payments ---------------------------------------------------------------------------------

export const { record: BillPayment, page: PageBillPayment } = paymentSchemas('BillPayment', {
  numberPrefix: 'BPMT',
  counterparty: 'vendor',
  own: { paid_from_account: S.IdOutput },
  application: Type.Object({ bill_id: S.IdOutput, bill_number: Type.String(), amount: S.MoneyOutput() }),
  journalEntry: Type.String({ description: "The payment's own posted entry." }),
  statusDescription:
    'posted, or void: its entry is reversed, its applications removed, its bills open again.',
  voidEntry: S.OrNull(Type.String()),
  after: {},
});

export const BillPaymentListQuery = paymentListQuery('vendor', BILL_PAYMENT_SORT_KEYS, {});

export const BillPaymentCreate = S.Named('BillPaymentCreate', {
  vendor: S.Uuid('Vendor id.'),
  ...PaymentCreateFields,
  memo: Type.Optional(Memo),
  paid_from_account: S.Uuid('An active bank, cash or credit card account.'),
  applications: Type.Array(Type.Object({ bill_id: S.Uuid(), amount: S.MoneyInput() }), {
    minItems: 1,
    maxItems: BILL_APPLICATIONS_MAX,
    description: 'Open bills of the vendor; the amounts add up to the payment amount (D55).',
  }),
  currency: Type.Optional(Type.String()),
});

/** The named components of payables, in the order the OpenAPI document lists them. */
export const PAYABLES_COMPONENTS = [
  Vendor,
  VendorCreate,
  VendorUpdate,
  PageVendor,
  Bill,
  BillSummary,
  BillCreate,
  BillUpdate,
  PageBill,
  BillPayment,
  BillPaymentCreate,
  PageBillPayment,
];
