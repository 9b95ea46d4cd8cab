// D94: member invitations by email. An owner or admin invites an address with a role; the message
// carries a one-time link (token stored as its SHA-256, valid INVITATION_LIFETIME_DAYS) that the
// person accepts by logging in (POST /members/invitations/accept) or by signing up with it. Seats are
// counted when an invitation is accepted, under the organization's row lock, as for adding a member;
// a pending invitation holds no seat. Invitations belong to the live books (a sandbox shares them), so
// a sandbox session is refused as it is for members. The link is accepted only by the person it was
// sent to: the account's email must be the invited address (the link proves they read that mailbox).
import { randomUUID } from 'node:crypto';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import type { Role } from '../../domain/roles.ts';
import type { Tx } from '../../storage/db.ts';
import { allowMultiShard } from '../../storage/sql.ts';
import type { InvitationRow } from '../../storage/stores/auth-links.ts';
import * as links from '../../storage/stores/auth-links.ts';
import * as organizations from '../../storage/stores/organizations.ts';
import * as people from '../../storage/stores/people.ts';
import { newLinkToken, sha256 } from '../auth/secrets.ts';
import type { Actor, Deps } from '../context.ts';
import { LINK_PLACEHOLDER, type LinkNotice, queueLinkEmail } from '../email/auth-email.ts';
import { assertLiveBooks, assertMayManage, assertRole, joinBooks, liveId } from './members.ts';
import { describeOrganization, toOrganization } from './organizations.ts';

export const INVITATION_LIFETIME_DAYS = 7;
/** Open invitations listed at most (a page of the Members screen; more is not an invitation flow). */
export const OPEN_INVITATIONS_MAX = 200;
const DAY_MS = 86_400_000;

export type InvitationStatus = 'pending' | 'expired' | 'accepted' | 'revoked';

export function describeInvitation(row: InvitationRow) {
  const status: InvitationStatus = row.accepted_at
    ? 'accepted'
    : row.revoked_at
      ? 'revoked'
      : row.expired
        ? 'expired'
        : 'pending';
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    status,
    invited_by: row.invited_by,
    invited_by_name: row.invited_by_name ?? '',
    created_at: row.created_at,
    expires_at: row.expires_at,
    accepted_at: row.accepted_at,
    revoked_at: row.revoked_at,
  };
}

/** The link of an invitation token: the web app's accept page, the token after `#` (never sent on). */
function invitationLink(appOrigin: string, token: string) {
  return `${appOrigin.replace(/\/+$/, '')}/invitations/accept#token=${token}`;
}

/**
 * Invites `email` to the actor's live books with `role`, in the write's transaction, with its
 * message. An open invitation to the same address is replaced (this is also how one is sent again).
 */
export async function createInvitation(
  tx: Tx,
  deps: Deps,
  actor: Actor,
  command: { email: string; role: string },
  appOrigin: string,
): Promise<{ invitation: ReturnType<typeof describeInvitation>; notice: LinkNotice }> {
  assertLiveBooks(actor);
  assertRole(command.role);
  assertMayManage(actor, command.role);
  const email = command.email.trim();
  const organizationId = liveId(actor);
  await organizations.lockForUpdate(tx, organizationId);
  const existing = await people.findUserByEmail(tx, email);
  if (existing && (await organizations.roleOf(tx, organizationId, existing.id))) {
    throw fieldError('email', 'is already a member');
  }
  await links.revokeOpenInvitationTo(tx, organizationId, email);
  const token = newLinkToken('invitation');
  const id = randomUUID();
  await links.insertInvitation(tx, {
    id,
    organizationId,
    email,
    role: command.role,
    tokenHash: sha256(token),
    invitedBy: actor.userId,
    lifetimeDays: INVITATION_LIFETIME_DAYS,
  });
  const row = (await links.findInvitation(tx, organizationId, id))!;
  const inviter = row.invited_by_name || 'A member';
  const notice = await queueLinkEmail(tx, deps, {
    kind: 'invitation',
    organizationId,
    to: email,
    subject: `${inviter} invited you to ${actor.organization.name} on Folio`,
    body: [
      'Hello,',
      '',
      `${inviter} invited you to work in the books of ${actor.organization.name} on Folio, as ${withArticle(command.role)}.`,
      'Open this link to accept; it lets you log in, or sign up if you have no Folio account yet:',
      '',
      LINK_PLACEHOLDER,
      '',
      `The link works once, for ${INVITATION_LIFETIME_DAYS} days. If you were not expecting it, ignore this message.`,
    ].join('\n'),
    link: invitationLink(appOrigin, token),
    linkExpiresAt: new Date(Date.now() + INVITATION_LIFETIME_DAYS * DAY_MS),
  });
  return { invitation: describeInvitation(row), notice };
}

