// The vendor-credits store (D87): vendor credits with their vendor's name, their lines (a bill's
// columns) and their applications to bills, all from the one document store. Every function takes the
// handle first; amounts come back as NUMERIC text.
import { VENDOR_CREDIT_SORT_KEYS, type VendorCreditSortKey } from '../../domain/list-order.ts';
import type { VendorCreditStatus } from '../../domain/vendor-credit.ts';
import { type BillLineRow, type NewBillLine, PURCHASE_LINE_COLUMNS } from './bills.ts';
import {
  type CreditColumns,
  creditApplications,
  creditStore,
  linesTable,
  VENDORS,
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

/** Vendor credits as a credit kind: numbered at issue, their credit applied to bills, with their vendor. */
const VENDOR_CREDITS = creditStore<VendorCreditRow, DraftFields, typeof LINES, VendorCreditSortKey>({
  table: 'vendor_credits',
  alias: 'c',
  counterparty: VENDORS,
  columns: ['c.vendor_reference', 'c.credit_date::text AS credit_date'],
  date: 'credit_date',
  sortKeys: VENDOR_CREDIT_SORT_KEYS,
  header: ['vendorId', 'vendorReference', 'creditDate'],
  lines: LINES,
});

/**
 * The credits as documents with lines, from the one document store: find, lock (FOR UPDATE OF c: every
 * write of a credit takes it first, so two applies of one credit queue there), the draft's insert,
 * update and delete (no number yet: taken at issue), setStatus (issue with its number, void with its
 * reversal) and the lines; and one keyset page of the credits that pass the filters (status, vendor)
 * and their totals row.
 */
export const { page, totals, ...documents } = VENDOR_CREDITS;

/** The applications of each credit (with the number of the bill each settles), and applyCredit. */
export const applications = creditApplications<VendorCreditApplicationRow, 'vendor_credit_id'>({
  table: 'vendor_credit_applications',
  parent: 'vendor_credit_id',
  documents: 'vendor_credits',
  target: { table: 'bills', column: 'bill_id', what: 'bill' },
});
