// One-time links (D94): password resets (a user's) and member invitations (a live organization's).
// Tokens arrive hashed; every time is the database's clock, so validity never depends on which
// process answers.
import type { Queryable, Tx } from '../db.ts';
import { isoTimestamp, isUuid } from '../sql.ts';
import * as tokenLookup from './token-lookup.ts';

// ---- password resets ---------------------------------------------------------------------------

/** A new reset link for the user; the links asked for before it become void (only the newest works). */
export async function insertPasswordReset(
  tx: Tx,
  reset: { id: string; userId: string; tokenHash: string; lifetimeMinutes: number },
): Promise<void> {
  await usePasswordResets(tx, reset.userId);
  await tx.query(
    `INSERT INTO password_resets (id, user_id, token_hash, expires_at)
     VALUES ($1, $2, $3, clock_timestamp() + make_interval(mins => $4::int))`,
    [reset.id, reset.userId, reset.tokenHash, reset.lifetimeMinutes],
  );
}

/** The unused, unexpired reset of this token hash, locked to commit (a second use waits, then finds it used). */
export async function lockLivePasswordReset(
  tx: Tx,
  tokenHash: string,
): Promise<{ id: string; user_id: string } | undefined> {
  const [row] = await tx.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM password_resets
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > statement_timestamp()
        FOR UPDATE`,
    [tokenHash],
  );
  return row;
}

/** The reset is spent, and so is every other open link of the user. */
export async function usePasswordResets(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    'UPDATE password_resets SET used_at = statement_timestamp() WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
}

export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

/** Ends every live session of the user (a password reset); answers how many ended. */
export async function revokeSessionsOfUser(tx: Tx, userId: string): Promise<number> {
  const rows = await tx.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
    [userId],
  );
  return rows.length;
}

// ---- invitations -------------------------------------------------------------------------------

export interface InvitationRow {
  id: string;
  organization_id: string;
  email: string;
  role: string;
  invited_by: string;
  invited_by_name: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
  /** Computed by the database's clock: neither accepted nor revoked, and past expires_at. */
  expired: boolean;
}

const INVITATION_COLUMNS = `i.id, i.organization_id, i.email, i.role, i.invited_by,
  u.name AS invited_by_name,
  ${isoTimestamp('i.created_at')} AS created_at, ${isoTimestamp('i.expires_at')} AS expires_at,
  ${isoTimestamp('i.accepted_at')} AS accepted_at, i.accepted_by,
  ${isoTimestamp('i.revoked_at')} AS revoked_at,
  (i.expires_at <= clock_timestamp()) AS expired`;
const INVITATION_FROM = 'FROM invitations i LEFT JOIN users u ON u.id = i.invited_by';

export async function insertInvitation(
  tx: Tx,
  invitation: {
    id: string;
    organizationId: string;
    email: string;
    role: string;
    tokenHash: string;
    invitedBy: string;
    lifetimeDays: number;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO invitations (id, organization_id, email, role, token_hash, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp() + make_interval(days => $7::int))`,
    [
      invitation.id,
      invitation.organizationId,
      invitation.email,
      invitation.role,
      invitation.tokenHash,
      invitation.invitedBy,
      invitation.lifetimeDays,
    ],
  );
  // The token's hash names the inviting books in the global lookup (a reference table under Citus).
  await tokenLookup.register(tx, 'invitation', invitation);
}

/** Revokes the open invitation of this address to these books, if any (a new one replaces it). */
export async function revokeOpenInvitationTo(tx: Tx, organizationId: string, email: string): Promise<void> {
  await tx.query(
    `UPDATE invitations SET revoked_at = statement_timestamp()
      WHERE organization_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL`,
    [organizationId, email],
  );
}

export async function findInvitation(
  db: Queryable,
  organizationId: string,
  id: string,
  lock: 'none' | 'update' = 'none',
): Promise<InvitationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} ${INVITATION_FROM}
      WHERE i.organization_id = $1 AND i.id = $2${lock === 'update' ? ' FOR UPDATE OF i' : ''}`,
    [organizationId, id],
  );
  return row;
}

/** The invitation of a token hash, whatever its state (the caller says why it cannot be used). */
export async function findInvitationByToken(
  db: Queryable,
  tokenHash: string,
  lock: 'none' | 'update' = 'none',
): Promise<InvitationRow | undefined> {
  // The global lookup names the books; the invitation is then read on their shard (D79).
  const found = await tokenLookup.find(db, 'invitation', tokenHash);
  if (!found) return undefined;
  const [row] = await db.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} ${INVITATION_FROM}
      WHERE i.organization_id = $1 AND i.id = $2 AND i.token_hash = $3${lock === 'update' ? ' FOR UPDATE OF i' : ''}`,
    [found.organization_id, found.record_id, tokenHash],
  );
  return row;
}

/** Invitations neither accepted nor revoked (pending or expired), newest first, `limit` at most. */
export function openInvitations(
  db: Queryable,
  organizationId: string,
  limit: number,
): Promise<InvitationRow[]> {
  return db.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} ${INVITATION_FROM}
      WHERE i.organization_id = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL
      ORDER BY i.created_at DESC, i.id LIMIT $2`,
    [organizationId, limit],
  );
}

export async function revokeInvitation(tx: Tx, organizationId: string, id: string): Promise<void> {
  await tx.query(
    `UPDATE invitations SET revoked_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL`,
    [organizationId, id],
  );
}

export async function markInvitationAccepted(
  tx: Tx,
  organizationId: string,
  id: string,
  userId: string,
): Promise<void> {
  await tx.query(
    `UPDATE invitations SET accepted_at = statement_timestamp(), accepted_by = $3
      WHERE organization_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL`,
    [organizationId, id, userId],
  );
}
