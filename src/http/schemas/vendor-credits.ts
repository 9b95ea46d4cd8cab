// Vendor credits (D87): responses, request bodies, the page. Lines are a bill's lines (in and out),
// applications name bills; the fields a credit shares with a credit note read the same.
import { Type } from '@sinclair/typebox';
import { VENDOR_CREDIT_SORT_KEYS } from '../../domain/list-order.ts';
import { VENDOR_CREDIT_STATUSES } from '../../domain/vendor-credit.ts';
import * as S from './common.ts';
import { CreditNote, CreditNoteApply, CreditNoteListQuery, CreditNoteSummary } from './credit-notes.ts';
import { Bill, BillCreate } from './payables.ts';

const Status = S.Literals(VENDOR_CREDIT_STATUSES, { description: 'draft, issued or void' });
const { lines: LinesInput, memo: Memo, vendor_reference: VendorReference } = BillCreate.properties;

// The fields every credit document has read as a credit note's (remaining_credit, the entries, the
// timestamps); a vendor credit names its vendor and bills instead of a customer and invoices.
const { customer, customer_name, issue_date, number, amount_applied, ...creditFields } =
  CreditNoteSummary.properties;
const { invoice_id, invoice_number, ...applied } = CreditNote.properties.applications.items.properties;

export const VendorCredit = Type.Object(
  {
    ...creditFields,
    number: S.OrNull(Type.String(), {
      description: 'VC-000001, allocated when the credit is issued (gapless); null on a draft.',
    }),
    vendor: Bill.properties.vendor,
    vendor_name: Bill.properties.vendor_name,
    vendor_reference: Type.String({ description: "The vendor's own number for the credit." }),
    status: Status,
    credit_date: Type.String({ format: 'date' }),
    amount_applied: S.MoneyOutput('Credit applied to bills so far.'),
    lines: Bill.properties.lines,
    applications: Type.Array(
      Type.Object({ bill_id: Type.String({ format: 'uuid' }), bill_number: Type.String(), ...applied }),
    ),
  },
  { $id: 'VendorCredit', title: 'VendorCredit' },
);

export const PageVendorCredit = S.Page(S.ref(VendorCredit), 'VendorCredit');

const { customer: _, sort: _creditNoteSort, ...listQuery } = CreditNoteListQuery.properties;
export const VendorCreditListQuery = Type.Object({
  ...listQuery,
  vendor: Type.Optional(Type.String({ description: 'Vendor id.' })),
  sort: S.SortQuery(VENDOR_CREDIT_SORT_KEYS),
});

/** The list's filters (status, vendor), which its totals take. */
const { cursor: _cursor, sort: _sort, ...totalsQuery } = VendorCreditListQuery.properties;
export const VendorCreditTotalsQuery = Type.Object(totalsQuery);

const LinesDescription =
  'A bill’s lines: an account, or an item (non-inventory or service; an inventory item is refused until returns of stock). Each line’s account and tax rate’s account are credited at issue.';

const CreateFields = {
  vendor: S.Uuid('Vendor id.'),
  vendor_reference: VendorReference,
  credit_date: Type.Optional(S.DateString('Defaults to today in the organization time zone.')),
  lines: { ...LinesInput, description: LinesDescription },
  memo: Memo,
  currency: Type.Optional(Type.String()),
};

export const VendorCreditCreate = Type.Object(CreateFields, {
  $id: 'VendorCreditCreate',
  title: 'VendorCreditCreate',
});

export const VendorCreditUpdate = Type.Object(
  { ...Type.Partial(Type.Object(CreateFields)).properties, version: Type.Optional(S.Version) },
  { $id: 'VendorCreditUpdate', title: 'VendorCreditUpdate' },
);

const { applications, version } = CreditNoteApply.properties;
export const VendorCreditApply = Type.Object(
  {
    applications: Type.Array(
      Type.Object({
        bill_id: S.Uuid('An open bill of the credit’s vendor.'),
        amount: S.MoneyInput('At most the bill’s balance due; together at most the remaining credit.'),
      }),
      { minItems: applications.minItems, maxItems: applications.maxItems },
    ),
    version,
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