function withArticle(role: string) {
  return /^[aeiou]/.test(role) ? `an ${role}` : `a ${role}`;
}

export async function listInvitations(deps: Deps, actor: Actor) {
  const rows = await links.openInvitations(deps.db, liveId(actor), OPEN_INVITATIONS_MAX);
  return rows.map(describeInvitation);
}

export async function revokeInvitation(deps: Deps, actor: Actor, id: string) {
  assertLiveBooks(actor);
  const organizationId = liveId(actor);
  return deps.db.transaction(async (tx) => {
    const row = await links.findInvitation(tx, organizationId, id, 'update');
    if (!row) throw notFound('invitation');
    assertMayManage(actor, row.role as Role);
    const current = describeInvitation(row);
    if (current.status === 'accepted' || current.status === 'revoked') {
      throw new DomainError('invalid_state', `the invitation is already ${current.status}`, {
        status: current.status,
      });
    }
    await links.revokeInvitation(tx, organizationId, id);
    return describeInvitation((await links.findInvitation(tx, organizationId, id))!);
  });
}

const invitationRefused = () =>
  fieldError('token', 'the invitation is not valid: it was accepted, revoked or replaced, or has expired');

/** The invitation of a token while it can still be accepted, locked to commit. */
async function lockUsable(tx: Tx, token: string): Promise<InvitationRow> {
  const row = await links.findInvitationByToken(tx, sha256(token), 'update');
  if (!row || describeInvitation(row).status !== 'pending') throw invitationRefused();
  return row;
}

/**
 * Makes the user (whose email must be the invited address) a member with the invited role, seats
 * permitting, and spends the invitation. In the caller's transaction: sign-up runs it with the new
 * user's insert, so a refused invitation leaves no account behind.
 */
export async function acceptInvitationIn(tx: Tx, token: string, user: { id: string; email: string }) {
  const row = await lockUsable(tx, token);
  if (row.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new DomainError(
      'permission_denied',
      'this invitation was sent to another email address: log in (or sign up) with the address it was sent to',
      {},
    );
  }
  await joinBooks(
    tx,
    row.organization_id,
    user.id,
    row.role as Role,
    () => new DomainError('invalid_state', 'you are already a member of these books', {}),
  );
  await links.markInvitationAccepted(tx, row.organization_id, row.id, user.id);
  await allowMultiShard(tx); // D80: a membership change, answered with the live books and their sandbox
  const live = await organizations.find(tx, row.organization_id);
  const sandbox = await organizations.sandboxOf(tx, row.organization_id);
  if (!live || !sandbox) throw notFound('organization');
  return {
    organization: describeOrganization(toOrganization(live), row.role),
    sandbox: describeOrganization(toOrganization(sandbox), row.role),
  };
}

/** POST /members/invitations/accept: a logged-in person accepts with the link's token. */
export async function acceptInvitation(deps: Deps, userId: string, token: string) {
  return deps.db.transaction(async (tx) => {
    const user = await people.findUser(tx, userId);
    if (!user) throw notFound('user');
    return acceptInvitationIn(tx, token, user);
  });
}

/**
 * What the accept page shows before the person logs in or signs up: the books, the role, who
 * invited, and the address (to prefill). Only to the holder of the token; nothing once it is spent.
 */
export async function previewInvitation(deps: Deps, token: string) {
  const row = await links.findInvitationByToken(deps.db, sha256(token));
  if (!row || describeInvitation(row).status !== 'pending') throw invitationRefused();
  const organization = await organizations.find(deps.db, row.organization_id);
  if (!organization) throw invitationRefused();
  const account = await people.findUserByEmail(deps.db, row.email);
  return {
    email: row.email,
    role: row.role as Role,
    organization_name: organization.name,
    invited_by_name: row.invited_by_name ?? '',
    expires_at: row.expires_at,
    // Which form the page offers first; the token holder may learn whether the invited address has
    // an account (it is their own address).
    has_account: Boolean(account),
  };
}
