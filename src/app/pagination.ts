// D31: keyset pagination over (created_at, id), 50 rows a page, opaque cursors bound to one organization.
// The list queries live in the stores (src/storage/keyset.ts); this file turns their rows into a page.
import { DomainError } from '../domain/errors.ts';
import { type KeysetRow, PAGE_SIZE, type PageCursor } from '../storage/keyset.ts';

export { keysetClause, PAGE_SIZE, type PageCursor } from '../storage/keyset.ts';

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
