// Stock movements (D49): one row per move of an inventory item, written only by posting documents.
import { parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../db.ts';
import type { PageCursor } from '../keyset.ts';
import { selectPage } from '../keyset.ts';
import { isoTimestamp } from '../sql.ts';

export interface MovementRow {
  id: string;
  item_id: string;
  movement_date: string;
  quantity: string;
  unit_cost: string;
  value: string;
  quantity_after: string;
  value_after: string;
  source_type: string;
  source_id: string;
  created_at: string;
}

export interface NewMovement {
  id: string;
  itemId: string;
  date: string;
  quantity: string;
  unitCost: string;
  value: string;
  quantityAfter: string;
  valueAfter: string;
  sourceType: string;
  sourceId: string;
}

export async function insert(tx: Queryable, organizationId: string, movement: NewMovement) {
  await tx.query(
    `INSERT INTO stock_movements (organization_id, id, item_id, movement_date, quantity, unit_cost, value,
                                  quantity_after, value_after, source_type, source_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      organizationId,
      movement.id,
      movement.itemId,
      movement.date,
      movement.quantity,
      movement.unitCost,
      movement.value,
      movement.quantityAfter,
      movement.valueAfter,
      movement.sourceType,
      movement.sourceId,
    ],
  );
}

/** One keyset page of an item's movements, in posting order (oldest first, D31). */
export function page(db: Queryable, organizationId: string, itemId: string, cursor: PageCursor | undefined) {
  return selectPage<MovementRow>(db, {
    select: `SELECT id, item_id, to_char(movement_date, 'YYYY-MM-DD') AS movement_date, quantity::text,
                    unit_cost::text, value::text, quantity_after::text, value_after::text, source_type,
                    source_id, ${isoTimestamp('created_at')} AS created_at FROM stock_movements`,
    where: 'organization_id = $1 AND item_id = $2',
    params: [organizationId, itemId],
    cursor,
  });
}

/** Whether the item has ever moved (its type and asset account are then frozen, D47). */
export async function hasAny(db: Queryable, organizationId: string, itemId: string): Promise<boolean> {
  const [row] = await db.query(
    'SELECT 1 FROM stock_movements WHERE organization_id = $1 AND item_id = $2 LIMIT 1',
    [organizationId, itemId],
  );
  return row !== undefined;
}

/**
 * D51: the least quantity each item holds on any day from `date` on: its quantity at the end of
 * `date` (zero before its first movement) and after every later day that moved it.
 */
export async function leastOnHandFrom(
  db: Queryable,
  organizationId: string,
  itemIds: string[],
  date: string,
): Promise<Map<string, string>> {
  const rows = await db.query<{ item_id: string; least: string }>(
    `WITH daily AS (
       SELECT item_id, movement_date, sum(quantity) AS moved
         FROM stock_movements
        WHERE organization_id = $1 AND item_id = ANY($2::uuid[])
        GROUP BY item_id, movement_date),
     running AS (
       SELECT item_id, movement_date, sum(moved) OVER (PARTITION BY item_id ORDER BY movement_date) AS on_hand
         FROM daily)
     SELECT i.id AS item_id,
            -- LEAST ignores the NULL of an item that no later day moved
            LEAST(COALESCE((SELECT r.on_hand FROM running r WHERE r.item_id = i.id AND r.movement_date <= $3::date
                             ORDER BY r.movement_date DESC LIMIT 1), 0),
                  (SELECT min(r.on_hand) FROM running r WHERE r.item_id = i.id AND r.movement_date > $3::date))::text
              AS least
       FROM unnest($2::uuid[]) AS i(id)`,
    [organizationId, [...new Set(itemIds)], date],
  );
  return new Map(rows.map((row) => [row.item_id, row.least]));
}

/** Per item, the quantity and value of its movements dated on or before `asOf` (the valuation report). */
export async function stockAsOf(db: Queryable, organizationId: string, asOf: string) {
  return db.query<{ item_id: string; quantity: string; value: string }>(
    `SELECT item_id, sum(quantity)::text AS quantity, sum(value)::text AS value
       FROM stock_movements WHERE organization_id = $1 AND movement_date <= $2::date
      GROUP BY item_id`,
    [organizationId, asOf],
  );
}

/** The movements a document made (its source), in posting order, amounts as scale-4 units. */
export async function ofSource(db: Queryable, organizationId: string, sourceType: string, sourceId: string) {
  const rows = await db.query<{ item_id: string; quantity: string; unit_cost: string; value: string }>(
    `SELECT item_id, quantity::text, unit_cost::text, value::text FROM stock_movements
      WHERE organization_id = $1 AND source_id = $2 AND source_type = $3 ORDER BY created_at, id`,
    [organizationId, sourceId, sourceType],
  );
  const units = (text: string) => parseMoney(text);
  return rows.map((row) => ({
    item_id: row.item_id,
    quantity: units(row.quantity),
    unit_cost: units(row.unit_cost),
    value: units(row.value),
  }));
}
