// Small SQL helpers shared by the stores: timestamps as ISO text with microseconds (exact keyset
// cursors), the id guard every lookup by id needs, and the one lookup of a row by organization and id.
import type { Queryable, SqlParam, Tx } from './db.ts';
import { groupByParent } from './rows.ts';

export const isoTimestamp = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const UUID_REGEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id is a row that does not exist; PostgreSQL would refuse the uuid cast instead. */
export const isUuid = (value: string) => UUID_REGEX.test(value);

/**
 * A list's `search` as a LIKE pattern matching it anywhere, its `%`, `_` and `\` taken literally
 * (lower-case: the lists compare with lower(column)); null when the search is empty.
 */
export function containsPattern(search: string | undefined): string | null {
  const text = search?.trim().toLowerCase();
  return text ? `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
}

/** Row locks a lookup may take, held to commit. */
export type RowLock = 'none' | 'update' | 'share';

/**
 * The organization's row `id` of `select` (a `SELECT ... FROM <table> [alias] [JOIN ...]`), or
 * undefined. `lock` locks the row of `alias` (or of the only table) until commit.
 */
export async function rowById<Row>(
  db: Queryable,
  select: string,
  organizationId: string,
  id: string,
  lock: RowLock = 'none',
  alias = '',
): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const locking = lock === 'none' ? '' : ` FOR ${lock.toUpperCase()}${alias ? ` OF ${alias}` : ''}`;
  const [row] = await db.query<Row>(
    `${select} WHERE ${column('organization_id')} = $1 AND ${column('id')} = $2${locking}`,
    [organizationId, id],
  );
  return row;
}

/**
 * The two reads of one row by id that most stores have: `find` (a read) and `lock` (FOR UPDATE of
 * `alias` until commit, for a write); each answers undefined when the books have no such row.
 */
export function findAndLock<Row>(select: string, alias = '') {
  return {
    find: (db: Queryable, organizationId: string, id: string): Promise<Row | undefined> =>
      rowById<Row>(db, select, organizationId, id, 'none', alias),
    lock: (tx: Queryable, organizationId: string, id: string): Promise<Row | undefined> =>
      rowById<Row>(tx, select, organizationId, id, 'update', alias),
  };
}

/** Makes the transaction just opened one read-only snapshot: every statement sees the same moment. */
export async function readOnlySnapshot(tx: Tx): Promise<void> {
  await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
}

/**
 * The rows of several parents in one query, grouped by `parent` in the query's order: a document's
 * lines, a group's rates, a category's options. No parents, no query. `sql` takes the parent ids as
 * the last parameter.
 */
export async function rowsByParent<Row, Key extends keyof Row>(
  db: Queryable,
  sql: string,
  params: SqlParam[],
  parentIds: string[],
  parent: Key,
): Promise<Map<Row[Key], Row[]>> {
  if (parentIds.length === 0) return new Map();
  return groupByParent(await db.query<Row>(sql, [...params, parentIds]), parent);
}

/**
 * A store's "children of several parents" read: `sql` takes the organization as $1 and the parent
 * ids as $2 (rowsByParent's rules: grouped by `parent`, no query for no parents).
 */
export function childrenOf<Row, Key extends keyof Row>(sql: string, parent: Key) {
  return (db: Queryable, organizationId: string, parentIds: string[]): Promise<Map<Row[Key], Row[]>> =>
    rowsByParent<Row, Key>(db, sql, [organizationId], parentIds, parent);
}

/**
 * D80's exceptions: the few transactions that read or write the shards of more than one set of books
 * (sign-up writing live and sandbox books together, membership reads and changes that reach a live
 * organization's sandbox). Under Citus a multi-shard statement is otherwise refused where
 * `citus.multi_task_query_log_level` is 'error' (the test suite on a cluster, docs/scale-out.md);
 * this lifts it for the rest of this transaction only. On PostgreSQL and PGlite the setting is an
 * unused placeholder, so every database runs the same statements.
 */
export async function allowMultiShard(tx: Tx): Promise<void> {
  await tx.query("SELECT set_config('citus.multi_task_query_log_level', 'off', true)");
}
