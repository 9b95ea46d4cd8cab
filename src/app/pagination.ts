import type { Queryable } from '../storage/db.ts';
import { type KeysetRow, PAGE_SIZE, type PageCursor } from '../storage/keyset.ts';
import type { Actor, Deps } from './context.ts';
import { cursorPayload, innerCursor, invalidCursor } from './cursor-seal.ts';

export type { PageCursor } from '../storage/keyset.ts';

interface CursorPayload {
  o: string;
  d: 'a' | 'b';
  t: string;
  i: string;
  /** A ranked list's rank (bank rules' priority). */
  r?: number;
  /** A sorted list's order as asked (`-total`) and the row's value of its key. */
  s?: string;
  v?: string;
}

export function encodeCursor(organizationId: string, cursor: PageCursor): string {
  const payload: CursorPayload = {
    o: organizationId,
    d: cursor.direction === 'after' ? 'a' : 'b',
    t: cursor.createdAt,
    i: cursor.id,
    ...(cursor.rank === undefined ? {} : { r: cursor.rank }),
    ...(cursor.sort === undefined ? {} : { s: cursor.sort, v: cursor.value ?? '' }),
  };
  return innerCursor(payload);
}

/**
 * `?cursor=last` starts a list at its last page: the newest 50 rows, still in list order, with a
 * `previous` link to older ones and no `next`. A list of thousands of invoices opens on this
 * week's without walking every page (the app's lists and dashboard do).
 */
export const LAST_PAGE = 'last';
const END: PageCursor = {
  direction: 'before',
  createdAt: 'infinity',
  id: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
};
const isEnd = (cursor: PageCursor | undefined) =>
  cursor?.direction === 'before' && cursor.createdAt === END.createdAt;

export function decodeCursor(organizationId: string, text: string | undefined): PageCursor | undefined {
  if (text === undefined || text === '') return undefined;
  if (text === LAST_PAGE) return END;
  const payload = cursorPayload<CursorPayload>(text);
  if (
    !payload ||
    typeof payload.t !== 'string' ||
    typeof payload.i !== 'string' ||
    (payload.d !== 'a' && payload.d !== 'b') ||
    Number.isNaN(Date.parse(payload.t)) ||
    !/^[0-9a-f-]{36}$/.test(payload.i) ||
    (payload.r !== undefined && !Number.isSafeInteger(payload.r)) ||
    (payload.s !== undefined && (typeof payload.s !== 'string' || typeof payload.v !== 'string'))
  ) {
    throw invalidCursor();
  }
  if (payload.o !== organizationId) throw invalidCursor('this cursor belongs to other books');
  return {
    direction: payload.d === 'a' ? 'after' : 'before',
    createdAt: payload.t,
    id: payload.i,
    ...(payload.r === undefined ? {} : { rank: payload.r }),
    ...(payload.s === undefined ? {} : { sort: payload.s, value: payload.v }),
  };
}

/**
 * A cursor stands in the order of the page that issued it: one issued under another `?sort=` (or
 * none) would name a place in a different order, so it is refused (400 invalid_cursor). `last` is
 * the end of every order.
 */
export function assertCursorSort(cursor: PageCursor | undefined, sort: string | undefined): void {
  if (!cursor || isEnd(cursor)) return;
  if ((cursor.sort ?? '') !== (sort ?? '')) {
    throw invalidCursor(
      cursor.sort
        ? `this cursor belongs to the order sort=${cursor.sort}`
        : 'this cursor belongs to the list in its default order',
    );
  }
}

export interface Page<Row> {
  rows: Row[];
  nextCursor: string | null;
  previousCursor: string | null;
}

/** Turns the fetched rows (PAGE_SIZE + 1 at most) into a page in ascending order with cursors. */
export function toPage<Row extends KeysetRow>(
  organizationId: string,
  fetched: Row[],
  cursor: PageCursor | undefined,
  /** The list's `?sort=`, which its cursors carry. */
  sort?: string,
): Page<Row> {
  const hasMore = fetched.length > PAGE_SIZE;
  const rows = fetched.slice(0, PAGE_SIZE);
  if (cursor?.direction === 'before') rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const forwardMore = isEnd(cursor) ? false : cursor?.direction === 'before' ? true : hasMore;
  const backwardMore = cursor === undefined ? false : cursor.direction === 'after' ? true : hasMore;
  return {
    rows,
    nextCursor:
      forwardMore && last
        ? encodeCursor(organizationId, { direction: 'after', ...positionOf(last, sort) })
        : null,
    previousCursor:
      backwardMore && first
        ? encodeCursor(organizationId, { direction: 'before', ...positionOf(first, sort) })
        : null,
  };
}

