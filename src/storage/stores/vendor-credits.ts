// The vendor-credits store (D87): vendor credits with their vendor's name, their lines (a bill's
// columns) and their applications to bills, all from the one document store. Every function takes the
// handle first; amounts come back as NUMERIC text.
import type { VendorCreditStatus } from '../../domain/vendor-credit.ts';
import { filteredList } from '../keyset.ts';
import { isoTimestamp } from '../sql.ts';
import { type NewBillLine, PURCHASE_LINE_COLUMNS } from './bills.ts';
import { creditApplications, documentStore, linesTable } from './document-store.ts';

export interface VendorCreditRow {
  id: string;
  number: string | null;
  vendor_id: string;
  vendor_name: string;
  vendor_reference: string;
  status: VendorCreditStatus;
  credit_date: string;
  currency: string;
  memo: string;
  subtotal: string;
  tax_total: string;
  total: string;
  amount_applied: string;
  journal_entry_id: string | null;
  void_entry_id: string | null;
  issued_at: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface VendorCreditLineRow {
  vendor_credit_id: string;
  line_no: number;
  item_id: string | null;
  description: string;
  quantity: string;
  unit_cost: string;
  amount: string;
  account_id: string;
  tax_rate_id: string | null;
  tax_amount: string;
  tracking_options: string[];
}

export interface VendorCreditApplicationRow {
  vendor_credit_id: string;
  line_no: number;
  bill_id: string;
  bill_number: string;
  amount: string;
  applied_date: string;
}

const VENDOR_CREDIT_SELECT = `SELECT c.id, c.number, c.vendor_id, v.display_name AS vendor_name, c.vendor_reference,
  c.status, c.credit_date::text AS credit_date, c.currency, c.memo, c.subtotal::text AS subtotal,
  c.tax_total::text AS tax_total, c.total::text AS total, c.amount_applied::text AS amount_applied,
  c.journal_entry_id, c.void_entry_id, ${isoTimestamp('c.issued_at')} AS issued_at,
  ${isoTimestamp('c.voided_at')} AS voided_at, c.version,
  ${isoTimestamp('c.created_at')} AS created_at, ${isoTimestamp('c.updated_at')} AS updated_at
  FROM vendor_credits c JOIN vendors v ON v.organization_id = c.organization_id AND v.id = c.vendor_id`;

/** The header fields a vendor credit draft has of its own (memo and totals are every draft's). */
export interface DraftFields {
  vendorId: string;
  vendorReference: string;
  creditDate: string;
}

const LINES = linesTable<VendorCreditLineRow, NewBillLine, 'vendor_credit_id'>({
  table: 'vendor_credit_lines',
  parent: 'vendor_credit_id',
  columns: PURCHASE_LINE_COLUMNS,
});

/**
 * find, lock (FOR UPDATE OF c: every write of a credit takes it first, so two applies of one credit
 * queue here), the draft's insert, update and delete (no number yet: taken at issue), setStatus (issue
 * with its number, void with its reversal) and the lines.
 */
export const {
  find,
  lock,
  insertDraft,
  updateDraft,
  deleteDraft,
  setStatus,
  linesOf,
  insertLines,
  deleteLines,
} = documentStore<VendorCreditRow, DraftFields, 'issued', typeof LINES>({
  table: 'vendor_credits',
  alias: 'c',
  select: VENDOR_CREDIT_SELECT,
  header: ['vendorId', 'vendorReference', 'creditDate'],
  posted: { status: 'issued', at: 'issued_at' },
  lines: LINES,
});

/** The applications of each credit (with the number of the bill each settles), and applyCredit. */
export const { applicationsOf, applyCredit } = creditApplications<
  VendorCreditApplicationRow,
  'vendor_credit_id'
>({
  table: 'vendor_credit_applications',
  parent: 'vendor_credit_id',
  documents: 'vendor_credits',
  target: { table: 'bills', column: 'bill_id', what: 'bill' },
});

export interface VendorCreditFilters {
  status: string | null;
  vendorId: string | null;
}

/** One keyset page (D31) of the credits that pass the filters: status, vendor. */
export const page = filteredList<VendorCreditRow, VendorCreditFilters>({
  select: VENDOR_CREDIT_SELECT,
  where: `c.organization_id = $1
      AND ($2::text IS NULL OR c.status = $2) AND ($3::uuid IS NULL OR c.vendor_id = $3)`,
  params: (filters) => [filters.status, filters.vendorId],
  alias: 'c',
});
