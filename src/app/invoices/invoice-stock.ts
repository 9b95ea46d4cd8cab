// D49-D51 for invoices: sending (or emailing) an invoice whose lines name inventory items takes their
// stock out at the moving average, and its entry also carries the cost: debit each item's cost of
// goods sold account, credit its inventory asset account, dated like the invoice (D50). Voiding the
// invoice brings the same units back at their original cost. Both in the invoice's transaction.

import { fieldError } from '../../domain/errors.ts';
import type { JournalLine } from '../../domain/journal.ts';
import * as movements from '../../storage/stores/stock-movements.ts';
import type { WriteScope } from '../changes.ts';
import type { SoldItemLine } from '../documents/document-posting.ts';
import { ACCOUNT_USES, assertAccountUses } from '../documents/documents.ts';
import { StockBook } from '../inventory/stock.ts';

const SALE = 'invoice';
const SALE_VOID = 'invoice_void';

/**
 * Takes the inventory items' units out (after D51's check over every item of the invoice, so a
 * refusal names them all and writes nothing) and answers the cost of goods sold lines to post.
 */
export async function sellStock(
  scope: WriteScope,
  invoice: { id: string; number: string; issueDate: string },
  lines: SoldItemLine[],
): Promise<JournalLine[]> {
  if (lines.length === 0) return [];
  const book = await StockBook.lock(
    scope,
    lines.map((line) => line.itemId),
  );
  const stocked = lines.filter((line) => book.item(line.itemId)?.type === 'inventory');
  // D85: a line may have become an inventory item's after its draft was written: its quantity must
  // then be positive. D84: the item's accounts are checked for their use again.
  for (const line of stocked)
    if (line.quantity <= 0n)
      throw fieldError(`${line.path}/quantity`, 'must be greater than zero for an inventory item');
  await assertAccountUses(
    scope.tx,
    scope.actor.organization.id,
    stocked.flatMap((line) => {
      const item = book.item(line.itemId)!;
      return [
        { id: item.expense_account_id ?? '', path: `${line.path}/item`, rule: ACCOUNT_USES.itemExpense },
        {
          id: item.inventory_asset_account_id ?? '',
          path: `${line.path}/item`,
          rule: ACCOUNT_USES.inventoryAsset,
        },
      ];
    }),
  );
  const outs = new Map<string, bigint>();
  for (const line of stocked) outs.set(line.itemId, (outs.get(line.itemId) ?? 0n) + line.quantity);
  await book.assertAvailable(invoice.issueDate, outs);
  const cogs: JournalLine[] = [];
  for (const line of stocked) {
    const { cost } = await book.moveOut({
      itemId: line.itemId,
      date: invoice.issueDate,
      quantity: line.quantity,
      source: { type: SALE, id: invoice.id },
    });
    if (cost === 0n) continue;
    const item = book.item(line.itemId)!;
    const description = `Cost of ${item.name} sold on ${invoice.number}`;
    cogs.push(
      { accountId: item.expense_account_id!, debit: cost, credit: 0n, description, trackingOptionIds: [] },
      {
        accountId: item.inventory_asset_account_id!,
        debit: 0n,
        credit: cost,
        description,
        trackingOptionIds: [],
      },
    );
  }
  return cogs;
}

/** A void brings back exactly what the sale took, at its original cost, on the void's date. */
export async function returnSoldStock(scope: WriteScope, invoiceId: string, date: string): Promise<void> {
  const sold = await movements.ofSource(scope.tx, scope.actor.organization.id, SALE, invoiceId);
  if (sold.length === 0) return;
  const book = await StockBook.lock(
    scope,
    sold.map((movement) => movement.item_id),
  );
  for (const movement of sold) {
    await book.moveIn({
      itemId: movement.item_id,
      date,
      quantity: -movement.quantity,
      unitCost: movement.unit_cost,
      value: -movement.value,
      source: { type: SALE_VOID, id: invoiceId },
    });
  }
}
