// Vendor credits (D87): responses, request bodies, the page. Lines are a bill's lines (in and out),
// applications name bills; the fields a credit shares with a credit note read the same.
import { Type } from '@sinclair/typebox';
import { CREDIT_APPLICATIONS_MAX } from '../../domain/document.ts';
import { VENDOR_CREDIT_STATUSES } from '../../domain/vendor-credit.ts';
import {
  CursorQuery,
  DateString,
  Literals,
  MoneyInput,
  MoneyOutput,
  OrNull,
  Page,
  ref,
  Uuid,
  Version,
} from './common.ts';
import { Bill, BillCreate } from './payables.ts';

const Status = Literals(VENDOR_CREDIT_STATUSES, { description: 'draft, issued or void' });
const { lines: LinesInput, memo: Memo, vendor_reference: VendorReference } = BillCreate.properties;

export const VendorCredit = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    number: OrNull(Type.String(), {
      description: 'VC-000001, allocated when the credit is issued (gapless); null on a draft.',
    }),
    vendor: Type.String({ format: 'uuid' }),
    vendor_name: Type.String(),
    vendor_reference: Type.String({ description: "The vendor's own number for the credit." }),
    status: Status,
    credit_date: Type.String({ format: 'date' }),
    currency: Type.String(),
    subtotal: MoneyOutput(),
    tax_total: MoneyOutput(),
    total: MoneyOutput('subtotal + tax_total'),
    amount_applied: MoneyOutput('Credit applied to bills so far.'),
    remaining_credit: MoneyOutput('total - amount_applied while issued; 0 for a draft or a void credit.'),
    memo: Type.String(),
    journal_entry: OrNull(Type.String(), { description: 'The entry posted by issue.' }),
    void_entry: OrNull(Type.String(), { description: 'The reversing entry of a void.' }),
    issued_at: OrNull(Type.String()),
    voided_at: OrNull(Type.String()),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
    lines: Bill.properties.lines,
    applications: Type.Array(
      Type.Object({
        bill_id: Type.String({ format: 'uuid' }),
        bill_number: Type.String(),
        amount: MoneyOutput(),
        applied_date: Type.String({ format: 'date' }),
      }),
    ),
  },
  { $id: 'VendorCredit', title: 'VendorCredit' },
);

export const PageVendorCredit = Page(ref(VendorCredit), 'VendorCredit');

export const VendorCreditListQuery = Type.Object({
  ...CursorQuery,
  status: Type.Optional(Status),
  vendor: Type.Optional(Type.String({ description: 'Vendor id.' })),
});

const LinesDescription =
  'A bill’s lines: an account, or an item (non-inventory or service; an inventory item is refused until returns of stock). Each line’s account and tax rate’s account are credited at issue.';

export const VendorCreditCreate = Type.Object(
  {
    vendor: Uuid('Vendor id.'),
    vendor_reference: Type.Optional(VendorReference),
    credit_date: Type.Optional(DateString('Defaults to today in the organization time zone.')),
    lines: { ...LinesInput, description: LinesDescription },
    memo: Type.Optional(Memo),
    currency: Type.Optional(Type.String()),
  },
  { $id: 'VendorCreditCreate', title: 'VendorCreditCreate' },
);

export const VendorCreditUpdate = Type.Object(
  {
    vendor: Type.Optional(Uuid()),
    vendor_reference: Type.Optional(VendorReference),
    credit_date: Type.Optional(DateString()),
    lines: Type.Optional({ ...LinesInput, description: LinesDescription }),
    memo: Type.Optional(Memo),
    currency: Type.Optional(Type.String()),
    version: Type.Optional(Version),
  },
  { $id: 'VendorCreditUpdate', title: 'VendorCreditUpdate' },
);

export const VendorCreditApply = Type.Object(
  {
    applications: Type.Array(
      Type.Object({
        bill_id: Uuid('An open bill of the credit’s vendor.'),
        amount: MoneyInput('At most the bill’s balance due; together at most the remaining credit.'),
      }),
      { minItems: 1, maxItems: CREDIT_APPLICATIONS_MAX },
    ),
    version: Type.Optional(Version),
  },
  { $id: 'VendorCreditApply', title: 'VendorCreditApply' },
);

export const VENDOR_CREDIT_COMPONENTS = [
  VendorCredit,
  PageVendorCredit,
  VendorCreditCreate,
  VendorCreditUpdate,
  VendorCreditApply,
];
