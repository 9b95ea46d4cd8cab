// D31: keyset pagination over (created_at, id), 50 rows a page. The stores build every list query
// with these fragments and return the fetched rows; the use case turns them into a page with its
// cursors (src/app/pagination.ts toPage, which also encodes the cursors).
import type { Queryable, SqlParam } from './db.ts';
import { findAndLock, type RowLock, rowById } from './sql.ts';

export const PAGE_SIZE = 50;

export interface PageCursor {
  /** Direction: rows after the position (next page) or before it (previous page). */
  direction: 'after' | 'before';
  createdAt: string;
  id: string;
  /** A list ordered by a rank first (bank rules by priority): the rank of the row it names. */
  rank?: number;
  /** A list in a sort order of its own (`?sort=-total`): that order as asked, and the row's value of its key. */
  sort?: string;
  value?: string;
}

export interface KeysetRow {
  created_at: string;
  id: string;
  /** The leading sort key of a ranked list (keysetClause's rankColumn), read as an integer. */
  sort_rank?: number;
  /** A sorted list's key of the row (selectPage adds it), as text. */
  sort_value?: string;
}

/** A key a list may be sorted by: a SQL expression that is never null, and the type it compares as. */
export interface SortColumn {
  expression: string;
  type: 'text' | 'date' | 'numeric';
}

/** A list's sort order as its store runs it: the key's column and its direction. */
export interface ListSort extends SortColumn {
  descending: boolean;
}

/** Past every rank a ranked list holds (ranks are PostgreSQL integers): the `last` page's cursor. */
const RANK_END = 2_147_483_647;

/**
 * SQL fragments for one page: the caller adds `WHERE <scope> AND <condition>` and `ORDER BY <order>
 * LIMIT PAGE_SIZE + 1`. `paramIndex` is the first free $n.
 */
export function keysetClause(
  cursor: PageCursor | undefined,
  paramIndex: number,
  alias = '',
  rankColumn?: string,
  sort?: ListSort,
) {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  if (sort) return sortedKeysetClause(cursor, paramIndex, column, sort);
  if (rankColumn) return rankedKeysetClause(cursor, paramIndex, column, rankColumn);
  if (!cursor) {
    return { condition: 'true', order: `${column('created_at')}, ${column('id')}`, params: [] as string[] };
  }
  const comparison = cursor.direction === 'after' ? '>' : '<';
  const direction = cursor.direction === 'after' ? 'ASC' : 'DESC';
  return {
    condition: `(${column('created_at')}, ${column('id')}) ${comparison} ($${paramIndex}::timestamptz, $${paramIndex + 1}::uuid)`,
    order: `${column('created_at')} ${direction}, ${column('id')} ${direction}`,
    params: [cursor.createdAt, cursor.id],
  };
}

/** The keyset over (rank, created_at, id): a list in the order of a rank, ties by age. */
function rankedKeysetClause(
  cursor: PageCursor | undefined,
  paramIndex: number,
  column: (name: string) => string,
  rankColumn: string,
) {
  const keys = [column(rankColumn), column('created_at'), column('id')];
  if (!cursor) return { condition: 'true', order: keys.join(', '), params: [] as (string | number)[] };
  const comparison = cursor.direction === 'after' ? '>' : '<';
  const direction = cursor.direction === 'after' ? 'ASC' : 'DESC';
  return {
    condition: `(${keys.join(', ')}) ${comparison} ($${paramIndex}::int, $${paramIndex + 1}::timestamptz, $${paramIndex + 2}::uuid)`,
    order: keys.map((key) => `${key} ${direction}`).join(', '),
    params: [cursor.rank ?? RANK_END, cursor.createdAt, cursor.id],
  };
}

/**
 * The keyset over (key, created_at, id), all three ascending or all three descending, so one row
 * comparison says "after" (an index on (organization_id, key, created_at, id) reads it either way).
 * The `last` page's cursor (created_at infinity) reads the order backwards from its end.
 */
function sortedKeysetClause(
  cursor: PageCursor | undefined,
  paramIndex: number,
  column: (name: string) => string,
  sort: ListSort,
) {
  const keys = [sort.expression, column('created_at'), column('id')];
  const backwards = cursor?.direction === 'before';
  const descending = sort.descending !== backwards;
  const order = keys.map((key) => `${key} ${descending ? 'DESC' : 'ASC'}`).join(', ');
  if (!cursor || cursor.createdAt === 'infinity') return { condition: 'true', order, params: [] as string[] };
  return {
    condition: `(${keys.join(', ')}) ${descending ? '<' : '>'} ($${paramIndex}::${sort.type}, $${paramIndex + 1}::timestamptz, $${paramIndex + 2}::uuid)`,
    order,
    params: [cursor.value ?? '', cursor.createdAt, cursor.id],
  };
}

