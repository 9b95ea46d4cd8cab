// One transaction per write: idempotency record, the use case, its change records (D32, D35).
import { createHash } from 'node:crypto';
import { DomainError, type ErrorCode } from '../domain/errors.ts';
import * as idempotencyKeys from '../storage/stores/idempotency.ts';
import { createWriteScope, type WriteScope } from './changes.ts';
import type { Actor, Deps } from './context.ts';

export interface WriteResult<Body = unknown> {
  status: number;
  body: Body;
}

export interface IdempotencyRequest {
  key: string;
  method: string;
  path: string;
  body: unknown;
}

/**
 * How the transport writes an answer (src/http): a success body as text, and a refusal as its
 * status and envelope. The code -> status table is the transport's, not the use cases'.
 */
export interface WriteResponder {
  success(status: number, body: unknown): string;
  refusal(error: DomainError): { status: number; text: string };
}

export interface StoredResponse {
  status: number;
  /** The response body exactly as serialized the first time. */
  text: string;
  replayed: boolean;
}

/** Refusals that depend on a race, not on the request: retrying with the same key should try again. */
const NOT_STORED: ReadonlySet<ErrorCode> = new Set(['number_conflict', 'stale_write', 'throttled']);
export const IDEMPOTENCY_WINDOW_HOURS = 24;
export const IDEMPOTENCY_KEY_LENGTH_MAX = 255;

/**
 * Runs `work` in one transaction. With an Idempotency-Key, the key is claimed first in the same
 * transaction (a concurrent duplicate blocks on the unique key until this one commits, then replays
 * it), and the serialized response is stored before commit. A refusal (4xx) rolls the whole
 * transaction back, work and claim, and is then stored under the key in a short transaction of its
 * own, so a replay answers identically. A successful write thus pays no savepoint: refusals are
 * the rare case and take the extra round trips.
 */
export async function runWrite<Body>(
  deps: Deps,
  actor: Actor,
  idempotency: IdempotencyRequest | undefined,
  respond: WriteResponder,
  work: (scope: WriteScope) => Promise<WriteResult<Body>>,
): Promise<StoredResponse> {
  if (!idempotency) {
    return deps.db.transaction(async (tx) => {
      const { scope, flush } = createWriteScope(tx, actor);
      const result = await work(scope);
      await flush();
      return { status: result.status, text: respond.success(result.status, result.body), replayed: false };
    });
  }
  const fingerprint = fingerprintOf(idempotency);
  let refusal: DomainError;
  let working = false;
  try {
    return await deps.db.transaction(async (tx): Promise<StoredResponse> => {
      const { scope, flush } = createWriteScope(tx, actor);
      working = false;
      const claim = await claimKey(scope, idempotency.key, fingerprint);
      if (claim) return claim;
      working = true;
      const result = await work(scope);
      const text = respond.success(result.status, result.body);
      await flush({ key: idempotency.key, status: result.status, text });
      return { status: result.status, text, replayed: false };
    });
  } catch (error) {
    // Only the work's own refusals are kept; the claim's (idempotency_conflict) and races are not.
    if (!working || !(error instanceof DomainError) || NOT_STORED.has(error.code)) throw error;
    refusal = error;
  }
  const outcome = await deps.db.transaction(async (tx): Promise<StoredResponse | DomainError> => {
    const { scope } = createWriteScope(tx, actor);
    // A duplicate that waited on our claim may have claimed the key and answered meanwhile: then its
    // answer is this request's answer too.
    const claim = await claimKey(scope, idempotency.key, fingerprint);
    if (claim) return claim;
    await idempotencyKeys.storeResponse(tx, keyScope(scope, idempotency.key), respond.refusal(refusal));
    return refusal;
  });
  if (outcome instanceof DomainError) throw outcome;
  return outcome;
}

function fingerprintOf(request: IdempotencyRequest): string {
  return createHash('sha256')
    .update(`${request.method.toUpperCase()} ${request.path}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

/** JSON with object keys sorted at every depth, so key order never changes a fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function keyScope(scope: WriteScope, key: string): idempotencyKeys.KeyScope {
  return { organizationId: scope.actor.organization.id, credentialId: scope.actor.credentialId, key };
}

/**
 * Inserts the key, or takes over an expired one. If a live record exists, returns its replay or
 * refuses a different request under the same key. A concurrent holder of the key makes this insert
 * wait until it commits (then we replay it) or rolls back (then we own the key).
 */
async function claimKey(scope: WriteScope, key: string, fingerprint: string): Promise<StoredResponse | null> {
  const owner = keyScope(scope, key);
  if (await idempotencyKeys.claim(scope.tx, owner, fingerprint, IDEMPOTENCY_WINDOW_HOURS)) return null;
  const existing = await idempotencyKeys.find(scope.tx, owner);
  if (!existing || existing.response_status === null || existing.response_body === null) {
    throw new DomainError('idempotency_conflict', 'a request with this Idempotency-Key is still in progress');
  }
  if (existing.fingerprint !== fingerprint) {
    throw new DomainError(
      'idempotency_conflict',
      'this Idempotency-Key was used with a different request; use a fresh key for a different request',
    );
  }
  return { status: existing.response_status, text: existing.response_body, replayed: true };
}
