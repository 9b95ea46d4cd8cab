// Internal surface: API keys (owner and admin only; D14-D18).
import type { FastifyInstance } from 'fastify';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from '../../app/auth/api-keys.ts';
import type { Deps } from '../../app/context.ts';
import { actorOf, created, defineRoute } from '../route.ts';
import { ApiKey, ApiKeyCreate, ApiKeyListQuery, NewApiKey } from '../schemas/api-keys.ts';
import { IdParams, Page } from '../schemas/common.ts';
import { listing } from './paging.ts';

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
    operationId: 'listApiKeys',
    summary: 'List API keys',
    querystring: ApiKeyListQuery,
    response: { 200: Page(ApiKey) },
    handler: listing(deps, listApiKeys),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/api-keys',
    operationId: 'createApiKey',
    summary: 'Create an API key (the value is shown once)',
    body: ApiKeyCreate,
    response: { 201: NewApiKey },
    handler: async (request, reply) =>
      created(reply, await createApiKey(deps, actorOf(request), request.body)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/api-keys/:id/rotate',
    operationId: 'rotateApiKey',
    summary: 'Mint a replacement key; the old one keeps working until the switch is seen',
    params: IdParams,
    response: { 201: NewApiKey },
    handler: async (request, reply) =>
      created(reply, await rotateApiKey(deps, actorOf(request), request.params.id)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/api-keys/:id/revoke',
    operationId: 'revokeApiKey',
    summary: 'Revoke a key at once',
    params: IdParams,
    response: { 200: ApiKey },
    handler: async (request) => revokeApiKey(deps, actorOf(request), request.params.id),
  });
}
