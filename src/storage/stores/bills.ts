// The bills store (D54): bills with their vendor's name, their lines, and the writes that move them.
// Every function takes the handle first and plain values; amounts come back as NUMERIC text.
import type { BillStatus } from '../../domain/bill.ts';
import type { BillSortKey } from '../../domain/list-order.ts';
import type { Queryable } from '../db.ts';
import type { SortColumn } from '../keyset.ts';
import { SqlParams } from '../rows.ts';
import {
  documentStore,
  linesTable,
  type NewPricedLine,
  pricedLineColumns,
  type SettledColumns,
  type SettledRow,
  type StoredLineTaxes,
  settledColumns,
  settledList,
  settledLocker,
  settleSql,
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

const BILL_COLUMNS = `${settledColumns('b', 'opened_at')}, b.vendor_id, v.display_name AS vendor_name,
  b.vendor_reference, b.bill_date::text AS bill_date, b.due_date::text AS due_date`;
const BILL_FROM = 'bills b JOIN vendors v ON v.organization_id = b.organization_id AND v.id = b.vendor_id';
const BILL_SELECT = `SELECT ${BILL_COLUMNS} FROM ${BILL_FROM}`;

/**
 * A bill's balance due as SQL (the domain's billBalanceDue: 0 when void). Written exactly as the
 * expression index of migration 0028, so the planner matches it.
 */
const BALANCE_DUE = `CASE WHEN b.status = 'void' THEN 0::numeric ELSE b.total - b.amount_paid - b.amount_credited END`;

/** The keys `?sort=` takes, each with an index of migration 0028 but the vendor's name (a join). */
const SORTS: Record<BillSortKey, SortColumn> = {
  number: { expression: 'b.number', type: 'text' },
  bill_date: { expression: 'b.bill_date', type: 'date' },
  due_date: { expression: 'b.due_date', type: 'date' },
  vendor: { expression: 'v.display_name', type: 'text' },
  total: { expression: 'b.total', type: 'numeric' },
  balance_due: { expression: BALANCE_DUE, type: 'numeric' },
};

/**
 * The bills that pass the filters (status, vendor, bill-date range, search on the number, the
 * vendor's reference and the vendor's name, overdue: open and due before today, D24 for bills): a
 * keyset page and the totals.
 */
export const { page, totals } = settledList<BillRow, BillSortKey>({
  columns: BILL_COLUMNS,
  from: BILL_FROM,
  alias: 'b',
  counterparty: { column: 'vendor_id', name: 'v.display_name' },
  date: 'bill_date',
  reference: 'vendor_reference',
  owed: 'open',
  balanceDue: BALANCE_DUE,
  sorts: SORTS,
});

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

/**
 * find, lock, insertDraft, updateDraft, setStatus (draft -> open pointing at its entry, or -> void at
 * its reversal; null for a draft) and the lines, from the one document store.
 */
export const { find, lock, insertDraft, updateDraft, setStatus, linesOf, insertLines, deleteLines } =
  documentStore<BillRow, BillDraftFields, 'open', typeof BILL_LINES>({
    table: 'bills',
    alias: 'b',
    select: BILL_SELECT,
    header: ['vendorId', 'vendorReference', 'billDate', 'dueDate'],
    posted: { status: 'open', at: 'opened_at' },
    lines: BILL_LINES,
  });

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