/** Where a row stands in its list's keyset order (a ranked list's rank, or a sort's key, first). */
function positionOf(row: KeysetRow, sort: string | undefined) {
  return {
    createdAt: row.created_at,
    id: row.id,
    ...(row.sort_rank === undefined ? {} : { rank: row.sort_rank }),
    ...(sort === undefined ? {} : { sort, value: row.sort_value ?? '' }),
  };
}

/**
 * A list's answer: the page of the rows a store `fetched` for `cursor`, each described for the
 * response (`describe` receives the page's rows, so it can read what they hold in one query).
 */
export async function describedPage<Row extends KeysetRow, View>(
  organizationId: string,
  cursor: PageCursor | undefined,
  fetched: Promise<Row[]>,
  describe: (rows: Row[]) => View[] | Promise<View[]>,
  sort?: string,
): Promise<Page<View>> {
  const page = toPage(organizationId, await fetched, cursor, sort);
  return { ...page, rows: await describe(page.rows) };
}

/** A store's keyset page of an organization's rows that pass `filters`. */
type FilteredPage<Filters, Row> = (
  db: Queryable,
  organizationId: string,
  filters: Filters,
  cursor: PageCursor | undefined,
) => Promise<Row[]>;

/**
 * The list use case of a store's filtered page: the request's query read as the store's filters
 * (`filtersOf` refuses a malformed one, 400, before any query), one page fetched, and its rows
 * described (`describe` receives the whole page, so it may read what the rows hold in one query).
 */
export function listOf<Query, Filters, Row extends KeysetRow, View>(
  page: FilteredPage<Filters, Row>,
  filtersOf: (query: Query) => Filters,
  describe: (db: Queryable, organizationId: string, rows: Row[], actor: Actor) => View[] | Promise<View[]>,
) {
  return async (deps: Deps, actor: Actor, cursor: PageCursor | undefined, query: Query) => {
    const organizationId = actor.organization.id;
    const fetched = page(deps.db, organizationId, filtersOf(query), cursor);
    return describedPage(organizationId, cursor, fetched, (rows) =>
      describe(deps.db, organizationId, rows, actor),
    );
  };
}

/**
 * The list use case of a collection whose only filter is `is_active` (tax rates and groups, tracking
 * categories): the store's page, each row described (`describe` may read what the rows hold).
 */
export function listByActivity<Row extends KeysetRow, View>(
  list: FilteredPage<boolean | undefined, Row>,
  describe: (db: Queryable, organizationId: string, rows: Row[]) => View[] | Promise<View[]>,
) {
  return listOf(list, (filters: { is_active?: boolean }) => filters.is_active, describe);
}

/**
 * Describes rows that each own children (a group's rates, a category's options): the children of
 * all the rows are read in one query, then each row is described with its own.
 */
export function withChildren<Row extends { id: string }, Child, View>(
  childrenOf: (db: Queryable, organizationId: string, ids: string[]) => Promise<Map<string, Child[]>>,
  describe: (row: Row, children: Child[]) => View,
) {
  return withLookup(childrenOf, (row: Row, children: Child[] | undefined) => describe(row, children ?? []));
}

/**
 * Describes rows with what `lookup` reads for all of them in one query (each row's entry of the
 * map, or undefined: an account's totals); `.one` describes a single row.
 */
export function withLookup<Row extends { id: string }, Found, View>(
  lookup: (db: Queryable, organizationId: string, ids: string[]) => Promise<Map<string, Found>>,
  describe: (row: Row, found: Found | undefined) => View,
) {
  const many = async (db: Queryable, organizationId: string, rows: Row[]): Promise<View[]> => {
    const found = await lookup(
      db,
      organizationId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => describe(row, found.get(row.id)));
  };
  const one = async (db: Queryable, organizationId: string, row: Row) =>
    (await many(db, organizationId, [row]))[0]!;
  return Object.assign(many, { one });
}
