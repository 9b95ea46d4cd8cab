// The vendor-credits store (D87): vendor credits with their vendor's name, their lines (a bill's
// columns) and their applications to bills, all from the one document store. Every function takes the
// handle first; amounts come back as NUMERIC text.
import type { VendorCreditSortKey } from '../../domain/list-order.ts';
import type { VendorCreditStatus } from '../../domain/vendor-credit.ts';
import type { SortColumn } from '../keyset.ts';
import { type BillLineRow, type NewBillLine, PURCHASE_LINE_COLUMNS } from './bills.ts';
import {
  type CreditColumns,
  creditApplications,
  creditColumns,
  creditTotals,
  documentStore,
  linesTable,
  statusPage,
} from './document-store.ts';

export interface VendorCreditRow extends CreditColumns<VendorCreditStatus> {
  vendor_id: string;
  vendor_name: string;
  vendor_reference: string;
  credit_date: string;
}

/** A stored line: a bill line's columns under the credit's id. */
export type VendorCreditLineRow = Omit<BillLineRow, 'bill_id'> & { vendor_credit_id: string };

export interface VendorCreditApplicationRow {
  vendor_credit_id: string;
  line_no: number;
  bill_id: string;
  bill_number: string;
  amount: string;
  applied_date: string;
}

const VENDOR_CREDIT_SELECT = `SELECT ${creditColumns('c')}, c.vendor_id, v.display_name AS vendor_name,
  c.vendor_reference, c.credit_date::text AS credit_date
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
  taxes: 'vendor_credit_line_taxes',
});

/**
 * The credits as documents with lines, from the one document store: find, lock (FOR UPDATE OF c: every
 * write of a credit takes it first, so two applies of one credit queue there), the draft's insert,
 * update and delete (no number yet: taken at issue), setStatus (issue with its number, void with its
 * reversal) and the lines.
 */
export const documents = documentStore<VendorCreditRow, DraftFields, 'issued', typeof LINES>({
  table: 'vendor_credits',
  alias: 'c',
  select: VENDOR_CREDIT_SELECT,
  header: ['vendorId', 'vendorReference', 'creditDate'],
  posted: { status: 'issued', at: 'issued_at' },
  lines: LINES,
});

/** The applications of each credit (with the number of the bill each settles), and applyCredit. */
export const applications = creditApplications<VendorCreditApplicationRow, 'vendor_credit_id'>({
  table: 'vendor_credit_applications',
  parent: 'vendor_credit_id',
  documents: 'vendor_credits',
  target: { table: 'bills', column: 'bill_id', what: 'bill' },
});

/** One keyset page of the credits that pass the filters: status, vendor. */
/** The keys `?sort=` takes, each with an index of migration 0028 but the vendor's name (a join). */
const SORTS: Record<VendorCreditSortKey, SortColumn> = {
  // A draft has no number until it is issued: it sorts as an empty one (first ascending).
  number: { expression: "COALESCE(c.number, '')", type: 'text' },
  credit_date: { expression: 'c.credit_date', type: 'date' },
  vendor: { expression: 'v.display_name', type: 'text' },
  total: { expression: 'c.total', type: 'numeric' },
};

export const page = statusPage<VendorCreditRow, VendorCreditSortKey>(
  VENDOR_CREDIT_SELECT,
  'c',
  'vendor_id',
  SORTS,
);

/** The totals of every credit that passes the list's filters (status, vendor): its totals row. */
export const totals = creditTotals('vendor_credits', 'vendor_id');
