// D48: an invoice line that names an item takes the item's defaults for what it leaves out: the
// description (the item's, else its name), the unit price (sale_price), the income account, and the
// tax rate (a line that says nothing about tax is taxed at the item's rate). What the line sends
// wins. The item must be an active item of these books; a line without an item must name its price
// and income account itself.
import { fieldError } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { ItemRow } from '../../storage/stores/items.ts';
import * as items from '../../storage/stores/items.ts';
import type { WriteScope } from '../changes.ts';
import type { InvoiceLineCommand } from './draft-invoices.ts';

/** A line as a request sends it: with an item, the price and income account may be left out. */
export interface ItemLineCommand {
  item?: string;
  description?: string;
  quantity: string;
  unit_price?: string;
  income_account?: string;
  is_taxable?: boolean;
  tax_rate?: string | null;
  tax_group?: string | null;
  tracking_options?: string[];
}

/** A line with every field the pricing needs, and the item it names (or null). */
export type ResolvedLine = InvoiceLineCommand & { item: string | null };

export async function withItemDefaults(scope: WriteScope, lines: ItemLineCommand[]): Promise<ResolvedLine[]> {
  const organizationId = scope.actor.organization.id;
  const ids = [...new Set(lines.flatMap((line) => (line.item ? [line.item] : [])))];
  const found = new Map<string, ItemRow>(
    ids.length === 0 ? [] : (await items.findMany(scope.tx, organizationId, ids)).map((row) => [row.id, row]),
  );
  return lines.map((line, index) => {
    const path = (field: string) => `lines/${index}/${field}`;
    const item = line.item === undefined ? undefined : found.get(line.item);
    if (line.item !== undefined) {
      if (!item) throw fieldError(path('item'), 'no such item in these books');
      if (!item.is_active) throw fieldError(path('item'), 'the item is inactive');
    }
    // D85: stock leaves in positive quantities only (zero would sell nothing at a cost of nothing).
    if (item?.type === 'inventory' && parseMoney(line.quantity) <= 0n)
      throw fieldError(path('quantity'), 'must be greater than zero for an inventory item');
    const unitPrice = line.unit_price ?? (item ? formatMoney(parseMoney(item.sale_price)) : undefined);
    if (unitPrice === undefined)
      throw fieldError(path('unit_price'), 'is required (or name an item with a sale price)');
    const incomeAccount = line.income_account ?? item?.income_account_id ?? undefined;
    if (incomeAccount === undefined)
      throw fieldError(
        path('income_account'),
        item ? 'the item has no income account: name one' : 'is required',
      );
    const saysNothingOfTax =
      line.is_taxable === undefined && line.tax_rate === undefined && line.tax_group === undefined;
    const itemTax =
      saysNothingOfTax && item?.tax_rate_id ? { is_taxable: true, tax_rate: item.tax_rate_id } : {};
    return {
      ...line,
      ...itemTax,
      item: item?.id ?? null,
      description: line.description ?? (item ? item.description || item.name : undefined),
      unit_price: unitPrice,
      income_account: incomeAccount,
    };
  });
}
