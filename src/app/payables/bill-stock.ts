// D49-D51 for bills: opening a bill whose lines name inventory items brings their units in at the
// line's cost before tax (its amount, so the stock's value is exactly what the entry debits to the
// asset account); voiding it takes the same units out at their original cost, after D51's check over
// every item (the stock may have been sold since). Both in the bill's transaction.
import { DomainError } from '../../domain/errors.ts';
import type { JournalLine } from '../../domain/journal.ts';
import { parseMoney } from '../../domain/money.ts';
import type { BillLineRow } from '../../storage/stores/bills.ts';
import * as movements from '../../storage/stores/stock-movements.ts';
import type { WriteScope } from '../changes.ts';
import { StockBook } from '../inventory/stock.ts';

const PURCHASE = 'bill';
const PURCHASE_VOID = 'bill_void';

/**
 * Brings in the stock of the bill's inventory lines and answers the items that are inventory items
 * now. A line whose item became an inventory item after the draft (its account is then not the
 * item's asset account) is refused: edit the draft.
 */
export async function receiveStock(
  scope: WriteScope,
  bill: { id: string; date: string },
  lines: BillLineRow[],
): Promise<Set<string>> {
  const stocked = new Set<string>();
  const named = lines.filter((line) => line.item_id !== null);
  if (named.length === 0) return stocked;
  const book = await StockBook.lock(
    scope,
    named.map((line) => line.item_id!),
  );
  for (const line of named) {
    const item = book.item(line.item_id!);
    if (item?.type !== 'inventory') continue;
    stocked.add(item.id);
    if (line.account_id !== item.inventory_asset_account_id)
      throw new DomainError(
        'validation_error',
        `line ${line.line_no} names ${item.name}, now an inventory item, but posts to another account; edit the draft's line`,
        { fields: { [`lines/${line.line_no - 1}/account`]: ["must be the item's inventory asset account"] } },
      );
    await book.moveIn({
      itemId: item.id,
      date: bill.date,
      quantity: parseMoney(line.quantity),
      unitCost: parseMoney(line.unit_cost),
      value: parseMoney(line.amount),
      source: { type: PURCHASE, id: bill.id, field: `lines/${line.line_no - 1}/quantity` },
    });
  }
  return stocked;
}

/**
 * Takes back out what the bill brought in (D49, D51), on the void's date, and answers the lines that
 * settle a difference in cost: when the units leave with less (or, the last ones, more) value than
 * they came in with, because sales since took value at the average, the difference is cost of goods
 * sold, so the asset account still equals the items' values (D50).
 */
export async function returnReceivedStock(
  scope: WriteScope,
  billId: string,
  date: string,
): Promise<JournalLine[]> {
  const received = await movements.ofSource(scope.tx, scope.actor.organization.id, PURCHASE, billId);
  if (received.length === 0) return [];
  const book = await StockBook.lock(
    scope,
    received.map((movement) => movement.item_id),
  );
  const outs = new Map<string, bigint>();
  for (const movement of received)
    outs.set(movement.item_id, (outs.get(movement.item_id) ?? 0n) + movement.quantity);
  await book.assertAvailable(date, outs);
  const settle: JournalLine[] = [];
  for (const movement of received) {
    const { value: taken } = await book.moveOutAtCost({
      itemId: movement.item_id,
      date,
      quantity: movement.quantity,
      unitCost: movement.unit_cost,
      value: movement.value,
      source: { type: PURCHASE_VOID, id: billId },
    });
    const difference = movement.value - taken;
    if (difference === 0n) continue;
    const item = book.item(movement.item_id)!;
    const description = `Cost of ${item.name} settled on the void of a bill`;
    const [toAsset, toCost] = difference > 0n ? [difference, 0n] : [0n, -difference];
    settle.push(
      {
        accountId: item.inventory_asset_account_id!,
        debit: toAsset,
        credit: toCost,
        description,
        trackingOptionIds: [],
      },
      {
        accountId: item.expense_account_id!,
        debit: toCost,
        credit: toAsset,
        description,
        trackingOptionIds: [],
      },
    );
  }
  return settle;
}
