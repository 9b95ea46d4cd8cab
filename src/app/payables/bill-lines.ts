// Bill lines (D48, D54): a line names an item or an account. An item gives its defaults for what the
// line leaves out: the description (the item's, else its name), the unit cost (purchase_cost), the
// account (an inventory item's asset account, which its line must post to, so the stock's value and
// the ledger stay one; another item's expense account) and the tax rate. The line is then priced
// with the invoice's rules (D8).
import { fieldError } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { BillLineRow, NewBillLine } from '../../storage/stores/bills.ts';
import type { ItemRow } from '../../storage/stores/items.ts';
import * as items from '../../storage/stores/items.ts';
import type { WriteScope } from '../changes.ts';
import type { LineAccount } from '../documents/document-posting.ts';
import { ACCOUNT_USES, activeAccountCheck } from '../documents/documents.ts';
import { type PricingLine, priceDocumentLines } from '../documents/line-pricing.ts';
import { assertOneTaxChoice } from '../documents/line-taxes.ts';

export interface BillLineCommand {
  item?: string;
  account?: string;
  description?: string;
  quantity: string;
  unit_cost?: string;
  tax_rate?: string | null;
  /** D90: a tax group instead of a tax rate. */
  tax_group?: string | null;
  tracking_options?: string[];
}

export interface PricedBill {
  lines: NewBillLine[];
  subtotal: string;
  taxTotal: string;
  total: string;
}

/** D84: an inventory item's line posts to its inventory account; any other line buys (D54). */
const PURCHASE_ACCOUNT = ACCOUNT_USES.purchase;
const STOCK_ACCOUNT = ACCOUNT_USES.inventoryAsset;

/** A line with its item's defaults in, as pricing takes it: its unit cost is its unit price. */
interface ResolvedLine extends PricingLine {
  item: ItemRow | null;
  account: string;
  description: string;
}

/**
 * How a kind of purchase document takes its lines: what refusals call it, and whether an inventory
 * item's line brings stock in (a bill) or is refused (a vendor credit, until returns of stock, D87).
 */
export interface PurchaseLines {
  noun: string;
  inventory: 'received' | 'refused';
}
const BILL_LINES: PurchaseLines = { noun: 'bill', inventory: 'received' };

/** D87: an inventory item on a document that moves no stock, refused on the line's item. */
export function assertNoStock(kind: PurchaseLines, item: Pick<ItemRow, 'type'> | undefined, path: string) {
  if (kind.inventory === 'refused' && item?.type === 'inventory')
    throw fieldError(path, `an inventory item cannot be on a ${kind.noun} yet (returns of stock come later)`);
}

function resolveLine(
  line: BillLineCommand,
  index: number,
  item: ItemRow | undefined,
  kind: PurchaseLines,
): ResolvedLine {
  const path = (field: string) => `lines/${index}/${field}`;
  assertOneTaxChoice({ taxRate: line.tax_rate, taxGroup: line.tax_group }, index);
  if (line.item !== undefined) {
    if (!item) throw fieldError(path('item'), 'no such item in these books');
    if (!item.is_active) throw fieldError(path('item'), 'the item is inactive');
    assertNoStock(kind, item, path('item'));
  }
  let account = line.account ?? item?.expense_account_id ?? undefined;
  if (item?.type === 'inventory') {
    const asset = item.inventory_asset_account_id!;
    if (line.account !== undefined && line.account !== asset)
      throw fieldError(
        path('account'),
        "an inventory item's line posts to the item's inventory asset account; omit it",
      );
    account = asset;
    if (parseMoney(line.quantity) <= 0n)
      throw fieldError(path('quantity'), 'must be greater than zero for an inventory item');
  }
  if (account === undefined)
    throw fieldError(
      path('account'),
      item ? 'the item has no expense account: name one' : 'is required (or name an item)',
    );
  const unitCost = line.unit_cost ?? (item ? formatMoney(parseMoney(item.purchase_cost)) : undefined);
  if (unitCost === undefined)
    throw fieldError(path('unit_cost'), 'is required (or name an item with a purchase cost)');
  if (parseMoney(unitCost) < 0n) throw fieldError(path('unit_cost'), 'must not be negative', 'invalid_money');
  return {
    item: item ?? null,
    account,
    description: line.description ?? (item ? item.description || item.name : ''),
    quantity: line.quantity,
    unitPrice: unitCost,
    // The item's rate is the default of a line that names neither a rate nor a group (D48, D90).
    taxRate:
      line.tax_rate !== undefined ? line.tax_rate : line.tax_group ? null : (item?.tax_rate_id ?? null),
    taxGroup: line.tax_group ?? null,
    trackingOptionIds: line.tracking_options ?? [],
  };
}

/**
 * Checks every line's item and account, then prices the bill (D8), its tax rates or groups active
 * rates of these books (D90) and its tracking options existing (D28).
 */
export async function priceBillLines(
  scope: WriteScope,
  commands: BillLineCommand[],
  kind: PurchaseLines = BILL_LINES,
): Promise<PricedBill> {
  const organizationId = scope.actor.organization.id;
  const itemIds = commands.flatMap((line) => (line.item ? [line.item] : []));
  const found = new Map(
    itemIds.length === 0
      ? []
      : (await items.findMany(scope.tx, organizationId, itemIds)).map((row) => [row.id, row]),
  );
  const lines = commands.map((line, index) =>
    resolveLine(line, index, line.item ? found.get(line.item) : undefined, kind),
  );
  const stocked = (line: ResolvedLine) => line.item?.type === 'inventory';
  const checkStock = await activeAccountCheck(
    scope.tx,
    organizationId,
    lines.filter(stocked).map((line) => line.account),
    STOCK_ACCOUNT,
  );
  const checkPurchase = await activeAccountCheck(
    scope.tx,
    organizationId,
    lines.filter((line) => !stocked(line)).map((line) => line.account),
    PURCHASE_ACCOUNT,
  );
  lines.forEach((line, index) => {
    (stocked(line) ? checkStock : checkPurchase)(line.account, `lines/${index}/account`);
  });
  const priced = await priceDocumentLines(scope, lines, { noun: kind.noun, priceField: 'unit_cost' });
  return {
    ...priced,
    lines: priced.lines.map(({ unitPrice, ...pricedLine }, index) => {
      const line = lines[index]!;
      return {
        ...pricedLine,
        itemId: line.item?.id ?? null,
        description: line.description,
        unitCost: unitPrice,
        accountId: line.account,
      };
    }),
  };
}

/**
 * D84 at opening: the account a stored line posts to and its use: an inventory item's line (`stocked`
 * names the items received as stock) its inventory asset account, any other line a purchase account.
 */
export function billLineAccount(
  inventoryItems: ReadonlySet<string>,
): LineAccount<Omit<BillLineRow, 'bill_id'>> {
  return (line, path) => ({
    id: line.account_id,
    path: `${path}/account`,
    rule: line.item_id !== null && inventoryItems.has(line.item_id) ? STOCK_ACCOUNT : PURCHASE_ACCOUNT,
  });
}
