// Members of live books (D13, D30): add by email, change role, remove. Seats count live members only.
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import { ROLES, type Role } from '../../domain/roles.ts';
import type { Queryable } from '../../storage/db.ts';
import type { Actor, Deps } from '../context.ts';

interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: Role;
  created_at: Date;
}

function liveId(actor: Actor): string {
  return actor.organization.liveOrganizationId ?? actor.organization.id;
}

function describeMember(row: MemberRow) {
  return {
    user_id: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role,
    joined_at: row.created_at.toISOString(),
  };
}

export async function listMembers(db: Queryable, actor: Actor) {
  const rows = await db.query<MemberRow>(
    `SELECT m.user_id, u.email, u.name, m.role, m.created_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.organization_id = $1 ORDER BY m.created_at, m.user_id`,
    [liveId(actor)],
  );
  return rows.map(describeMember);
}

function assertRole(role: string): asserts role is Role {
  if (!(ROLES as readonly string[]).includes(role))
    throw fieldError('role', `must be one of ${ROLES.join(', ')}`);
}

/** Only an owner may make, change or remove an owner (admins manage everyone else). */
function assertMayManage(actor: Actor, role: Role) {
  if (role === 'owner' && actor.role !== 'owner') {
    throw new DomainError('permission_denied', 'only an owner may manage owners', {});
  }
}

/**
 * Members belong to the live books (a sandbox shares them): a change made through a sandbox session
 * would grant or take a role on the live books without saying so, so it is refused there.
 */
function assertLiveBooks(actor: Actor) {
  if (actor.organization.mode === 'sandbox') {
    throw new DomainError(
      'sandbox_restricted',
      'members are managed on the live books; send this request with the live organization id',
      { mode: 'sandbox', live_organization_id: actor.organization.liveOrganizationId },
    );
  }
}

export async function addMember(tx: Queryable, actor: Actor, email: string, role: string) {
  assertLiveBooks(actor);
  assertRole(role);
  assertMayManage(actor, role);
  const organizationId = liveId(actor);
  {
    // The organization row lock serializes concurrent additions against the seat count.
    const [organization] = await tx.query<{ seats: number }>(
      'SELECT seats FROM organizations WHERE id = $1 FOR UPDATE',
      [organizationId],
    );
    const [user] = await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
      email,
    ]);
    if (!user) throw fieldError('email', 'no signed-up user has this email');
    const [existing] = await tx.query(
      'SELECT 1 FROM memberships WHERE organization_id = $1 AND user_id = $2',
      [organizationId, user.id],
    );
    if (existing) throw fieldError('email', 'is already a member');
    const [count] = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM memberships WHERE organization_id = $1',
      [organizationId],
    );
    if ((count?.n ?? 0) >= (organization?.seats ?? 0)) {
      throw new DomainError('seat_limit_reached', `all ${organization?.seats} seats of the plan are taken`, {
        seats: organization?.seats,
      });
    }
    await tx.query('INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, $3)', [
      organizationId,
      user.id,
      role,
    ]);
  }
  const members = await listMembers(tx, actor);
  return members.find((member) => member.email.toLowerCase() === email.toLowerCase())!;
}

async function lockMember(tx: { query: Deps['db']['query'] }, organizationId: string, userId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw notFound('member');
  const [row] = await tx.query<{ role: Role }>(
    'SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2 FOR UPDATE',
    [organizationId, userId],
  );
  if (!row) throw notFound('member');
  return row;
}

async function assertAnotherOwner(
  tx: { query: Deps['db']['query'] },
  organizationId: string,
  userId: string,
) {
  const [other] = await tx.query(
    "SELECT 1 FROM memberships WHERE organization_id = $1 AND role = 'owner' AND user_id <> $2",
    [organizationId, userId],
  );
  if (!other) throw new DomainError('invalid_state', 'the books must keep at least one owner', {});
}

export async function changeMemberRole(deps: Deps, actor: Actor, userId: string, role: string) {
  assertLiveBooks(actor);
  assertRole(role);
  assertMayManage(actor, role);
  const organizationId = liveId(actor);
  await deps.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [organizationId]);
    const member = await lockMember(tx, organizationId, userId);
    assertMayManage(actor, member.role);
    if (member.role === 'owner' && role !== 'owner') await assertAnotherOwner(tx, organizationId, userId);
    await tx.query('UPDATE memberships SET role = $3 WHERE organization_id = $1 AND user_id = $2', [
      organizationId,
      userId,
      role,
    ]);
  });
  const members = await listMembers(deps.db, actor);
  return members.find((member) => member.user_id === userId)!;
}

export async function removeMember(deps: Deps, actor: Actor, userId: string) {
  assertLiveBooks(actor);
  const organizationId = liveId(actor);
  await deps.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [organizationId]);
    const member = await lockMember(tx, organizationId, userId);
    assertMayManage(actor, member.role);
    if (member.role === 'owner') await assertAnotherOwner(tx, organizationId, userId);
    await tx.query('DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2', [
      organizationId,
      userId,
    ]);
    // Spec, Authentication 4: removing the creator ends the key, so adding them back later must not
    // revive it. Their keys on the live books and on its sandbox are revoked with the membership.
    await tx.query(
      `UPDATE api_keys SET revoked_at = now(), version = version + 1
        WHERE created_by = $2 AND revoked_at IS NULL
          AND organization_id IN (SELECT id FROM organizations WHERE id = $1 OR live_organization_id = $1)`,
      [organizationId, userId],
    );
  });
}
