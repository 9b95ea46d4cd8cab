// The items store (D47): rows as stored with their stock totals, the keyset list, insert, update and
// the stock totals a movement changes. Every function takes the handle first.
import type { Queryable } from '../db.ts';
import { filteredList } from '../keyset.ts';
import { isoTimestamp, isUuid, type RowLock, rowById } from '../sql.ts';

export interface ItemFields {
  sku: string | null;
  name: string;
  type: string;
  description: string;
  sale_price: string;
  purchase_cost: string;
  income_account_id: string | null;
  expense_account_id: string | null;
  inventory_asset_account_id: string | null;
  tax_rate_id: string | null;
}

export interface ItemRow extends ItemFields {
  id: string;
  quantity_on_hand: string;
  inventory_value: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

const ITEM_SELECT = `SELECT id, sku, name, type, description, sale_price::text, purchase_cost::text,
  income_account_id, expense_account_id, inventory_asset_account_id, tax_rate_id,
  quantity_on_hand::text, inventory_value::text, is_active, version,
  ${isoTimestamp('created_at')} AS created_at, ${isoTimestamp('updated_at')} AS updated_at FROM items`;

export function find(db: Queryable, organizationId: string, id: string, lock: RowLock = 'none') {
  return rowById<ItemRow>(db, ITEM_SELECT, organizationId, id, lock);
}

/**
 * The items `ids` locked for a stock move, in id order: two documents moving the same items lock
 * them in the same order and never deadlock. Unknown ids are left out. FOR NO KEY UPDATE, not FOR
 * UPDATE: a move changes no key, and the weaker lock lets drafts whose lines name the item (their
 * foreign key takes KEY SHARE) be written while a sale of it is posting; FOR UPDATE made every new
 * invoice of a hot item wait behind its sales (bench/inventory.ts).
 */
export function lockMany(db: Queryable, organizationId: string, ids: string[]): Promise<ItemRow[]> {
  return db.query<ItemRow>(
    `${ITEM_SELECT} WHERE organization_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    [organizationId, [...new Set(ids)]],
  );
}

export interface ItemFilters {
  /** Lower-case text found in the name or the SKU. */
  search: string | null;
  type: string | null;
  isActive: boolean | null;
}

/** One keyset page (D31). strpos, not LIKE: "50%" means those characters. */
export const page = filteredList<ItemRow, ItemFilters>({
  select: ITEM_SELECT,
  where: `organization_id = $1
      AND ($2::text IS NULL OR strpos(lower(name), $2) > 0 OR strpos(lower(COALESCE(sku, '')), $2) > 0)
      AND ($3::text IS NULL OR type = $3) AND ($4::boolean IS NULL OR is_active = $4)`,
  params: (filters) => [filters.search, filters.type, filters.isActive],
});

const fieldValues = (item: ItemFields) => [
  item.sku,
  item.name,
  item.type,
  item.description,
  item.sale_price,
  item.purchase_cost,
  item.income_account_id,
  item.expense_account_id,
  item.inventory_asset_account_id,
  item.tax_rate_id,
];

export async function insert(tx: Queryable, organizationId: string, id: string, item: ItemFields) {
  await tx.query(
    `INSERT INTO items (organization_id, id, sku, name, type, description, sale_price, purchase_cost,
                        income_account_id, expense_account_id, inventory_asset_account_id, tax_rate_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [organizationId, id, ...fieldValues(item)],
  );
}

export async function update(
  tx: Queryable,
  organizationId: string,
  id: string,
  item: ItemFields & { is_active: boolean; version: number },
) {
  await tx.query(
    `UPDATE items SET sku = $3, name = $4, type = $5, description = $6, sale_price = $7, purchase_cost = $8,
            income_account_id = $9, expense_account_id = $10, inventory_asset_account_id = $11,
            tax_rate_id = $12, is_active = $13, version = $14, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, ...fieldValues(item), item.is_active, item.version],
  );
}

/**
 * The stock totals after a movement, written on the locked item row. Derived values: the item's
 * `version` does not change (D33), so a stock move never makes a client's edit stale.
 */
export async function setStock(
  tx: Queryable,
  organizationId: string,
  id: string,
  quantity: string,
  value: string,
) {
  await tx.query(
    'UPDATE items SET quantity_on_hand = $3, inventory_value = $4 WHERE organization_id = $1 AND id = $2',
    [organizationId, id, quantity, value],
  );
}

/** Every inventory item of the books, by name (the inventory valuation's rows). */
export function inventoryItems(db: Queryable, organizationId: string) {
  return db.query<{ id: string; sku: string | null; name: string; inventory_asset_account_id: string }>(
    `SELECT id, sku, name, inventory_asset_account_id FROM items
      WHERE organization_id = $1 AND type = 'inventory' ORDER BY lower(name), id`,
    [organizationId],
  );
}

/** The items `ids` of these books (unknown ids are left out), in one read. */
export function findMany(db: Queryable, organizationId: string, ids: string[]): Promise<ItemRow[]> {
  return db.query<ItemRow>(`${ITEM_SELECT} WHERE organization_id = $1 AND id = ANY($2::uuid[])`, [
    organizationId,
    [...new Set(ids)].filter(isUuid),
  ]);
}
