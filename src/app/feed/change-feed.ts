// GET /changes (spec "Events", D32). Cursors are positions in the organization's change sequence.
// Because writers take the change counter last and hold it to commit, every seq at or below the
// committed counter value is already visible: reading up to that head can never skip a change.
import { fieldError } from '../../domain/errors.ts';
import { ENTITY_READ_PERMISSION, ENTITY_TYPES } from '../../domain/roles.ts';
import * as changes from '../../storage/stores/changes.ts';
import type { Actor, Deps } from '../context.ts';
import { cursorPayload, innerCursor, invalidCursor } from '../cursor-seal.ts';

export const DEFAULT_FEED_LIMIT = 100;
export const FEED_LIMIT_MAX = 1000;

interface FeedQuery {
  cursor?: string;
  entity_types?: string;
  limit?: number;
}

function encodeFeedCursor(organizationId: string, seq: bigint): string {
  return innerCursor({ o: organizationId, s: seq.toString() });
}

function decodeFeedCursor(organizationId: string, text: string): bigint {
  const payload = cursorPayload<{ o?: unknown; s?: unknown }>(text);
  if (
    !payload ||
    typeof payload.s !== 'string' ||
    !/^\d{1,18}$/.test(payload.s) ||
    typeof payload.o !== 'string'
  ) {
    throw invalidCursor('the cursor is malformed');
  }
  if (payload.o !== organizationId) throw invalidCursor('this cursor belongs to other books');
  return BigInt(payload.s);
}

/** The entity types this actor may see, narrowed by the request's `entity_types`. */
function visibleTypes(actor: Actor, requested: string | undefined): string[] {
  const permitted = ENTITY_TYPES.filter((type) => actor.permissions.has(ENTITY_READ_PERMISSION[type]!));
  if (requested === undefined || requested.trim() === '') return permitted;
  const names = requested
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(ENTITY_TYPES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw fieldError(
      'query/entity_types',
      `unknown entity types ${unknown.join(', ')}; known: ${ENTITY_TYPES.join(', ')}`,
    );
  }
  return permitted.filter((type) => names.includes(type));
}

export async function readChanges(deps: Deps, actor: Actor, query: FeedQuery) {
  const organizationId = actor.organization.id;
  const limit = query.limit ?? DEFAULT_FEED_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > FEED_LIMIT_MAX) {
    throw fieldError('query/limit', `must be an integer from 1 to ${FEED_LIMIT_MAX}`);
  }
  const types = visibleTypes(actor, query.entity_types);
  const after = query.cursor ? decodeFeedCursor(organizationId, query.cursor) : undefined;
  const head = await changes.head(deps.db, organizationId);
  if (after === undefined)
    return { changes: [], cursor: encodeFeedCursor(organizationId, head), has_more: false };
  if (after > head) throw invalidCursor('the cursor is ahead of these books');
  const rows = await changes.between(deps.db, organizationId, {
    after,
    through: head,
    entityTypes: types,
    limit: limit + 1,
  });
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const position = hasMore && last ? BigInt(last.seq) : head;
  return {
    changes: page.map(({ seq: _seq, ...change }) => change),
    cursor: encodeFeedCursor(organizationId, position),
    has_more: hasMore,
  };
}
