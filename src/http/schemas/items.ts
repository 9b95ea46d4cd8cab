// Items, their stock movements and inventory adjustments (D47-D52): responses, bodies, pages.
import { Type } from '@sinclair/typebox';
import { ITEM_TYPES } from '../../domain/inventory.ts';
import * as S from './common.ts';

const ItemType = S.Literals(ITEM_TYPES, {
  description: 'service, non_inventory, or inventory (holds stock, valued at moving average cost).',
});
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Sku = Type.String({ maxLength: 100, description: 'Optional; unique in the books (case-insensitive).' });
const Description = Type.String({ maxLength: 4000 });
/** A quantity of stock: decimal string, up to 4 decimals; negative where the body says so. */
const SignedQuantity = Type.String({
  pattern: '^-?[0-9]{1,11}(\\.[0-9]{1,4})?$',
  description: 'Decimal string, up to 4 decimals: positive adds stock, negative removes it; not zero.',
  examples: ['10', '-2.5'],
});

/** What the three cost fields of an item say about who sees them (docs/roles.md). */
const COST_FIELD =
  'Absent for a credential without inventory:read (the sales role): it reads items but not their costs.';

export const Item = S.Named('Item', {
  id: S.IdOutput,
  sku: S.OrNull(Type.String()),
  name: Type.String(),
  type: ItemType,
  description: Type.String(),
  sale_price: S.MoneyOutput('Default unit price on invoice lines.'),
  purchase_cost: Type.Optional(S.MoneyOutput(`Default unit cost on bill lines. ${COST_FIELD}`)),
  income_account: S.OrNull(Type.String({ format: 'uuid' })),
  expense_account: S.OrNull(
    Type.String({ format: 'uuid', description: 'For an inventory item, its cost of goods sold account.' }),
  ),
  inventory_asset_account: S.OrNull(
    Type.String({
      format: 'uuid',
      description: 'Inventory items only: the asset account its stock is valued in.',
    }),
  ),
  tax_rate: S.OrNull(Type.String({ format: 'uuid' })),
  quantity_on_hand: S.MoneyOutput('The sum of its stock movements; zero for other types.'),
  inventory_value: Type.Optional(
    S.MoneyOutput(`What its stock is carried at (the sum of its movements’ values). ${COST_FIELD}`),
  ),
  average_cost: Type.Optional(
    S.MoneyOutput(`inventory_value / quantity_on_hand, four decimals; zero without stock. ${COST_FIELD}`),
  ),
  ...S.ActiveRecordStamps,
});
export const PageItem = S.Page(S.ref(Item), 'Item');

export const ItemListQuery = Type.Object({
  ...S.CursorQuery,
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'Case-insensitive substring of name or SKU.' }),
  ),
  type: Type.Optional(ItemType),
  ...S.ActiveFilter,
});

const AccountRef = (description: string) => Type.Optional(S.OrNull(S.Uuid(description)));

export const ItemCreate = S.Named('ItemCreate', {
  name: Name,
  type: ItemType,
  sku: Type.Optional(S.OrNull(Sku)),
  description: Type.Optional(Description),
  sale_price: Type.Optional(S.MoneyInput('Default unit price on invoice lines.')),
  purchase_cost: Type.Optional(S.MoneyInput('Default unit cost on bill lines.')),
  income_account: AccountRef('An income account.'),
  expense_account: AccountRef(
    'An expense account; for inventory items the cost of goods sold account (default 5000).',
  ),
  inventory_asset_account: AccountRef('Inventory items only: an asset account (default 1200).'),
  tax_rate: Type.Optional(S.OrNull(S.Uuid('Default tax rate for sales.'))),
});

export const ItemUpdate = S.Named('ItemUpdate', {
  name: Type.Optional(Name),
  type: Type.Optional(ItemType),
  sku: Type.Optional(S.OrNull(Sku)),
  description: Type.Optional(Description),
  sale_price: Type.Optional(S.MoneyInput()),
  purchase_cost: Type.Optional(S.MoneyInput()),
  income_account: AccountRef('An income account.'),
  expense_account: AccountRef('An expense account.'),
  inventory_asset_account: AccountRef('Inventory items only: an asset account.'),
  tax_rate: Type.Optional(S.OrNull(S.Uuid())),
  ...S.ActivationUpdate,
});

export const StockMovement = S.Named('StockMovement', {
  id: S.IdOutput,
  date: Type.String({ format: 'date' }),
  quantity: S.MoneyOutput('Signed: in positive, out negative.'),
  unit_cost: S.MoneyOutput(),
  value: S.MoneyOutput('Signed, like quantity.'),
  quantity_after: S.MoneyOutput(),
  value_after: S.MoneyOutput(),
  source_type: Type.String({
    description: 'inventory_adjustment (invoice and bill when they move stock).',
  }),
  source_id: Type.String({ format: 'uuid' }),
  created_at: Type.String(),
});
export const PageStockMovement = S.Page(S.ref(StockMovement), 'StockMovement');

export const InventoryAdjustment = S.Named('InventoryAdjustment', {
  id: S.IdOutput,
  number: Type.String({ description: 'ADJ-000001, gapless.' }),
  item: Type.String({ format: 'uuid' }),
  item_name: Type.String(),
  date: Type.String({ format: 'date' }),
  quantity: S.MoneyOutput('Signed: positive added stock, negative removed it.'),
  unit_cost: S.MoneyOutput('The cost given (an increase) or the average cost it left at (a decrease).'),
  value: S.MoneyOutput('Signed, like quantity: what the stock gained or lost.'),
  account: Type.String({ format: 'uuid' }),
  memo: Type.String(),
  journal_entry: S.OrNull(
    Type.String({ format: 'uuid', description: 'Null when the adjustment carried no value.' }),
  ),
  version: Type.Integer(),
  created_at: Type.String(),
});
export const PageInventoryAdjustment = S.Page(S.ref(InventoryAdjustment), 'InventoryAdjustment');

export const InventoryAdjustmentCreate = S.Named('InventoryAdjustmentCreate', {
  item: S.Uuid('An inventory item.'),
  date: Type.Optional(S.DateString('Defaults to today in the books’ time zone; closed periods refuse it.')),
  quantity: SignedQuantity,
  unit_cost: Type.Optional(
    S.MoneyInput('Required when quantity is positive; omitted when negative (average cost).'),
  ),
  account: S.Uuid('The other side: an expense for shrinkage, equity for opening stock, and so on.'),
  memo: Type.Optional(Type.String({ maxLength: 1000 })),
});

export const InventoryAdjustmentListQuery = Type.Object({
  ...S.CursorQuery,
  item: Type.Optional(S.Uuid('Only this item’s adjustments.')),
});

export const ItemMovementsQuery = Type.Object({ ...S.CursorQuery });