export interface PageQuery {
  /** `SELECT ... FROM <table> [alias] [JOIN ...]` */
  select: string;
  /** The list's filter, with $1..$n of `params`; the keyset condition is ANDed to it. */
  where: string;
  params: SqlParam[];
  cursor: PageCursor | undefined;
  /** The alias of the table whose (created_at, id) orders the list. */
  alias?: string;
  /** An integer column that orders the list before (created_at, id); rows select it as sort_rank. */
  rankColumn?: string;
  /** A sort order before (created_at, id); rows then select its key as sort_value. */
  sort?: ListSort;
}

/** The rows of one page (PAGE_SIZE + 1 at most, the extra one saying there are more), in keyset order. */
export async function selectPage<Row extends KeysetRow>(db: Queryable, query: PageQuery): Promise<Row[]> {
  const keyset = keysetClause(
    query.cursor,
    query.params.length + 1,
    query.alias,
    query.rankColumn,
    query.sort,
  );
  const select = query.sort
    ? query.select.replace(/^\s*SELECT\s/, `SELECT (${query.sort.expression})::text AS sort_value, `)
    : query.select;
  return db.query<Row>(
    `${select} WHERE ${query.where} AND ${keyset.condition}
      ORDER BY ${keyset.order} LIMIT ${PAGE_SIZE + 1}`,
    [...query.params, ...keyset.params],
  );
}

/**
 * One page of an organization's rows of `select`, all of them or only the active (`true`) or
 * inactive (`false`) ones: the list of every collection whose only filter is `is_active` (D31).
 */
export function pageByActivity<Row extends KeysetRow>(
  db: Queryable,
  select: string,
  organizationId: string,
  isActive: boolean | undefined,
  cursor: PageCursor | undefined,
  alias = '',
): Promise<Row[]> {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return selectPage<Row>(db, {
    select,
    where: `${column('organization_id')} = $1 AND ($2::boolean IS NULL OR ${column('is_active')} = $2)`,
    params: [organizationId, isActive ?? null],
    cursor,
    alias,
  });
}

/**
 * The two reads of a collection whose list filters on `is_active` only (tax rates and groups,
 * tracking categories): one row by id, optionally locked, and one keyset page.
 */
export function activityCollection<Row extends KeysetRow>(select: string, alias = '') {
  return {
    find: (db: Queryable, organizationId: string, id: string, lock: RowLock = 'none') =>
      rowById<Row>(db, select, organizationId, id, lock, alias),
    list: (
      db: Queryable,
      organizationId: string,
      isActive: boolean | undefined,
      cursor: PageCursor | undefined,
    ) => pageByActivity<Row>(db, select, organizationId, isActive, cursor, alias),
  };
}

/**
 * The reads of a collection listed whole, with no filter (bank rules, statement mappings, bank
 * connections): one row by id, read or locked FOR UPDATE until commit, and one keyset page of the
 * organization's rows, ordered by `rankColumn` first where given.
 */
export function wholeCollection<Row extends KeysetRow>(select: string, rankColumn?: string) {
  return {
    ...findAndLock<Row>(select),
    page: (db: Queryable, organizationId: string, cursor: PageCursor | undefined) =>
      selectPage<Row>(db, {
        select,
        where: 'organization_id = $1',
        params: [organizationId],
        cursor,
        ...(rankColumn ? { rankColumn } : {}),
      }),
  };
}

/**
 * A store's filtered list: `where` reads the organization as $1 and `params(filters)` from $2 on;
 * the function returns one keyset page of rows (selectPage), in `sort`'s order when given (a key of
 * `sorts`).
 */
export function filteredList<Row extends KeysetRow, Filters, Key extends string = never>(query: {
  select: string;
  where: string;
  params: (filters: Filters) => SqlParam[];
  alias?: string;
  sorts?: Record<Key, SortColumn>;
}) {
  const { sorts, ...page } = query;
  return (
    db: Queryable,
    organizationId: string,
    filters: Filters,
    cursor: PageCursor | undefined,
    sort?: { key: Key; descending: boolean },
  ) =>
    selectPage<Row>(db, {
      ...page,
      params: [organizationId, ...query.params(filters)],
      cursor,
      ...(sort && sorts ? { sort: { ...sorts[sort.key], descending: sort.descending } } : {}),
    });
}

/**
 * The two reads of a collection whose list filters on its bank account only (bank statements,
 * reconciliations): one row by id, and one keyset page of every account's rows or, with an
 * `accountId`, of that account's (app/reads.ts `listByAccount`).
 */
export function accountCollection<Row extends KeysetRow>(select: string) {
  return {
    find: (db: Queryable, organizationId: string, id: string) => rowById<Row>(db, select, organizationId, id),
    page: filteredList<Row, string | null>({
      select,
      where: 'organization_id = $1 AND ($2::uuid IS NULL OR account_id = $2)',
      params: (accountId) => [accountId],
    }),
  };
}
