// API keys (D14-D18): stored as SHA-256 hashes with a display prefix; rotation links a key to its
// replacement, whose first use starts the old key's grace period.
import type { Queryable, Tx } from '../db.ts';
import { type PageCursor, selectPage } from '../keyset.ts';
import { isoTimestamp, rowById } from '../sql.ts';
import { ORGANIZATION_COLUMNS, type OrganizationRow } from './organizations.ts';
import * as tokenLookup from './token-lookup.ts';

export interface KeyRow {
  id: string;
  name: string;
  role: string;
  prefix: string;
  created_by: string;
  created_at: string;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  first_used_at: Date | null;
  rotated_from: string | null;
  replaced_by: string | null;
  replacement_first_used_at: Date | null;
}

const KEY_SELECT = `SELECT k.id, k.name, k.role, k.prefix, k.created_by,
    ${isoTimestamp('k.created_at')} AS created_at,
    k.expires_at, k.revoked_at, k.last_used_at, k.first_used_at, k.rotated_from, k.replaced_by,
    r.first_used_at AS replacement_first_used_at
  FROM api_keys k LEFT JOIN api_keys r ON r.organization_id = k.organization_id AND r.id = k.replaced_by`;

export function find(db: Queryable, organizationId: string, id: string) {
  return rowById<KeyRow>(db, KEY_SELECT, organizationId, id, 'none', 'k');
}

export function list(db: Queryable, organizationId: string, cursor: PageCursor | undefined) {
  return selectPage<KeyRow>(db, {
    select: KEY_SELECT,
    where: 'k.organization_id = $1',
    params: [organizationId],
    cursor,
    alias: 'k',
  });
}

export interface NewKey {
  id: string;
  organizationId: string;
  name: string;
  role: string;
  createdBy: string;
  tokenHash: string;
  prefix: string;
  expiresAt: Date;
  rotatedFrom: string | null;
}

export async function insert(tx: Tx, key: NewKey): Promise<void> {
  await tx.query(
    `INSERT INTO api_keys (id, organization_id, name, role, created_by, token_hash, prefix, expires_at, rotated_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      key.id,
      key.organizationId,
      key.name,
      key.role,
      key.createdBy,
      key.tokenHash,
      key.prefix,
      key.expiresAt,
      key.rotatedFrom,
    ],
  );
  // The key's hash names its books in the global lookup (a reference table under Citus, D79).
  await tokenLookup.register(tx, 'api_key', key);
}

/** Links a rotated key to its replacement. */
export async function setReplacedBy(
  tx: Tx,
  organizationId: string,
  id: string,
  replacementId: string,
): Promise<void> {
  await tx.query(
    'UPDATE api_keys SET replaced_by = $3, version = version + 1 WHERE organization_id = $1 AND id = $2',
    [organizationId, id, replacementId],
  );
}

/** Revokes the key (a revoked key keeps its first revocation time). */
export async function revoke(db: Queryable, organizationId: string, id: string): Promise<void> {
  await db.query(
    'UPDATE api_keys SET revoked_at = LEAST(revoked_at, now()), version = version + 1 WHERE organization_id = $1 AND id = $2',
    [organizationId, id],
  );
}

/** Revokes a rotated key whose grace period is over (D18), found when it is presented. */
export async function revokeRotated(db: Queryable, organizationId: string, id: string): Promise<void> {
  await db.query(
    'UPDATE api_keys SET revoked_at = now() WHERE organization_id = $1 AND id = $2 AND revoked_at IS NULL',
    [organizationId, id],
  );
}

/** Revokes the live keys `userId` created on these books (one statement per set of books, D80). */
export async function revokeCreatedBy(tx: Tx, organizationId: string, userId: string): Promise<void> {
  await tx.query(
    `UPDATE api_keys SET revoked_at = now(), version = version + 1
      WHERE organization_id = $1 AND created_by = $2 AND revoked_at IS NULL`,
    [organizationId, userId],
  );
}

export interface PresentedKey {
  id: string;
  organization_id: string;
  role: string;
  created_by: string;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  replaced_by: string | null;
  replacement_first_used_at: Date | null;
  organization: OrganizationRow | null;
  /** The creator's role in the key's own books (null when not a member there). */
  creator_role: string | null;
}

/**
 * The key of this hash with its replacement's first use, its books and its creator's role in them,
 * all read afresh every time (D14). On one server that is one statement. On Citus it is two routed
 * reads (D79): the global lookup (a reference table) names the books, then the key is read on their
 * shard. `creator_role` is the creator's membership in the key's own books; a sandbox takes its
 * members from its live books, so the caller reads that role there instead (a membership read, D80).
 */
export async function findPresented(db: Queryable, tokenHash: string): Promise<PresentedKey | undefined> {
  if (!db.distributed) {
    const [key] = await db.query<PresentedKey>(
      `${PRESENTED_SELECT}
         JOIN token_lookup t ON t.organization_id = k.organization_id AND t.record_id = k.id
        WHERE t.token_hash = $1 AND t.kind = 'api_key' AND k.token_hash = $1`,
      [tokenHash],
    );
    return key;
  }
  const found = await tokenLookup.find(db, 'api_key', tokenHash);
  if (!found) return undefined;
  const [key] = await db.query<PresentedKey>(
    `${PRESENTED_SELECT} WHERE k.organization_id = $2 AND k.id = $3 AND k.token_hash = $1`,
    [tokenHash, found.organization_id, found.record_id],
  );
  return key;
}

const PRESENTED_SELECT = `SELECT k.id, k.organization_id, k.role, k.created_by, k.expires_at, k.revoked_at,
       k.last_used_at, k.replaced_by, r.first_used_at AS replacement_first_used_at,
       to_jsonb(o) AS organization, m.role AS creator_role
  FROM api_keys k LEFT JOIN api_keys r ON r.organization_id = k.organization_id AND r.id = k.replaced_by
  LEFT JOIN memberships m ON m.organization_id = k.organization_id AND m.user_id = k.created_by
  LEFT JOIN LATERAL (SELECT ${ORGANIZATION_COLUMNS} FROM organizations WHERE id = k.organization_id) o ON true`;

/** Notes a use: last_used_at (at most once a minute in the database too) and the first use. */
export async function noteUse(db: Queryable, organizationId: string, id: string): Promise<void> {
  await db.query(
    // LEAST, not COALESCE(first_used_at, now()): it ignores a null the same way, and Citus refuses a
    // non-IMMUTABLE function inside CASE or COALESCE of a write.
    `UPDATE api_keys SET last_used_at = now(), first_used_at = LEAST(first_used_at, now())
      WHERE organization_id = $1 AND id = $2
        AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [organizationId, id],
  );
}
