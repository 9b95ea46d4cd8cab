// Turns the Authorization header into an Actor: API keys (Token) pinned to one set of books, or
// session tokens (Bearer) with X-Organization-Id. Authority is re-evaluated on every request (D14).
import { DomainError } from '../../domain/errors.ts';
import { type ApiKeyRole, effectivePermissions, ROLE_PERMISSIONS, type Role } from '../../domain/roles.ts';
import type { Actor, Deps, Organization } from '../context.ts';
import {
  findOrganization,
  ORGANIZATION_COLUMNS,
  type OrganizationRow,
  toOrganization,
} from '../organizations/organizations.ts';
import { parseApiKey, sha256 } from './secrets.ts';

export type Credentials =
  | { scheme: 'none' }
  | { scheme: 'token'; value: string }
  | { scheme: 'bearer'; value: string }
  | { scheme: 'unsupported' };

export function readCredentials(header: string | undefined): Credentials {
  if (!header) return { scheme: 'none' };
  const match = /^(\S+)\s+(\S+)\s*$/.exec(header);
  if (!match) return { scheme: 'unsupported' };
  const scheme = match[1]!.toLowerCase();
  if (scheme === 'token') return { scheme: 'token', value: match[2]! };
  if (scheme === 'bearer') return { scheme: 'bearer', value: match[2]! };
  return { scheme: 'unsupported' };
}

export const authenticationFailed = (message = 'the credential is invalid, revoked or expired') =>
  new DomainError('authentication_failed', message, {});
export const notAuthenticated = () =>
  new DomainError('not_authenticated', 'send Authorization: Token <API key> (or a Bearer session token)', {});

export interface SessionUser {
  userId: string;
  sessionId: string;
}

export async function authenticateSession(deps: Deps, token: string): Promise<SessionUser> {
  const [row] = await deps.db.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM sessions
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [sha256(token)],
  );
  if (!row) throw authenticationFailed('the session is invalid or has ended; log in again');
  return { userId: row.user_id, sessionId: row.id };
}

/** The role of `userId` in `organization`; a sandbox takes its roles from its live books. */
export async function memberRole(
  deps: Deps,
  organization: Organization,
  userId: string,
): Promise<Role | null> {
  const [row] = await deps.db.query<{ role: Role }>(
    'SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2',
    [organization.liveOrganizationId ?? organization.id, userId],
  );
  return row?.role ?? null;
}

export async function actorForSession(
  deps: Deps,
  session: SessionUser,
  organizationId: string,
): Promise<Actor> {
  const organization = /^[0-9a-f-]{36}$/i.test(organizationId)
    ? await findOrganization(deps.db, organizationId)
    : undefined;
  const role = organization ? await memberRole(deps, organization, session.userId) : null;
  if (!organization || !role) throw new DomainError('not_found', 'organization not found', {});
  return {
    organization,
    userId: session.userId,
    credentialId: session.sessionId,
    credentialKind: 'session',
    role,
    permissions: ROLE_PERMISSIONS[role],
  };
}

interface KeyRow {
  id: string;
  organization_id: string;
  role: ApiKeyRole;
  created_by: string;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  replaced_by: string | null;
  replacement_first_used_at: Date | null;
}

/** Last write of last_used_at per key in this process: at most one write per key per minute (D17). */
const lastUsedWrites = new Map<string, number>();
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

export async function actorForApiKey(deps: Deps, presented: string): Promise<Actor> {
  const parsed = parseApiKey(presented);
  if (!parsed) throw authenticationFailed();
  // One round trip per request: the key, its replacement's first use, its books and its creator's
  // current role there (a sandbox takes roles from its live books), all re-read every time (D14).
  const [key] = await deps.db.query<
    KeyRow & { organization: OrganizationRow | null; creator_role: Role | null }
  >(
    `SELECT k.id, k.organization_id, k.role, k.created_by, k.expires_at, k.revoked_at, k.last_used_at,
            k.replaced_by, r.first_used_at AS replacement_first_used_at,
            to_jsonb(o) AS organization, m.role AS creator_role
       FROM api_keys k LEFT JOIN api_keys r ON r.id = k.replaced_by
       LEFT JOIN LATERAL (SELECT ${ORGANIZATION_COLUMNS} FROM organizations WHERE id = k.organization_id) o ON true
       LEFT JOIN memberships m ON m.organization_id = COALESCE(o.live_organization_id, o.id) AND m.user_id = k.created_by
      WHERE k.token_hash = $1`,
    [sha256(presented)],
  );
  if (!key || key.revoked_at || key.expires_at.getTime() <= Date.now()) throw authenticationFailed();
  if (rotationGraceOver(key, deps.config.keyRotationGraceSeconds)) {
    await deps.db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
      key.id,
    ]);
    throw authenticationFailed();
  }
  const organization = key.organization
    ? { ...toOrganization(key.organization), version: key.organization.version }
    : undefined;
  // D16: the prefix must match the mode of the pinned books before any bookkeeping code runs.
  const expectedMode = parsed.mode === 'live' ? 'live' : 'sandbox';
  if (!organization || organization.mode !== expectedMode) throw authenticationFailed();
  const creatorRole = key.creator_role;
  if (!creatorRole) throw authenticationFailed('the user who created this key is no longer a member');
  await noteKeyUse(deps, key);
  return {
    organization,
    userId: key.created_by,
    credentialId: key.id,
    credentialKind: 'api_key',
    role: key.role,
    permissions: effectivePermissions([key.role, creatorRole]),
  };
}

/**
 * D18: a rotated key is revoked once its replacement has been used and the old key then went unused
 * for the grace period. Evaluated when the old key is presented (and shown in the key list).
 */
export function rotationGraceOver(
  key: { replaced_by: string | null; last_used_at: Date | null; replacement_first_used_at: Date | null },
  graceSeconds: number,
  now = Date.now(),
): boolean {
  if (!key.replaced_by || !key.replacement_first_used_at) return false;
  const quietSince = Math.max(key.replacement_first_used_at.getTime(), key.last_used_at?.getTime() ?? 0);
  return now - quietSince >= graceSeconds * 1000;
}

async function noteKeyUse(deps: Deps, key: KeyRow) {
  const now = Date.now();
  const last = lastUsedWrites.get(key.id) ?? key.last_used_at?.getTime() ?? 0;
  if (now - last < LAST_USED_WRITE_INTERVAL_MS && key.last_used_at) return;
  lastUsedWrites.set(key.id, now);
  await deps.db.query(
    `UPDATE api_keys SET last_used_at = now(), first_used_at = COALESCE(first_used_at, now())
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [key.id],
  );
}
