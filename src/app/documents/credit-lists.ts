// The list of a credit kind (credit notes, vendor credits) and its totals row (D31, issue 21): the
// same filters (status, and the counterparty under the kind's name for it: `customer`, `vendor`), in
// D31's order or `sort`'s. A kind describes its page itself (a credit note as its summary, a vendor
// credit with its lines and applications), so this answers the rows, not their views.
import { parseSortOrder } from '../../domain/list-order.ts';
import type { Queryable } from '../../storage/db.ts';
import type { KeysetRow } from '../../storage/keyset.ts';
import type { CreditTotalsRow, StatusFilters } from '../../storage/stores/document-store.ts';
import { contactFilter } from '../contacts/contacts.ts';
import type { Actor, Deps } from '../context.ts';
import type { PageCursor } from '../pagination.ts';
import { creditListTotals, type ListStore } from './list-totals.ts';

/** The query of a credit kind's list: `status`, the counterparty (`customer`, `vendor`) and `sort`. */
export type CreditListQuery<Party extends string> = { status?: string; sort?: string } & Partial<
  Record<Party, string>
>;

/** A credit kind as its list sees it: the store's page and totals, its sort keys, its counterparty's name. */
export interface CreditListKind<Row extends KeysetRow, Key extends string, Party extends string> {
  store: ListStore<Row, StatusFilters, Key, CreditTotalsRow>;
  sortKeys: readonly Key[];
  /** The query's name of the counterparty filter (and of its refusal): `customer`, `vendor`. */
  party: Party;
}

/** A credit kind's page of rows under the query's filters and order, and its totals use case. */
export function creditListing<Row extends KeysetRow, Key extends string, Party extends string>(
  kind: CreditListKind<Row, Key, Party>,
) {
  const storeFilters = (query: CreditListQuery<Party>): StatusFilters => {
    const named: Partial<Record<Party, string>> = query;
    return {
      status: query.status ?? null,
      counterpartyId: contactFilter({ what: kind.party }, named[kind.party]),
    };
  };
  return {
    /** One page of rows; the caller checks the cursor's order (assertCursorSort) first. */
    page(
      db: Queryable,
      organizationId: string,
      query: CreditListQuery<Party>,
      cursor: PageCursor | undefined,
    ) {
      return kind.store.page(
        db,
        organizationId,
        storeFilters(query),
        cursor,
        parseSortOrder(kind.sortKeys, query.sort),
      );
    },
    /** GET /<credits>/totals: how many credits the list's filters match, their totals and remaining credit summed. */
    async totals(deps: Deps, actor: Actor, query: CreditListQuery<Party>) {
      const row = await kind.store.totals(deps.db, actor.organization.id, storeFilters(query));
      return creditListTotals(row, actor.organization.currency);
    },
  };
}
