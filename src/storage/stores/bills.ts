// The bills store (D54): bills with their vendor's name, their lines, and the writes that move them.
// Every function takes the handle first and plain values; amounts come back as NUMERIC text.
import type { BillStatus } from '../../domain/bill.ts';
import type { Queryable } from '../db.ts';
import { filteredList } from '../keyset.ts';
import { insertRowsSql, SqlParams, uuidListColumn } from '../rows.ts';
import { childrenOf, isoTimestamp, rowById } from '../sql.ts';

export interface BillRow {
  id: string;
  number: string;
  vendor_id: string;
  vendor_name: string;
  vendor_reference: string;
  status: BillStatus;
  bill_date: string;
  due_date: string;
  currency: string;
  memo: string;
  subtotal: string;
  tax_total: string;
  total: string;
  amount_paid: string;
  journal_entry_id: string | null;
  void_entry_id: string | null;
  opened_at: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface BillLineRow {
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

const BILL_SELECT = `SELECT b.id, b.number, b.vendor_id, v.display_name AS vendor_name, b.vendor_reference,
  b.status, b.bill_date::text AS bill_date, b.due_date::text AS due_date, b.currency, b.memo,
  b.subtotal::text AS subtotal, b.tax_total::text AS tax_total, b.total::text AS total,
  b.amount_paid::text AS amount_paid, b.journal_entry_id, b.void_entry_id,
  ${isoTimestamp('b.opened_at')} AS opened_at, ${isoTimestamp('b.voided_at')} AS voided_at, b.version,
  ${isoTimestamp('b.created_at')} AS created_at, ${isoTimestamp('b.updated_at')} AS updated_at
  FROM bills b JOIN vendors v ON v.organization_id = b.organization_id AND v.id = b.vendor_id`;

/** One bill, or undefined (a malformed id is a bill that does not exist). */
export function find(db: Queryable, organizationId: string, id: string): Promise<BillRow | undefined> {
  return rowById<BillRow>(db, BILL_SELECT, organizationId, id, 'none', 'b');
}

/** The bill row locked until commit (FOR UPDATE OF b), for a write that depends on it. */
export function lock(tx: Queryable, organizationId: string, id: string): Promise<BillRow | undefined> {
  return rowById<BillRow>(tx, BILL_SELECT, organizationId, id, 'update', 'b');
}

/** The lines of each bill, in line order. */
export const linesOf = childrenOf<BillLineRow, 'bill_id'>(
  `SELECT bill_id, line_no, item_id, description, quantity::text AS quantity, unit_cost::text AS unit_cost,
          amount::text AS amount, account_id, tax_rate_id, tax_amount::text AS tax_amount,
          tracking_options::text[] AS tracking_options
     FROM bill_lines WHERE organization_id = $1 AND bill_id = ANY($2::uuid[])
    ORDER BY bill_id, line_no`,
  'bill_id',
);

export interface BillFilters {
  status: string | null;
  vendorId: string | null;
  /** A LIKE pattern (already escaped) matched against the lower-case number, reference and vendor name. */
  searchPattern: string | null;
}

/** One keyset page (PAGE_SIZE + 1 rows at most) of the bills that pass the filters (D31). */
export const page = filteredList<BillRow, BillFilters>({
  select: BILL_SELECT,
  where: `b.organization_id = $1
      AND ($2::text IS NULL OR b.status = $2) AND ($3::uuid IS NULL OR b.vendor_id = $3)
      AND ($4::text IS NULL OR lower(b.number) LIKE $4 OR lower(b.vendor_reference) LIKE $4
           OR lower(v.display_name) LIKE $4)`,
  params: (filters) => [filters.status, filters.vendorId, filters.searchPattern],
  alias: 'b',
});

/** What a draft's header holds; amounts as NUMERIC text. */
export interface BillDraftFields {
  vendorId: string;
  vendorReference: string;
  billDate: string;
  dueDate: string;
  memo: string;
  subtotal: string;
  taxTotal: string;
  total: string;
}

export async function insertDraft(
  tx: Queryable,
  draft: BillDraftFields & { id: string; organizationId: string; number: string; currency: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO bills (id, organization_id, number, vendor_id, vendor_reference, status, bill_date, due_date,
        currency, memo, subtotal, tax_total, total)
     VALUES ($1, $2, $3, $4, $5, 'draft', $6, $7, $8, $9, $10, $11, $12)`,
    [
      draft.id,
      draft.organizationId,
      draft.number,
      draft.vendorId,
      draft.vendorReference,
      draft.billDate,
      draft.dueDate,
      draft.currency,
      draft.memo,
      draft.subtotal,
      draft.taxTotal,
      draft.total,
    ],
  );
}

export async function updateDraft(
  tx: Queryable,
  organizationId: string,
  id: string,
  draft: BillDraftFields & { version: number },
): Promise<void> {
  await tx.query(
    `UPDATE bills SET vendor_id = $3, vendor_reference = $4, bill_date = $5, due_date = $6, memo = $7,
            subtotal = $8, tax_total = $9, total = $10, version = $11, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [
      organizationId,
      id,
      draft.vendorId,
      draft.vendorReference,
      draft.billDate,
      draft.dueDate,
      draft.memo,
      draft.subtotal,
      draft.taxTotal,
      draft.total,
      draft.version,
    ],
  );
}

/** A bill line to store; amounts as NUMERIC text. */
export interface NewBillLine {
  itemId: string | null;
  description: string;
  quantity: string;
  unitCost: string;
  amount: string;
  accountId: string;
  taxRateId: string | null;
  taxAmount: string;
  trackingOptionIds: string[];
}

/** Every line of a bill in one statement, numbered from 1 in the order given. */
export async function insertLines(
  tx: Queryable,
  organizationId: string,
  billId: string,
  lines: NewBillLine[],
): Promise<void> {
  const params = new SqlParams();
  const sql = insertRowsSql(params, {
    table: 'bill_lines',
    fixed: { organization_id: params.add(organizationId), bill_id: params.add(billId) },
    ordinalColumn: 'line_no',
    columns: [
      { name: 'item_id', type: 'uuid', values: lines.map((line) => line.itemId) },
      { name: 'description', type: 'text', values: lines.map((line) => line.description) },
      { name: 'quantity', type: 'numeric', values: lines.map((line) => line.quantity) },
      { name: 'unit_cost', type: 'numeric', values: lines.map((line) => line.unitCost) },
      { name: 'amount', type: 'numeric', values: lines.map((line) => line.amount) },
      { name: 'account_id', type: 'uuid', values: lines.map((line) => line.accountId) },
      { name: 'tax_rate_id', type: 'uuid', values: lines.map((line) => line.taxRateId) },
      { name: 'tax_amount', type: 'numeric', values: lines.map((line) => line.taxAmount) },
      uuidListColumn(
        'tracking_options',
        lines.map((line) => line.trackingOptionIds),
      ),
    ],
  });
  await tx.query(sql, params.values);
}

export async function deleteLines(tx: Queryable, organizationId: string, billId: string): Promise<void> {
  await tx.query('DELETE FROM bill_lines WHERE organization_id = $1 AND bill_id = $2', [
    organizationId,
    billId,
  ]);
}

const STATUS_COLUMNS = {
  open: { entry: 'journal_entry_id', at: 'opened_at' },
  void: { entry: 'void_entry_id', at: 'voided_at' },
} as const;

/** draft -> open (pointing at its entry) or -> void (at its reversing entry; null for a draft). */
export async function setStatus(
  tx: Queryable,
  organizationId: string,
  id: string,
  change: { status: keyof typeof STATUS_COLUMNS; entryId: string | null; version: number },
): Promise<void> {
  const columns = STATUS_COLUMNS[change.status];
  await tx.query(
    `UPDATE bills SET status = $3, ${columns.entry} = $4, ${columns.at} = clock_timestamp(), version = $5,
            updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, change.status, change.entryId, change.version],
  );
}

/** A bill as a bill payment applied to it sees it. */
export interface PayableBillRow {
  id: string;
  number: string;
  vendor_id: string;
  status: BillStatus;
  total: string;
  amount_paid: string;
  version: number;
}

/**
 * Locks the bills a bill payment applies to (or takes itself off), in id order: concurrent payments
 * queue here and each then sees the balance the previous one left (READ COMMITTED re-reads a row
 * after its lock), so none over-applies and none deadlocks.
 */
export function lockPayable(tx: Queryable, organizationId: string, ids: string[]): Promise<PayableBillRow[]> {
  return tx.query<PayableBillRow>(
    `SELECT id, number, vendor_id, status, total::text AS total, amount_paid::text AS amount_paid, version
       FROM bills WHERE organization_id = $1 AND id = ANY($2::uuid[])
      ORDER BY id FOR UPDATE`,
    [organizationId, ids],
  );
}

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
  await tx.query(
    `UPDATE bills b SET amount_paid = m.paid, status = m.status, version = m.version, updated_at = clock_timestamp()
       FROM unnest($2::uuid[], $3::numeric[], $4::text[], $5::int[]) AS m(id, paid, status, version)
      WHERE b.organization_id = $1 AND b.id = m.id`,
    [
      organizationId,
      moves.map((m) => m.id),
      moves.map((m) => m.amountPaid),
      moves.map((m) => m.status),
      moves.map((m) => m.version),
    ],
  );
}
