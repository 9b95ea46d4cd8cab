// The bills store (D54): bills with their vendor's name, their lines, and the writes that move them.
// Every function takes the handle first and plain values; amounts come back as NUMERIC text.
import type { BillStatus } from '../../domain/bill.ts';
import { BILL_SORT_KEYS, type BillSortKey } from '../../domain/list-order.ts';
import type { Queryable } from '../db.ts';
import { SqlParams } from '../rows.ts';
import {
  linesTable,
  type NewPricedLine,
  pricedLineColumns,
  type SettledColumns,
  type SettledRow,
  type StoredLineTaxes,
  settledLocker,
  settledStore,
  settleSql,
  VENDORS,
} from './document-store.ts';

export type BillRow = SettledColumns<BillStatus, 'opened_at'> & {
  vendor_id: string;
  vendor_name: string;
  vendor_reference: string;
  bill_date: string;
  due_date: string;
};

export interface BillLineRow extends StoredLineTaxes {
  bill_id: string;
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

/** The header fields a bill draft has of its own (memo and totals are every draft's). */
export interface BillDraftFields {
  vendorId: string;
  vendorReference: string;
  billDate: string;
  dueDate: string;
}

/** A bill line to store; amounts as NUMERIC text. */
export interface NewBillLine extends NewPricedLine {
  unitCost: string;
  accountId: string;
}

/** The columns of a purchase line (a bill's, a vendor credit's, D87). */
export const PURCHASE_LINE_COLUMNS = pricedLineColumns<NewBillLine>(
  { name: 'unit_cost', type: 'numeric', value: (line) => line.unitCost },
  { name: 'account_id', type: 'uuid', value: (line) => line.accountId },
);

const BILL_LINES = linesTable<BillLineRow, NewBillLine, 'bill_id'>({
  table: 'bill_lines',
  parent: 'bill_id',
  columns: PURCHASE_LINE_COLUMNS,
  taxes: 'bill_line_taxes',
});

/** Bills as a settled kind: numbered as drafts, opened, paid and credited, with their vendor. */
const BILLS = settledStore<BillRow, BillDraftFields, 'open', typeof BILL_LINES, BillSortKey>({
  table: 'bills',
  alias: 'b',
  counterparty: VENDORS,
  columns: ['b.vendor_reference', 'b.bill_date::text AS bill_date', 'b.due_date::text AS due_date'],
  date: 'bill_date',
  sortKeys: BILL_SORT_KEYS,
  reference: 'vendor_reference',
  header: ['vendorId', 'vendorReference', 'billDate', 'dueDate'],
  posted: { status: 'open', at: 'opened_at' },
  lines: BILL_LINES,
});

/**
 * find, lock, insertDraft, updateDraft, setStatus (draft -> open pointing at its entry, or -> void at
 * its reversal; null for a draft) and the lines, from the one document store.
 */
export const { find, lock, insertDraft, updateDraft, setStatus, linesOf, insertLines, deleteLines } = BILLS;

/**
 * The bills that pass the filters (status, vendor, bill-date range, search on the number, the vendor's
 * reference and the vendor's name, overdue: open and due before today, D24 for bills): a keyset page
 * and the totals.
 */
export const { page, totals } = BILLS;

/** A bill as a bill payment or a vendor credit applied to it sees it. */
export type PayableBillRow = SettledRow<BillStatus, 'vendor_id'>;

/** Locks the bills a bill payment or a vendor credit applies to (or takes itself off), in id order (settledLocker). */
export const lockPayable = settledLocker<BillStatus, 'vendor_id'>('bills', 'vendor_id');

/** What a bill payment makes of a bill (D55), with its new version. */
export interface BillMove {
  id: string;
  amountPaid: string;
  status: BillStatus;
  version: number;
}

/** The bills a payment moves, in one statement. */
export async function moveBills(tx: Queryable, organizationId: string, moves: BillMove[]): Promise<void> {
  if (moves.length === 0) return;
  const params = new SqlParams();
  const organization = params.add(organizationId);
  const paid = { table: 'bills', column: 'amount_paid' } as const;
  await tx.query(
    settleSql(params, organization, paid, moves, (m) => m.amountPaid),
    params.values,
  );
}
