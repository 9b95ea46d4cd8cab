// Items and stock (D47-D51), pure: item types and which accounts each needs, and moving-average
// costing. Quantities and values are bigint at scale 4 (src/domain/money.ts), like money.
import { DomainError } from './errors.ts';
import {
  checkedMoney,
  divideRoundHalfAwayFromZero,
  MONEY_SCALE,
  type Money,
  multiplyMoney,
} from './money.ts';

export const ITEM_TYPES = ['service', 'non_inventory', 'inventory'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** An item's stock: quantity on hand and the value it is carried at (both scale 4). */
export interface Stock {
  quantity: bigint;
  value: Money;
}

/** Average cost of the stock (value / quantity, four decimals half away from zero; zero when empty). */
export function averageCost(stock: Stock): Money {
  if (stock.quantity === 0n) return 0n;
  return divideRoundHalfAwayFromZero(stock.value * 10n ** BigInt(MONEY_SCALE), stock.quantity);
}

/** The value of `quantity` units received at `unitCost` (scale 4, no rounding to the currency). */
export function valueIn(quantity: bigint, unitCost: Money, field = 'unit_cost'): Money {
  return multiplyMoney(quantity, unitCost, MONEY_SCALE, field);
}

/**
 * D50: what taking `quantity` units out of `stock` costs at the moving average: value × q / Q,
 * rounded to four decimals half away from zero, and exactly the remaining value when the last units
 * go, so the carried value never drifts from the ledger. The caller has checked q <= Q.
 */
export function costOut(stock: Stock, quantity: bigint): Money {
  if (quantity <= 0n || quantity > stock.quantity)
    throw new RangeError('costOut needs 0 < quantity <= on hand');
  if (quantity === stock.quantity) return stock.value;
  return divideRoundHalfAwayFromZero(stock.value * quantity, stock.quantity);
}

/**
 * The stock after a signed move of `quantity` worth `value` (negative both for a move out). D85: an
 * item's running quantity and value stay inside NUMERIC(20,4); a move that would leave it is
 * invalid_money on `field`, the request field that caused it.
 */
export function afterMove(stock: Stock, quantity: bigint, value: Money, field: string): Stock {
  return {
    quantity: checkedMoney(stock.quantity + quantity, field),
    value: checkedMoney(stock.value + value, field),
  };
}

/** One item a document would take below zero (D51's detail). */
export interface Shortage {
  item: string;
  /** The item's name, for the sentence a person reads. */
  name: string;
  requested: bigint;
  /** What is on hand at the tightest point from the document's date on. */
  onHand: bigint;
}

const trim = (text: string) => text.replace(/\.?0+$/, '');

export function insufficientInventory(shortages: Shortage[], format: (units: bigint) => string): DomainError {
  const short = shortages
    .map(
      (s) =>
        `${s.name} (${trim(format(s.requested))} needed, ${trim(format(s.onHand))} on hand from that date on)`,
    )
    .join(', ');
  return new DomainError(
    'insufficient_inventory',
    `not enough stock of ${short}: receive stock or adjust quantities first`,
    {
      items: shortages.map((s) => ({
        item: s.item,
        requested: format(s.requested),
        on_hand: format(s.onHand),
      })),
    },
  );
}
