// Items (D47): what the business sells or buys. Service and non-inventory items carry defaults for
// document lines; an inventory item also holds stock, valued in its asset account at moving average
// (stock.ts). An item's type and asset account are frozen once its stock has moved.
import { randomUUID } from 'node:crypto';
import { ACCOUNT_USES, type AccountRule } from '../../domain/account-use.ts';
import { fieldError, invalidState, notFound } from '../../domain/errors.ts';
import { averageCost, ITEM_TYPES, type ItemType } from '../../domain/inventory.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { ItemFields, ItemRow } from '../../storage/stores/items.ts';
import * as items from '../../storage/stores/items.ts';
import * as movements from '../../storage/stores/stock-movements.ts';
import * as tax from '../../storage/stores/tax.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { assertAccountUses, lockDocument } from '../documents/documents.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import { describedPage, listOf, type PageCursor } from '../pagination.ts';
import { takenError, withUniqueGuard } from '../unique-values.ts';
import { recordStamps } from '../views.ts';

export const ITEM_ENTITY = 'item';

/**
 * An item as `actor` may see it. Its cost figures (purchase_cost, average_cost, inventory_value) are
 * stock information, `inventory:read`: sales sells items (D56) but is not shown what they cost, so
 * for a credential without that permission the three fields are absent (docs/roles.md).
 */
export function describeItem(actor: Actor, row: ItemRow) {
  const stock = { quantity: parseMoney(row.quantity_on_hand), value: parseMoney(row.inventory_value) };
  const costs = actor.permissions.has('inventory:read')
    ? {
        purchase_cost: formatMoney(parseMoney(row.purchase_cost)),
        inventory_value: formatMoney(stock.value),
        average_cost: formatMoney(averageCost(stock)),
      }
    : {};
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    type: row.type as ItemType,
    description: row.description,
    sale_price: formatMoney(parseMoney(row.sale_price)),
    income_account: row.income_account_id,
    expense_account: row.expense_account_id,
    inventory_asset_account: row.inventory_asset_account_id,
    tax_rate: row.tax_rate_id,
    quantity_on_hand: formatMoney(stock.quantity),
    ...costs,
    is_active: row.is_active,
    ...recordStamps(row),
  };
}

export type ItemView = ReturnType<typeof describeItem>;

// ---- reads -------------------------------------------------------------------------------------

export interface ItemListFilters {
  search?: string;
  type?: ItemType;
  is_active?: boolean;
}

export const listItems = listOf(
  items.page,
  (filters: ItemListFilters) => ({
    search: filters.search?.trim() ? filters.search.trim().toLowerCase() : null,
    type: filters.type ?? null,
    isActive: filters.is_active ?? null,
  }),
  (_db, _organizationId, rows, actor) => rows.map((row) => describeItem(actor, row)),
);

export async function findItem(db: Queryable, organizationId: string, id: string): Promise<ItemRow> {
  const row = await items.find(db, organizationId, id);
  if (!row) throw notFound('item');
  return row;
}

export async function readItem(deps: Deps, actor: Actor, id: string) {
  return describeItem(actor, await findItem(deps.db, actor.organization.id, id));
}

// ---- writes ------------------------------------------------------------------------------------

export interface CreateItemCommand {
  name: string;
  type: ItemType;
  sku?: string | null;
  description?: string;
  sale_price?: string;
  purchase_cost?: string;
  income_account?: string | null;
  expense_account?: string | null;
  inventory_asset_account?: string | null;
  tax_rate?: string | null;
}

export type UpdateItemCommand = Partial<CreateItemCommand> & { is_active?: boolean };

/** D84: the use each of an item's account fields names. */
const ACCOUNT_FIELDS: {
  field: 'income_account' | 'expense_account' | 'inventory_asset_account';
  rule: AccountRule;
}[] = [
  { field: 'income_account', rule: ACCOUNT_USES.income },
  { field: 'expense_account', rule: ACCOUNT_USES.itemExpense },
  { field: 'inventory_asset_account', rule: ACCOUNT_USES.inventoryAsset },
];

/**
 * The item's fields as they will be stored: D47's defaults for an inventory item (cost of goods sold
 * and inventory asset accounts by their system roles, D65), an asset account on inventory items
 * only, and every named account and tax rate active in these books and of the right type.
 */
async function checkedFields(scope: WriteScope, fields: ItemFields): Promise<ItemFields> {
  const organizationId = scope.actor.organization.id;
  if (!(ITEM_TYPES as readonly string[]).includes(fields.type))
    throw fieldError('type', `must be one of ${ITEM_TYPES.join(', ')}`);
  const resolved = { ...fields };
  if (fields.type === 'inventory') {
    resolved.expense_account_id ??= await systemAccountId(scope.tx, organizationId, 'costOfGoodsSold');
    resolved.inventory_asset_account_id ??= await systemAccountId(scope.tx, organizationId, 'inventory');
  } else if (fields.inventory_asset_account_id !== null) {
    throw fieldError('inventory_asset_account', 'only an inventory item has an inventory asset account');
  }
  await assertAccountUses(
    scope.tx,
    organizationId,
    ACCOUNT_FIELDS.flatMap(({ field, rule }) => {
      const id = resolved[`${field}_id`];
      return id === null ? [] : [{ id, path: field, rule }];
    }),
  );
  if (resolved.tax_rate_id !== null) {
    const [rate] = await tax.findRates(scope.tx, organizationId, [resolved.tax_rate_id]);
    if (!rate) throw fieldError('tax_rate', 'no such tax rate in these books');
    if (!rate.is_active) throw fieldError('tax_rate', 'the tax rate is inactive');
  }
  for (const price of ['sale_price', 'purchase_cost'] as const)
    if (parseMoney(resolved[price]) < 0n) throw fieldError(price, 'must not be negative', 'invalid_money');
  return resolved;
}

