// Inventory adjustments (D52): numbered, posted at once, immutable.
import type { Queryable } from '../db.ts';
import { type PageCursor, selectPage } from '../keyset.ts';
import { isoTimestamp, rowById } from '../sql.ts';

export interface AdjustmentRow {
  id: string;
  number: string;
  item_id: string;
  item_name: string;
  adjustment_date: string;
  quantity: string;
  unit_cost: string;
  value: string;
  account_id: string;
  memo: string;
  journal_entry_id: string | null;
  version: number;
  created_at: string;
}

const ADJUSTMENT_SELECT = `SELECT a.id, a.number, a.item_id, i.name AS item_name,
  to_char(a.adjustment_date, 'YYYY-MM-DD') AS adjustment_date, a.quantity::text, a.unit_cost::text,
  a.value::text, a.account_id, a.memo, a.journal_entry_id, a.version, ${isoTimestamp('a.created_at')} AS created_at
  FROM inventory_adjustments a JOIN items i ON i.organization_id = a.organization_id AND i.id = a.item_id`;

export function find(db: Queryable, organizationId: string, id: string) {
  return rowById<AdjustmentRow>(db, ADJUSTMENT_SELECT, organizationId, id, 'none', 'a');
}

/** One keyset page (D31), of one item's adjustments when `itemId` is set. */
export function page(
  db: Queryable,
  organizationId: string,
  itemId: string | null,
  cursor: PageCursor | undefined,
) {
  return selectPage<AdjustmentRow>(db, {
    select: ADJUSTMENT_SELECT,
    where: 'a.organization_id = $1 AND ($2::uuid IS NULL OR a.item_id = $2)',
    params: [organizationId, itemId],
    cursor,
    alias: 'a',
  });
}

export interface NewAdjustment {
  id: string;
  number: string;
  itemId: string;
  date: string;
  quantity: string;
  unitCost: string;
  value: string;
  accountId: string;
  memo: string;
  journalEntryId: string | null;
}

export async function insert(tx: Queryable, organizationId: string, adjustment: NewAdjustment) {
  await tx.query(
    `INSERT INTO inventory_adjustments (organization_id, id, number, item_id, adjustment_date, quantity, unit_cost,
                                        value, account_id, memo, journal_entry_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      organizationId,
      adjustment.id,
      adjustment.number,
      adjustment.itemId,
      adjustment.date,
      adjustment.quantity,
      adjustment.unitCost,
      adjustment.value,
      adjustment.accountId,
      adjustment.memo,
      adjustment.journalEntryId,
    ],
  );
}
