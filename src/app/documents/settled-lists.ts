// The list of a settled kind (invoices, bills) and its totals row (D31, issue 21): the same filters
// (status, counterparty, a date range, search, overdue judged on the books' today, D24), named after
// the kind's counterparty and date field.
import { todayIn } from '../../domain/dates.ts';
import { parseSortOrder } from '../../domain/list-order.ts';
import type { Queryable } from '../../storage/db.ts';
import type { KeysetRow } from '../../storage/keyset.ts';
import { containsPattern } from '../../storage/sql.ts';
import type { SettledFilters, TotalsRow } from '../../storage/stores/document-store.ts';
import { contactFilter } from '../contacts/contacts.ts';
import type { Actor, Deps } from '../context.ts';
import { assertCursorSort, describedPage, type PageCursor } from '../pagination.ts';
import { listTotals } from './list-totals.ts';

/** The query of a settled kind's list: `customer`, `issue_date_from`, `issue_date_to` (an invoice's). */
export type SettledListQuery<Party extends string, DateField extends string> = {
  status?: string;
  search?: string;
  overdue?: boolean;
} & Partial<Record<Party | `${DateField}_from` | `${DateField}_to`, string>>;

/** A settled kind as its list sees it: the store's page and totals, the query's names, its summary. */
export interface SettledListKind<
  Row extends KeysetRow,
  Key extends string,
  Party extends string,
  DateField extends string,
  View,
> {
  store: {
    page(
      db: Queryable,
      organizationId: string,
      filters: SettledFilters,
      cursor: PageCursor | undefined,
      sort?: { key: Key; descending: boolean },
    ): Promise<Row[]>;
    totals(db: Queryable, organizationId: string, filters: SettledFilters): Promise<TotalsRow>;
  };
  sortKeys: readonly Key[];
  /** The query's name of the counterparty filter (and of its refusal): `customer`, `vendor`. */
  party: Party;
  dateField: DateField;
  summary(row: Row, today: string): View;
}

/** The list use case (a keyset page, in D31's order or `sort`'s, whose cursors stay in it) and the totals. */
export function settledListing<
  Row extends KeysetRow,
  Key extends string,
  Party extends string,
  DateField extends string,
  View,
>(kind: SettledListKind<Row, Key, Party, DateField, View>) {
  type Query = SettledListQuery<Party, DateField>;
  const storeFilters = (query: Query, today: string): SettledFilters => {
    const named: Partial<Record<Party | `${DateField}_from` | `${DateField}_to`, string>> = query;
    return {
      status: query.status ?? null,
      counterpartyId: contactFilter({ what: kind.party }, named[kind.party]),
      dateFrom: named[`${kind.dateField}_from`] ?? null,
      dateTo: named[`${kind.dateField}_to`] ?? null,
      searchPattern: containsPattern(query.search),
      overdue: query.overdue ?? null,
      today,
    };
  };
  return {
    async list(deps: Deps, actor: Actor, cursor: PageCursor | undefined, query: Query & { sort?: string }) {
      const organizationId = actor.organization.id;
      assertCursorSort(cursor, query.sort);
      const today = todayIn(actor.organization.timezone);
      const rows = kind.store.page(
        deps.db,
        organizationId,
        storeFilters(query, today),
        cursor,
        parseSortOrder(kind.sortKeys, query.sort),
      );
      return describedPage(
        organizationId,
        cursor,
        rows,
        (page) => page.map((row) => kind.summary(row, today)),
        query.sort,
      );
    },
    async totals(deps: Deps, actor: Actor, query: Query) {
      const today = todayIn(actor.organization.timezone);
      const row = await kind.store.totals(deps.db, actor.organization.id, storeFilters(query, today));
      return listTotals(row, actor.organization.currency);
    },
  };
}
