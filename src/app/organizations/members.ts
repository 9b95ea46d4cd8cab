// Members of live books (D13, D30): add by email, change role, remove. Seats count live members only.
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import { ROLES, type Role } from '../../domain/roles.ts';
import type { Queryable, Tx } from '../../storage/db.ts';
import { allowMultiShard, isUuid } from '../../storage/sql.ts';
import * as apiKeys from '../../storage/stores/api-keys.ts';
import type { MemberRow } from '../../storage/stores/organizations.ts';
import * as organizations from '../../storage/stores/organizations.ts';
import * as people from '../../storage/stores/people.ts';
import type { Actor, Deps } from '../context.ts';

export function liveId(actor: Actor): string {
  return actor.organization.liveOrganizationId ?? actor.organization.id;
}

function describeMember(row: MemberRow) {
  return {
    user_id: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    joined_at: row.created_at.toISOString(),
  };
}

export async function listMembers(db: Queryable, actor: Actor) {
  return (await organizations.members(db, liveId(actor))).map(describeMember);
}

export function assertRole(role: string): asserts role is Role {
  if (!(ROLES as readonly string[]).includes(role))
    throw fieldError('role', `must be one of ${ROLES.join(', ')}`);
}

/** Only an owner may make, change or remove an owner (admins manage everyone else). */
export function assertMayManage(actor: Actor, role: Role) {
  if (role === 'owner' && actor.role !== 'owner') {
    throw new DomainError('permission_denied', 'only an owner may manage owners', {});
  }
}

/**
 * Members belong to the live books (a sandbox shares them): a change made through a sandbox session
 * would grant or take a role on the live books without saying so, so it is refused there.
 */
export function assertLiveBooks(actor: Actor) {
  if (actor.organization.mode === 'sandbox') {
    throw new DomainError(
      'sandbox_restricted',
      'members are managed on the live books; send this request with the live organization id',
      { mode: 'sandbox', live_organization_id: actor.organization.liveOrganizationId },
    );
  }
}

export async function addMember(tx: Tx, actor: Actor, email: string, role: string) {
  assertLiveBooks(actor);
  assertRole(role);
  assertMayManage(actor, role);
  const organizationId = liveId(actor);
  const user = await people.findUserByEmail(tx, email);
  if (!user) throw fieldError('email', 'no signed-up user has this email');
  await joinBooks(tx, organizationId, user.id, role, () => fieldError('email', 'is already a member'));
  const members = await listMembers(tx, actor);
  return members.find((member) => member.email.toLowerCase() === email.toLowerCase())!;
}

/**
 * Makes the user a member of the live books with `role` (adding a member, accepting an invitation).
 * The organization's row lock serializes concurrent joins against the seat count.
 */
export async function joinBooks(
  tx: Tx,
  organizationId: string,
  userId: string,
  role: Role,
  alreadyMember: () => DomainError,
) {
  const seats = (await organizations.lockForUpdate(tx, organizationId))?.seats ?? 0;
  if (await organizations.roleOf(tx, organizationId, userId)) throw alreadyMember();
  if ((await organizations.countMembers(tx, organizationId)) >= seats) {
    throw new DomainError('seat_limit_reached', `all ${seats} seats of the plan are taken`, { seats });
  }
  await organizations.insertMembership(tx, organizationId, userId, role);
}

/** Locks the organization (member changes serialize on it), then the membership; not_found if none. */
async function lockMember(tx: Tx, organizationId: string, userId: string) {
  await organizations.lockForUpdate(tx, organizationId);
  const role = isUuid(userId) ? await organizations.roleOf(tx, organizationId, userId, 'update') : undefined;
  if (!role) throw notFound('member');
  return { role: role as Role };
}

async function assertAnotherOwner(tx: Tx, organizationId: string, userId: string) {
  if (!(await organizations.hasOtherOwner(tx, organizationId, userId))) {
    throw new DomainError('invalid_state', 'the books must keep at least one owner', {});
  }
}

export async function changeMemberRole(deps: Deps, actor: Actor, userId: string, role: string) {
  assertLiveBooks(actor);
  assertRole(role);
  assertMayManage(actor, role);
  const organizationId = liveId(actor);
  await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, organizationId, userId);
    assertMayManage(actor, member.role);
    if (member.role === 'owner' && role !== 'owner') await assertAnotherOwner(tx, organizationId, userId);
    await organizations.setRole(tx, organizationId, userId, role);
  });
  const members = await listMembers(deps.db, actor);
  return members.find((member) => member.user_id === userId)!;
}

export async function removeMember(deps: Deps, actor: Actor, userId: string) {
  assertLiveBooks(actor);
  const organizationId = liveId(actor);
  await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, organizationId, userId);
    assertMayManage(actor, member.role);
    if (member.role === 'owner') await assertAnotherOwner(tx, organizationId, userId);
    await organizations.deleteMembership(tx, organizationId, userId);
    // Spec, Authentication 4: removing the creator ends the key, so adding them back later must not
    // revive it. Their keys on the live books and on its sandbox are revoked with the membership.
    await allowMultiShard(tx); // D80: a membership change reaches the sandbox's keys too
    await apiKeys.revokeCreatedBy(tx, organizationId, userId);
    const sandbox = await organizations.sandboxOf(tx, organizationId);
    if (sandbox) await apiKeys.revokeCreatedBy(tx, sandbox.id, userId);
  });
}