/** The unique SKU index refuses a duplicate (also one written concurrently): 409 on `sku`. */
const skuTaken = (sku: string) => takenError('sku', `SKU ${sku} is taken by another item`);

const emptyToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

export async function createItem(scope: WriteScope, command: CreateItemCommand) {
  const organizationId = scope.actor.organization.id;
  const fields = await checkedFields(scope, {
    sku: emptyToNull(command.sku),
    name: command.name.trim(),
    type: command.type,
    description: command.description ?? '',
    sale_price: command.sale_price ?? '0',
    purchase_cost: command.purchase_cost ?? '0',
    income_account_id: command.income_account ?? null,
    expense_account_id: command.expense_account ?? null,
    inventory_asset_account_id: command.inventory_asset_account ?? null,
    tax_rate_id: command.tax_rate ?? null,
  });
  const id = randomUUID();
  await withUniqueGuard(fields.sku, skuTaken, () => items.insert(scope.tx, organizationId, id, fields));
  scope.changed(ITEM_ENTITY, id, 'created', 1);
  return describeItem(scope.actor, (await items.find(scope.tx, organizationId, id))!);
}

/** Sparse update at the writer's version; `null` clears an optional field. */
export async function updateItem(
  scope: WriteScope,
  id: string,
  patch: UpdateItemCommand,
  expectedVersion?: number,
) {
  const organizationId = scope.actor.organization.id;
  const current = await lockDocument(
    () => items.find(scope.tx, organizationId, id, 'update'),
    'item',
    expectedVersion,
  );
  const pick = <K extends keyof UpdateItemCommand>(key: K, stored: unknown) =>
    patch[key] === undefined ? stored : patch[key];
  const type = pick('type', current.type) as ItemType;
  // Turning into (or out of) an inventory item gives (or drops) the asset account.
  const asset =
    patch.inventory_asset_account !== undefined
      ? patch.inventory_asset_account
      : type === 'inventory'
        ? current.inventory_asset_account_id
        : null;
  const fields = await checkedFields(scope, {
    sku: patch.sku === undefined ? current.sku : emptyToNull(patch.sku),
    name: String(pick('name', current.name)).trim(),
    type,
    description: String(pick('description', current.description)),
    sale_price: String(pick('sale_price', current.sale_price)),
    purchase_cost: String(pick('purchase_cost', current.purchase_cost)),
    income_account_id: pick('income_account', current.income_account_id) as string | null,
    expense_account_id: pick('expense_account', current.expense_account_id) as string | null,
    inventory_asset_account_id: asset,
    tax_rate_id: pick('tax_rate', current.tax_rate_id) as string | null,
  });
  const frozenChange =
    fields.type !== current.type || fields.inventory_asset_account_id !== current.inventory_asset_account_id;
  if (frozenChange && (await movements.hasAny(scope.tx, organizationId, id)))
    throw invalidState(
      'the item has stock movements: its type and inventory asset account can no longer change',
    );
  const version = current.version + 1;
  await withUniqueGuard(fields.sku, skuTaken, () =>
    items.update(scope.tx, organizationId, id, {
      ...fields,
      is_active: patch.is_active ?? current.is_active,
      version,
    }),
  );
  scope.changed(ITEM_ENTITY, id, 'updated', version);
  return describeItem(scope.actor, (await items.find(scope.tx, organizationId, id))!);
}

/** GET /items/{id}/movements (D49): the item's stock movements in posting order, oldest first. */
export async function listMovements(
  deps: Deps,
  actor: Actor,
  itemId: string,
  cursor: PageCursor | undefined,
) {
  const organizationId = actor.organization.id;
  await findItem(deps.db, organizationId, itemId);
  const fetched = movements.page(deps.db, organizationId, itemId, cursor);
  return describedPage(organizationId, cursor, fetched, (rows) =>
    rows.map((row) => ({
      id: row.id,
      date: row.movement_date,
      quantity: formatMoney(parseMoney(row.quantity)),
      unit_cost: formatMoney(parseMoney(row.unit_cost)),
      value: formatMoney(parseMoney(row.value)),
      quantity_after: formatMoney(parseMoney(row.quantity_after)),
      value_after: formatMoney(parseMoney(row.value_after)),
      source_type: row.source_type,
      source_id: row.source_id,
      created_at: row.created_at,
    })),
  );
}
