// Moving stock (D49-D51), for every document that does: an inventory adjustment now, a sale and a
// bill next. A StockBook works on items its document locked (items.lockMany, id order), in the
// document's transaction: it checks D51 for everything going out before anything moves, then writes
// one movement per move and the item's new totals. Nothing else writes stock_movements.
import { randomUUID } from 'node:crypto';
import {
  afterMove,
  costOut,
  insufficientInventory,
  type Shortage,
  type Stock,
} from '../../domain/inventory.ts';
import { divideRoundHalfAwayFromZero, formatMoney, MONEY_SCALE, parseMoney } from '../../domain/money.ts';
import type { ItemRow } from '../../storage/stores/items.ts';
import * as items from '../../storage/stores/items.ts';
import * as movements from '../../storage/stores/stock-movements.ts';
import type { WriteScope } from '../changes.ts';

export interface StockSource {
  type: string;
  id: string;
  /** The request field a refusal names when the move would overflow the item's totals (D85). */
  field?: string;
}

/**
 * One move of an item's stock on `date`: `quantity` units at `unitCost` each, worth `value` (scale 4;
 * as the caller rounded it), for `source`.
 */
export interface StockMove {
  itemId: string;
  date: string;
  quantity: bigint;
  unitCost: bigint;
  value: bigint;
  source: StockSource;
}

export class StockBook {
  private readonly stock = new Map<string, Stock>();

  private constructor(
    private readonly scope: WriteScope,
    private readonly rows: Map<string, ItemRow>,
  ) {
    for (const row of rows.values())
      this.stock.set(row.id, {
        quantity: parseMoney(row.quantity_on_hand),
        value: parseMoney(row.inventory_value),
      });
  }

  /** Locks the items `ids` (those that exist in these books) for this document's moves. */
  static async lock(scope: WriteScope, ids: string[]): Promise<StockBook> {
    const rows = await items.lockMany(scope.tx, scope.actor.organization.id, ids);
    return new StockBook(scope, new Map(rows.map((row) => [row.id, row])));
  }

  item(id: string): ItemRow | undefined {
    return this.rows.get(id);
  }

  /**
   * D51: refuses (insufficient_inventory, naming every short item) when taking `outs` (item id ->
   * quantity, scale 4) would leave any item below zero on `date` or any later day.
   */
  async assertAvailable(date: string, outs: Map<string, bigint>): Promise<void> {
    if (outs.size === 0) return;
    const least = await movements.leastOnHandFrom(
      this.scope.tx,
      this.scope.actor.organization.id,
      [...outs.keys()],
      date,
    );
    const shortages: Shortage[] = [];
    for (const [item, requested] of outs) {
      const onHand = parseMoney(least.get(item) ?? '0');
      if (onHand < requested)
        shortages.push({ item, name: this.rows.get(item)?.name ?? item, requested, onHand });
    }
    if (shortages.length > 0) throw insufficientInventory(shortages, formatMoney);
  }

  /** Stock in: `quantity` units at `unitCost` each, worth `value` (the caller's rounding). */
  moveIn(move: StockMove) {
    return this.record(move);
  }

  /**
   * Stock out at the moving average (D50); answers what the units cost and that cost per unit (four
   * decimals, for the record). Call assertAvailable first.
   */
  async moveOut(move: Omit<StockMove, 'unitCost' | 'value'>): Promise<{ cost: bigint; unitCost: bigint }> {
    const cost = costOut(this.current(move.itemId), move.quantity);
    const unitCost = divideRoundHalfAwayFromZero(cost * 10n ** BigInt(MONEY_SCALE), move.quantity);
    await this.record({ ...move, quantity: -move.quantity, unitCost, value: -cost });
    return { cost, unitCost };
  }

  /**
   * Stock out at a given cost: a void taking back what its document brought in (D49). The units
   * leave with `value`, except that what stays is never worth less than nothing, and the last units
   * take exactly what remains (D50). Answers the value taken, for the caller to settle a difference.
   */
  async moveOutAtCost(move: StockMove): Promise<{ value: bigint }> {
    const { quantity, value } = move;
    const stock = this.current(move.itemId);
    const taken = quantity === stock.quantity ? stock.value : value < stock.value ? value : stock.value;
    await this.record({ ...move, quantity: -quantity, value: -taken });
    return { value: taken };
  }

  private current(itemId: string): Stock {
    const stock = this.stock.get(itemId);
    if (!stock) throw new Error(`item ${itemId} was not locked for this document`);
    return stock;
  }

  private async record(move: StockMove): Promise<bigint> {
    const { itemId, date, quantity, unitCost, value, source } = move;
    const after = afterMove(this.current(itemId), quantity, value, source.field ?? 'quantity');
    const organizationId = this.scope.actor.organization.id;
    await movements.insert(this.scope.tx, organizationId, {
      id: randomUUID(),
      itemId,
      date,
      quantity: formatMoney(quantity),
      unitCost: formatMoney(unitCost),
      value: formatMoney(value),
      quantityAfter: formatMoney(after.quantity),
      valueAfter: formatMoney(after.value),
      sourceType: source.type,
      sourceId: source.id,
    });
    await items.setStock(
      this.scope.tx,
      organizationId,
      itemId,
      formatMoney(after.quantity),
      formatMoney(after.value),
    );
    this.stock.set(itemId, after);
    return value;
  }
}
