// Internal surface: organization settings, period lock, members and their invitations (D94).
import type { FastifyInstance } from 'fastify';
import { describeOrganization } from '../../app/auth/accounts-of-people.ts';
import type { Deps } from '../../app/context.ts';
import type { LinkNotice } from '../../app/email/auth-email.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  revokeInvitation,
} from '../../app/organizations/invitations.ts';
import { addMember, changeMemberRole, listMembers, removeMember } from '../../app/organizations/members.ts';
import {
  assertBooksSettings,
  assertCloseDate,
  findOrganization,
  setBooksClosedThrough,
  updateSettings,
} from '../../app/organizations/organizations.ts';
import { isCalendarDate } from '../../domain/dates.ts';
import { fieldError, notFound } from '../../domain/errors.ts';
import { announceLink } from '../link-notice.ts';
import { action, actorOf, defineRoute, noContent } from '../route.ts';
import {
  Invitation,
  InvitationAccepted,
  InvitationCreate,
  InvitationList,
  InvitationParams,
  InvitationToken,
} from '../schemas/auth.ts';
import { NoContent } from '../schemas/common.ts';
import {
  Member,
  MemberAdd,
  MemberList,
  MemberParams,
  MemberRoleChange,
  Organization,
  OrganizationUpdate,
  PeriodClose,
  PeriodReopen,
} from '../schemas/organizations.ts';
import { publicOrigin } from './paging.ts';

export function registerOrganizationRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'internal', published: false, auth: 'organization' } as const;
  const readCurrent = async (request: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(request);
    const organization = await findOrganization(deps.db, actor.organization.id);
    if (!organization) throw notFound('organization');
    return { ...describeOrganization(organization, actor.role), version: organization.version };
  };

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/organization',
    operationId: 'readOrganization',
    summary: 'Organization settings',
    permission: 'organization:read',
    response: { 200: Organization },
    handler: async (request) => readCurrent(request),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'PATCH',
    url: '/api/v1/organization',
    operationId: 'updateOrganization',
    summary: 'Change organization settings',
    permission: 'organization:write',
    body: OrganizationUpdate,
    response: { 200: Organization },
    handler: async (request) => {
      assertBooksSettings(request.body);
      const actor = actorOf(request);
      await deps.db.transaction((tx) => updateSettings(tx, actor.organization.id, request.body));
      return readCurrent(request);
    },
  });

  for (const period of ['close', 'reopen'] as const) {
    action(app, deps, {
      ...base,
      method: 'POST',
      url: `/api/v1/periods/${period}`,
      operationId: period === 'close' ? 'closePeriod' : 'reopenPeriod',
      summary:
        period === 'close' ? 'Close the books through a date' : 'Reopen the books (move the lock date back)',
      permission: 'periods:manage',
      body: period === 'close' ? PeriodClose : PeriodReopen,
      response: { 200: Organization },
      before: (request) => {
        const through = request.body.through;
        if (through !== null && !isCalendarDate(through))
          throw fieldError('through', 'must be a date YYYY-MM-DD');
      },
      write: async (scope, request) => {
        const through = request.body.through;
        const organizationId = scope.actor.organization.id;
        const current = await findOrganization(scope.tx, organizationId);
        if (through !== null)
          assertCloseDate(current?.booksClosedThrough ?? null, through, period === 'reopen');
        await setBooksClosedThrough(scope.tx, organizationId, through);
        const updated = (await findOrganization(scope.tx, organizationId))!;
        return { ...describeOrganization(updated, scope.actor.role), version: updated.version };
      },
    });
  }

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/members',
    operationId: 'listMembers',
    summary: 'Members of the books',
    permission: 'members:read',
    response: { 200: MemberList },
    handler: async (request) => {
      const actor = actorOf(request);
      return { results: await listMembers(deps.db, actor), seats: actor.organization.seats };
    },
  });

  action(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/members',
    operationId: 'addMember',
    summary: 'Add a signed-up user as a member',
    permission: 'members:manage',
    body: MemberAdd,
    response: { 201: Member },
    write: (scope, request) => addMember(scope.tx, scope.actor, request.body.email, request.body.role),
  });

  // ---- D94: invitations by email -----------------------------------------------------------------

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/members/invitations',
    operationId: 'listInvitations',
    summary: 'Open invitations of the books (pending or expired), newest first',
    permission: 'members:read',
    response: { 200: InvitationList },
    handler: async (request) => ({ results: await listInvitations(deps, actorOf(request)) }),
  });

  /** The link email each invitation wrote, handed from its transaction to the step after commit. */
  const written = new WeakMap<object, LinkNotice>();
  action(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/members/invitations',
    operationId: 'createInvitation',
    summary: 'Invite an email address with a role; the link is emailed (seats are counted at acceptance)',
    permission: 'members:manage',
    body: InvitationCreate,
    response: { 201: Invitation },
    write: async (scope, request) => {
      const { invitation, notice } = await createInvitation(
        scope.tx,
        deps,
        scope.actor,
        request.body,
        publicOrigin(deps, request),
      );
      written.set(request, notice);
      return invitation;
    },
    afterCommit: async (request, committed) => {
      const notice = written.get(request);
      if (notice) announceLink(deps, request, notice);
      return committed;
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/members/invitations/:id/revoke',
    operationId: 'revokeInvitation',
    summary: 'Revoke a pending invitation: its link stops working',
    permission: 'members:manage',
    params: InvitationParams,
    response: { 200: Invitation },
    handler: async (request) => revokeInvitation(deps, actorOf(request), request.params.id),
  });

  defineRoute(app, deps, {
    method: 'POST',
    url: '/api/v1/members/invitations/accept',
    operationId: 'acceptInvitation',
    summary: "Accept an invitation with its link's token, as the logged-in person it was sent to",
    tag: 'internal',
    published: false,
    auth: 'session',
    body: InvitationToken,
    response: { 200: InvitationAccepted },
    handler: async (request) => acceptInvitation(deps, request.sessionUser!.userId, request.body.token),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'PATCH',
    url: '/api/v1/members/:user_id',
    operationId: 'changeMemberRole',
    summary: "Change a member's role",
    permission: 'members:manage',
    params: MemberParams,
    body: MemberRoleChange,
    response: { 200: Member },
    handler: async (request) =>
      changeMemberRole(deps, actorOf(request), request.params.user_id, request.body.role),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'DELETE',
    url: '/api/v1/members/:user_id',
    operationId: 'removeMember',
    summary: 'Remove a member (their API keys stop working)',
    permission: 'members:manage',
    params: MemberParams,
    response: { 204: NoContent },
    handler: async (request, reply) => {
      await removeMember(deps, actorOf(request), request.params.user_id);
      return noContent(reply);
    },
  });
}
