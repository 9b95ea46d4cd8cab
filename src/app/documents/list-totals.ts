// A document list's totals row (issue 21; a credit list's too): what its filters match, counted and summed by the store
// over every page, answered with four decimals (D7) in the books' currency.
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { PageCursor } from '../pagination.ts';

/**
 * A document list's store: one keyset page of the rows that pass `Filters`, in D31's order or a sort
 * key's, and the totals row of every row that passes them (settled-lists.ts, credit-lists.ts).
 */
export interface ListStore<Row, Filters, Key extends string, Totals> {
  page(
    db: Queryable,
    organizationId: string,
    filters: Filters,
    cursor: PageCursor | undefined,
    sort?: { key: Key; descending: boolean },
  ): Promise<Row[]>;
  totals(db: Queryable, organizationId: string, filters: Filters): Promise<Totals>;
}

export function listTotals(row: { count: number; total: string; balance_due: string }, currency: string) {
  return {
    count: row.count,
    currency,
    total: formatMoney(parseMoney(row.total)),
    balance_due: formatMoney(parseMoney(row.balance_due)),
  };
}

/** A credit list's totals row (credit notes, vendor credits): what is left to apply, not a balance due. */
export function creditListTotals(
  row: { count: number; total: string; remaining_credit: string },
  currency: string,
) {
  return {
    count: row.count,
    currency,
    total: formatMoney(parseMoney(row.total)),
    remaining_credit: formatMoney(parseMoney(row.remaining_credit)),
  };
}
