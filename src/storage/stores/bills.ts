// The bills store (D54): bills with their vendor's name, their lines, and the writes that move them.
// Every function takes the handle first and plain values; amounts come back as NUMERIC text.
import type { BillStatus } from '../../domain/bill.ts';
import type { BillSortKey } from '../../domain/list-order.ts';
import type { Queryable } from '../db.ts';
import { filteredList, type SortColumn } from '../keyset.ts';
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

const BILL_SELECT = `SELECT ${settledColumns('b', 'opened_at')}, b.vendor_id, v.display_name AS vendor_name,
  b.vendor_reference, b.bill_date::text AS bill_date, b.due_date::text AS due_date
  FROM bills b JOIN vendors v ON v.organization_id = b.organization_id AND v.id = b.vendor_id`;

/**
 * A bill's balance due as SQL (the domain's billBalanceDue: 0 when void). Written exactly as the
 * expression index of migration 0028, so the planner matches it.
 */
const BALANCE_DUE = `CASE WHEN b.status = 'void' THEN 0::numeric ELSE b.total - b.amount_paid - b.amount_credited END`;

export interface BillFilters {
  status: string | null;
  vendorId: string | null;
  /** A LIKE pattern (already escaped) matched against the lower-case number, reference and vendor name. */
  searchPattern: string | null;
  billDateFrom: string | null;
  billDateTo: string | null;
  /** Overdue (open and due before `today`, D24 for bills) or not; null: either. */
  overdue: boolean | null;
  /** The books' today, which `overdue` is judged on. */
  today: string;
}

/** The bills that pass the filters: $1 the organization, $2.. filterParams. */
const FILTERED = `b.organization_id = $1
      AND ($2::text IS NULL OR b.status = $2) AND ($3::uuid IS NULL OR b.vendor_id = $3)
      AND ($4::text IS NULL OR lower(b.number) LIKE $4 OR lower(b.vendor_reference) LIKE $4
           OR lower(v.display_name) LIKE $4)
      AND ($5::date IS NULL OR b.bill_date >= $5) AND ($6::date IS NULL OR b.bill_date <= $6)
      AND ($7::boolean IS NULL OR (b.status = 'open' AND b.due_date < $8::date) = $7)`;
const filterParams = (filters: BillFilters) => [
  filters.status,
  filters.vendorId,
  filters.searchPattern,
  filters.billDateFrom,
  filters.billDateTo,
  filters.overdue,
  filters.today,
];

/** The keys `?sort=` takes, each with an index of migration 0028 but the vendor's name (a join). */
const SORTS: Record<BillSortKey, SortColumn> = {
  number: { expression: 'b.number', type: 'text' },
  bill_date: { expression: 'b.bill_date', type: 'date' },
  due_date: { expression: 'b.due_date', type: 'date' },
  vendor: { expression: 'v.display_name', type: 'text' },
  total: { expression: 'b.total', type: 'numeric' },
  balance_due: { expression: BALANCE_DUE, type: 'numeric' },
};

/** One keyset page (PAGE_SIZE + 1 rows at most) of the bills that pass the filters (D31), in a sort order or D31's. */
export const page = filteredList<BillRow, BillFilters, BillSortKey>({
  select: BILL_SELECT,
  where: FILTERED,
  params: filterParams,
  alias: 'b',
  sorts: SORTS,
});

/** What a list's totals row shows: how many bills pass the filters, their totals and balances due summed. */
export interface TotalsRow {
  count: number;
  total: string;
  balance_due: string;
}

/** The totals of every bill that passes the filters (not of one page), in one aggregate. */
export async function totals(
  db: Queryable,
  organizationId: string,
  filters: BillFilters,
): Promise<TotalsRow> {
  const [row] = await db.query<TotalsRow>(
    `SELECT count(*)::int AS count, COALESCE(sum(b.total), 0)::text AS total,
            COALESCE(sum(${BALANCE_DUE}), 0)::text AS balance_due
       FROM bills b JOIN vendors v ON v.organization_id = b.organization_id AND v.id = b.vendor_id
      WHERE ${FILTERED}`,
    [organizationId, ...filterParams(filters)],
  );
  return row!;
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
