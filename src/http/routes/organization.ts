// Internal surface: organization settings, period lock, members.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { describeOrganization } from '../../app/auth/accounts-of-people.ts';
import type { Deps } from '../../app/context.ts';
import { addMember, changeMemberRole, listMembers, removeMember } from '../../app/organizations/members.ts';
import {
  assertCloseDate,
  findOrganization,
  setBooksClosedThrough,
  updateSettings,
} from '../../app/organizations/organizations.ts';
import { isCalendarDate, isValidTimeZone } from '../../domain/dates.ts';
import { fieldError, notFound } from '../../domain/errors.ts';
import { ROLES } from '../../domain/roles.ts';
import { actorOf, defineRoute, respondWrite } from '../route.ts';

const Organization = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mode: Type.String(),
  live_organization_id: Type.Union([Type.String(), Type.Null()]),
  currency: Type.String(),
  timezone: Type.String(),
  books_closed_through: Type.Union([Type.String(), Type.Null()]),
  seats: Type.Integer(),
  role: Type.String(),
  version: Type.Integer(),
});
const Member = Type.Object({
  user_id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Type.String(),
  joined_at: Type.String(),
});
const RoleEnum = Type.Union(ROLES.map((role) => Type.Literal(role)));

export function registerOrganizationRoutes(app: FastifyInstance, deps: Deps) {
  const readCurrent = async (request: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(request);
    const organization = await findOrganization(deps.db, actor.organization.id);
    if (!organization) throw notFound('organization');
    return { ...describeOrganization(organization, actor.role), version: organization.version };
  };

  defineRoute(app, deps, {
    method: 'GET',
    url: '/api/v1/organization',
    summary: 'Organization settings',
    tag: 'internal',
    published: false,
    auth: 'organization',
    permission: 'organization:read',
    response: { 200: Organization },
    handler: async (request) => readCurrent(request),
  });

  defineRoute(app, deps, {
    method: 'PATCH',
    url: '/api/v1/organization',
    summary: 'Change organization settings',
    tag: 'internal',
    published: false,
    auth: 'organization',
    permission: 'organization:write',
    body: Type.Object({
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      timezone: Type.Optional(Type.String({ minLength: 1 })),
    }),
    response: { 200: Organization },
    handler: async (request) => {
      if (request.body.timezone !== undefined && !isValidTimeZone(request.body.timezone)) {
        throw fieldError('timezone', 'must be an IANA time zone such as America/New_York');
      }
      const actor = actorOf(request);
      await deps.db.transaction((tx) => updateSettings(tx, actor.organization.id, request.body));
      return readCurrent(request);
    },
  });

  for (const action of ['close', 'reopen'] as const) {
    defineRoute(app, deps, {
      method: 'POST',
      url: `/api/v1/periods/${action}`,
      summary:
        action === 'close' ? 'Close the books through a date' : 'Reopen the books (move the lock date back)',
      tag: 'internal',
      published: false,
      auth: 'organization',
      permission: 'periods:manage',
      body: Type.Object({
        through: action === 'close' ? Type.String() : Type.Union([Type.String(), Type.Null()]),
      }),
      response: { 200: Organization },
      handler: async (request, reply) => {
        const through = request.body.through;
        if (through !== null && !isCalendarDate(through))
          throw fieldError('through', 'must be a date YYYY-MM-DD');
        return respondWrite(deps, request, reply, async (scope) => {
          const organizationId = scope.actor.organization.id;
          const current = await findOrganization(scope.tx, organizationId);
          if (through !== null)
            assertCloseDate(current?.booksClosedThrough ?? null, through, action === 'reopen');
          await setBooksClosedThrough(scope.tx, organizationId, through);
          const updated = (await findOrganization(scope.tx, organizationId))!;
          return {
            status: 200,
            body: { ...describeOrganization(updated, scope.actor.role), version: updated.version },
          };
        });
      },
    });
  }

  defineRoute(app, deps, {
    method: 'GET',
    url: '/api/v1/members',
    summary: 'Members of the books',
    tag: 'internal',
    published: false,
    auth: 'organization',
    permission: 'members:read',
    response: { 200: Type.Object({ results: Type.Array(Member), seats: Type.Integer() }) },
    handler: async (request) => {
      const actor = actorOf(request);
      return { results: await listMembers(deps.db, actor), seats: actor.organization.seats };
    },
  });

  defineRoute(app, deps, {
    method: 'POST',
    url: '/api/v1/members',
    summary: 'Add a signed-up user as a member',
    tag: 'internal',
    published: false,
    auth: 'organization',
    permission: 'members:manage',
    body: Type.Object({ email: Type.String({ minLength: 3 }), role: RoleEnum }),
    response: { 201: Member },
    handler: async (request, reply) =>
      respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await addMember(scope.tx, scope.actor, request.body.email, request.body.role),
      })),
  });

  defineRoute(app, deps, {
    method: 'PATCH',
    url: '/api/v1/members/:user_id',
    summary: "Change a member's role",
    tag: 'internal',
    published: false,
    auth: 'organization',
    permission: 'members:manage',
    params: Type.Object({ user_id: Type.String() }),
    body: Type.Object({ role: RoleEnum }),
    response: { 200: Member },
    handler: async (request) =>
      changeMemberRole(deps, actorOf(request), request.params.user_id, request.body.role),
  });

  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/api/v1/members/:user_id',
    summary: 'Remove a member (their API keys stop working)',
    tag: 'internal',
    published: false,
    auth: 'organization',
    permission: 'members:manage',
    params: Type.Object({ user_id: Type.String() }),
    response: { 204: Type.Null() },
    handler: async (request, reply) => {
      await removeMember(deps, actorOf(request), request.params.user_id);
      return reply.code(204).send();
    },
  });
}
