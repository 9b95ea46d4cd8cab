// D31: keyset pagination over (created_at, id), 50 rows a page, opaque cursors bound to one organization.
import { DomainError } from '../domain/errors.ts';
import type { Queryable } from '../storage/db.ts';

export const PAGE_SIZE = 50;

export interface PageCursor {
  /** Direction: rows after the position (next page) or before it (previous page). */
  direction: 'after' | 'before';
  createdAt: string;
  id: string;
}

interface CursorPayload {
  o: string;
  d: 'a' | 'b';
  t: string;
  i: string;
}

export function encodeCursor(organizationId: string, cursor: PageCursor): string {
  const payload: CursorPayload = {
    o: organizationId,
    d: cursor.direction === 'after' ? 'a' : 'b',
    t: cursor.createdAt,
    i: cursor.id,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export function decodeCursor(organizationId: string, text: string | undefined): PageCursor | undefined {
  if (text === undefined || text === '') return undefined;
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !payload ||
    typeof payload.t !== 'string' ||
    typeof payload.i !== 'string' ||
    (payload.d !== 'a' && payload.d !== 'b') ||
    Number.isNaN(Date.parse(payload.t)) ||
    !/^[0-9a-f-]{36}$/.test(payload.i)
  ) {
    throw invalidCursor();
  }
  if (payload.o !== organizationId) throw invalidCursor('this cursor belongs to other books');
  return { direction: payload.d === 'a' ? 'after' : 'before', createdAt: payload.t, id: payload.i };
}

function invalidCursor(message = 'the cursor is malformed'): DomainError {
  return new DomainError('invalid_cursor', message, { fields: { 'query/cursor': [message] } });
}

export interface KeysetRow {
  created_at: string;
  id: string;
}

/**
 * SQL fragments for one page: the caller adds `WHERE <scope> AND <condition>` and `ORDER BY <order>
 * LIMIT PAGE_SIZE + 1`. `paramIndex` is the first free $n.
 */
export function keysetClause(cursor: PageCursor | undefined, paramIndex: number, alias = '') {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
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
): Page<Row> {
  const hasMore = fetched.length > PAGE_SIZE;
  const rows = fetched.slice(0, PAGE_SIZE);
  if (cursor?.direction === 'before') rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const forwardMore = cursor?.direction === 'before' ? true : hasMore;
  const backwardMore = cursor === undefined ? false : cursor.direction === 'after' ? true : hasMore;
  return {
    rows,
    nextCursor:
      forwardMore && last
        ? encodeCursor(organizationId, { direction: 'after', createdAt: last.created_at, id: last.id })
        : null,
    previousCursor:
      backwardMore && first
        ? encodeCursor(organizationId, { direction: 'before', createdAt: first.created_at, id: first.id })
        : null,
  };
}

/**
 * One keyset page of an organization's rows of `select` (a `SELECT ... FROM <table> [alias]`), all
 * of them or only the active (`true`) or inactive (`false`) ones: the list of every collection
 * whose only filter is `is_active` (D31).
 */
export async function pageByActivity<Row extends KeysetRow>(
  db: Queryable,
  select: string,
  organizationId: string,
  isActive: boolean | undefined,
  cursor: PageCursor | undefined,
  alias = '',
): Promise<Page<Row>> {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const keyset = keysetClause(cursor, 3, alias);
  const rows = await db.query<Row>(
    `${select} WHERE ${column('organization_id')} = $1 AND ($2::boolean IS NULL OR ${column('is_active')} = $2)
        AND ${keyset.condition}
      ORDER BY ${keyset.order} LIMIT ${PAGE_SIZE + 1}`,
    [organizationId, isActive ?? null, ...keyset.params],
  );
  return toPage(organizationId, rows, cursor);
}
