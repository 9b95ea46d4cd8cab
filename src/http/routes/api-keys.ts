// Internal surface: API keys (owner and admin only; D14-D18).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from '../../app/auth/api-keys.ts';
import type { Deps } from '../../app/context.ts';
import { decodeCursor } from '../../app/pagination.ts';
import { API_KEY_ROLES } from '../../domain/roles.ts';
import { actorOf, defineRoute } from '../route.ts';
import { CursorQuery, IdParams, Page } from '../schemas/common.ts';
import { pageBody } from './paging.ts';

const Nullable = Type.Union([Type.String(), Type.Null()]);
const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: Type.String(),
  prefix: Type.String({ description: 'The first characters and checksum tail, for recognising a key.' }),
  mode: Type.String(),
  status: Type.String({ description: 'active, revoked or expired' }),
  created_by: Type.String(),
  created_at: Type.String(),
  expires_at: Type.String(),
  revoked_at: Nullable,
  last_used_at: Nullable,
  rotated_from: Nullable,
  replaced_by: Nullable,
});
const NewApiKey = Type.Composite([ApiKey, Type.Object({ key: Type.String({ description: 'Shown once.' }) })]);

export function registerApiKeyRoutes(app: FastifyInstance, deps: Deps) {
  const base = {
    tag: 'internal',
    published: false,
    auth: 'organization',
    permission: 'api_keys:manage',
  } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/api-keys',
    summary: 'List API keys',
    querystring: Type.Object(CursorQuery),
    response: { 200: Page(ApiKey) },
    handler: async (request) => {
      const actor = actorOf(request);
      const page = await listApiKeys(deps, actor, decodeCursor(actor.organization.id, request.query.cursor));
      return pageBody(deps, request, page);
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/api-keys',
    summary: 'Create an API key (the value is shown once)',
    body: Type.Object({
      name: Type.String({ minLength: 1, maxLength: 200 }),
      role: Type.Union(API_KEY_ROLES.map((role) => Type.Literal(role))),
      expires_at: Type.Optional(Type.String()),
    }),
    response: { 201: NewApiKey },
    handler: async (request, reply) =>
      reply.code(201).send(await createApiKey(deps, actorOf(request), request.body)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/api-keys/:id/rotate',
    summary: 'Mint a replacement key; the old one keeps working until the switch is seen',
    params: IdParams,
    response: { 201: NewApiKey },
    handler: async (request, reply) =>
      reply.code(201).send(await rotateApiKey(deps, actorOf(request), request.params.id)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/api-keys/:id/revoke',
    summary: 'Revoke a key at once',
    params: IdParams,
    response: { 200: ApiKey },
    handler: async (request) => revokeApiKey(deps, actorOf(request), request.params.id),
  });
}
