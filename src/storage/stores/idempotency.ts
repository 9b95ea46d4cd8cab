// Idempotency records (D35): one per organization, credential and key, holding the request's
// fingerprint and, once the write has answered, its stored response.
import type { Queryable, SqlParam, Tx } from '../db.ts';

/** Whose key it is: keys are scoped to the organization and the credential that sent them. */
export interface KeyScope {
  organizationId: string;
  credentialId: string;
  key: string;
}

export interface StoredRecord {
  fingerprint: string;
  /** null while the write that claimed the key has not committed its response. */
  response_status: number | null;
  response_body: string | null;
}

export interface ResponseToStore {
  status: number;
  /** The response body exactly as serialized the first time. */
  text: string;
}

/**
 * Inserts the key, or takes over one older than `windowHours`; false when a live record holds it.
 * The age is compared in UTC wall time against the new row's default (now()): Citus accepts only
 * IMMUTABLE expressions in ON CONFLICT, and timestamptz arithmetic is STABLE (it follows TimeZone).
 * A concurrent holder of the key makes this insert wait until it commits or rolls back.
 */
export async function claim(
  tx: Tx,
  scope: KeyScope,
  fingerprint: string,
  windowHours: number,
): Promise<boolean> {
  const claimed = await tx.query(
    `INSERT INTO idempotency_keys (organization_id, credential_id, key, fingerprint)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (organization_id, credential_id, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, response_status = NULL, response_body = NULL,
           created_at = EXCLUDED.created_at
       WHERE (idempotency_keys.created_at AT TIME ZONE 'UTC')
             < (EXCLUDED.created_at AT TIME ZONE 'UTC') - make_interval(hours => $5::int)
     RETURNING 1`,
    [scope.organizationId, scope.credentialId, scope.key, fingerprint, windowHours],
  );
  return claimed.length > 0;
}

export async function find(db: Queryable, scope: KeyScope): Promise<StoredRecord | undefined> {
  const [record] = await db.query<StoredRecord>(
    `SELECT fingerprint, response_status, response_body FROM idempotency_keys
      WHERE organization_id = $1 AND credential_id = $2 AND key = $3`,
    [scope.organizationId, scope.credentialId, scope.key],
  );
  return record;
}

/**
 * The one statement that stores a response on a claimed key, with its five parameters numbered from
 * `first` (see storeResponseParams), so a statement that writes more can carry it as a CTE: the
 * change records' flush does (src/storage/stores/changes.ts), saving a round trip under the
 * organization's change counter lock.
 */
export function storeResponseSql(first = 1): string {
  const [organization, credential, key, status, body] = [0, 1, 2, 3, 4].map((n) => `$${first + n}`);
  return `UPDATE idempotency_keys SET response_status = ${status}, response_body = ${body}
    WHERE organization_id = ${organization} AND credential_id = ${credential} AND key = ${key}`;
}

export function storeResponseParams(scope: KeyScope, response: ResponseToStore): SqlParam[] {
  return [scope.organizationId, scope.credentialId, scope.key, response.status, response.text];
}

export async function storeResponse(tx: Tx, scope: KeyScope, response: ResponseToStore): Promise<void> {
  await tx.query(storeResponseSql(), storeResponseParams(scope, response));
}
