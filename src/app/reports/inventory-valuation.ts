// Inventory valuation as of a date (D56): per inventory item, the quantity and value its movements
// dated up to then add to, and their average cost; the total is what the inventory asset accounts
// hold on that date (D50), shown beside it so a difference (a manual entry to an inventory account)
// is seen rather than hidden.
import { averageCost } from '../../domain/inventory.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import * as items from '../../storage/stores/items.ts';
import * as reports from '../../storage/stores/reports.ts';
import * as movements from '../../storage/stores/stock-movements.ts';
import type { Actor, Deps } from '../context.ts';
import { asOfDate, generatedAt } from './report-params.ts';

export async function inventoryValuation(deps: Deps, actor: Actor, query: { as_of?: string }) {
  const organizationId = actor.organization.id;
  const asOf = asOfDate(actor, query.as_of);
  const [itemRows, stockRows, accountRows] = await Promise.all([
    items.inventoryItems(deps.db, organizationId),
    movements.stockAsOf(deps.db, organizationId, asOf),
    reports.accountSummary(deps.db, organizationId, null, asOf),
  ]);
  const stockOf = new Map(stockRows.map((row) => [row.item_id, row]));
  let total = 0n;
  const lines = itemRows.flatMap((item) => {
    const row = stockOf.get(item.id);
    if (!row) return [];
    const stock = { quantity: parseMoney(row.quantity), value: parseMoney(row.value) };
    total += stock.value;
    return [
      {
        item: item.id,
        sku: item.sku,
        name: item.name,
        quantity: formatMoney(stock.quantity),
        value: formatMoney(stock.value),
        average_cost: formatMoney(averageCost(stock)),
      },
    ];
  });
  const assetAccounts = new Set(itemRows.map((item) => item.inventory_asset_account_id));
  const assetBalance = accountRows
    .filter((row) => assetAccounts.has(row.account_id))
    .reduce((sum, row) => sum + parseMoney(row.debit) - parseMoney(row.credit), 0n);
  return {
    as_of: asOf,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
    items: lines,
    total_value: formatMoney(total),
    inventory_asset_accounts_balance: formatMoney(assetBalance),
  };
}
