// The read use cases that records share but for their store and view: one record by id, and a page
// whose one filter is a bank account. (A page filtered by is_active is `listByActivity`, and a
// document with child rows `documentReads`.)
import { fieldError, notFound } from '../domain/errors.ts';
import type { Queryable } from '../storage/db.ts';
import type { KeysetRow } from '../storage/keyset.ts';
import { isUuid } from '../storage/sql.ts';
import type { Actor, Deps } from './context.ts';
import { describedPage, type PageCursor } from './pagination.ts';

/** GET /<records>/{id}: the store's row, described, or not_found naming `what`. */
export function readById<Row, View>(
  find: (db: Queryable, organizationId: string, id: string) => Promise<Row | undefined>,
  what: string,
  describe: (row: Row) => View,
) {
  return async (db: Queryable, actor: Actor, id: string): Promise<View> => {
    const row = await find(db, actor.organization.id, id);
    if (!row) throw notFound(what);
    return describe(row);
  };
}

/** A list's `?<field>=` that names an account: the store's filter (null: every account). */
export function accountFilter(field: string, value: string | undefined): string | null {
  if (value !== undefined && !isUuid(value))
    throw fieldError(`query/${field}`, 'must be an account id (UUID)');
  return value ?? null;
}

type AccountList<Row> = (
  db: Queryable,
  organizationId: string,
  accountId: string | null,
  cursor: PageCursor | undefined,
) => Promise<Row[]>;

/** GET /<records>?account=: the store's page of one bank account's records (or all), described. */
export function listByAccount<Row extends KeysetRow, View>(
  list: AccountList<Row>,
  describe: (row: Row) => View,
) {
  return (deps: Deps, actor: Actor, cursor: PageCursor | undefined, query: { account?: string }) => {
    const organizationId = actor.organization.id;
    const fetched = list(deps.db, organizationId, accountFilter('account', query.account), cursor);
    return describedPage(organizationId, cursor, fetched, (rows) => rows.map(describe));
  };
}

/** GET /<records> without filters: the store's page, described. */
export function listAll<Row extends KeysetRow, View>(
  list: (db: Queryable, organizationId: string, cursor: PageCursor | undefined) => Promise<Row[]>,
  describe: (row: Row) => View,
) {
  return (deps: Deps, actor: Actor, cursor: PageCursor | undefined) => {
    const organizationId = actor.organization.id;
    return describedPage(organizationId, cursor, list(deps.db, organizationId, cursor), (rows) =>
      rows.map(describe),
    );
  };
}
