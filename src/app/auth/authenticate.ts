// Turns the Authorization header into an Actor: API keys (Token) pinned to one set of books, or
// session tokens (Bearer) with X-Organization-Id. Authority is re-evaluated on every request (D14).
import { DomainError } from '../../domain/errors.ts';
import { type ApiKeyRole, effectivePermissions, ROLE_PERMISSIONS, type Role } from '../../domain/roles.ts';
import * as apiKeys from '../../storage/stores/api-keys.ts';
import * as organizations from '../../storage/stores/organizations.ts';
import * as people from '../../storage/stores/people.ts';
import type { Actor, Deps, Organization } from '../context.ts';
import { findOrganization, toOrganization } from '../organizations/organizations.ts';
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
  const row = await people.findLiveSession(deps.db, sha256(token));
  if (!row) throw authenticationFailed('the session is invalid or has ended; log in again');
  return { userId: row.user_id, sessionId: row.id };
}

/** The role of `userId` in `organization`; a sandbox takes its roles from its live books. */
export async function memberRole(
  deps: Deps,
  organization: Organization,
  userId: string,
): Promise<Role | null> {
  const role = await organizations.roleOf(
    deps.db,
    organization.liveOrganizationId ?? organization.id,
    userId,
  );
  return (role as Role | undefined) ?? null;
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

/** Last write of last_used_at per key in this process: at most one write per key per minute (D17). */
const lastUsedWrites = new Map<string, number>();
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

export async function actorForApiKey(deps: Deps, presented: string): Promise<Actor> {
  const parsed = parseApiKey(presented);
  if (!parsed) throw authenticationFailed();
  // The key, its replacement's first use, its books and its creator's current role there, all
  // re-read every time (D14).
  const key = await apiKeys.findPresented(deps.db, sha256(presented));
  if (!key || key.revoked_at || key.expires_at.getTime() <= Date.now()) throw authenticationFailed();
  if (rotationGraceOver(key, deps.config.keyRotationGraceSeconds)) {
    await apiKeys.revokeRotated(deps.db, key.organization_id, key.id);
    throw authenticationFailed();
  }
  const organization = key.organization
    ? { ...toOrganization(key.organization), version: key.organization.version }
    : undefined;
  // D16: the prefix must match the mode of the pinned books before any bookkeeping code runs.
  const expectedMode = parsed.mode === 'live' ? 'live' : 'sandbox';
  if (!organization || organization.mode !== expectedMode) throw authenticationFailed();
  // Live books: the role came with the key. A sandbox's members are its live books' (D80).
  const creatorRole = organization.liveOrganizationId
    ? await memberRole(deps, organization, key.created_by)
    : ((key.creator_role as Role | null) ?? null);
  if (!creatorRole) throw authenticationFailed('the user who created this key is no longer a member');
  await noteKeyUse(deps, key);
  return {
    organization,
    userId: key.created_by,
    credentialId: key.id,
    credentialKind: 'api_key',
    role: key.role as ApiKeyRole,
    permissions: effectivePermissions([key.role as ApiKeyRole, creatorRole]),
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

async function noteKeyUse(deps: Deps, key: apiKeys.PresentedKey) {
  const now = Date.now();
  const last = lastUsedWrites.get(key.id) ?? key.last_used_at?.getTime() ?? 0;
  if (now - last < LAST_USED_WRITE_INTERVAL_MS && key.last_used_at) return;
  lastUsedWrites.set(key.id, now);
  await apiKeys.noteUse(deps.db, key.organization_id, key.id);
}
