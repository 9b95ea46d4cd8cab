// Published: the change feed (spec "Events", D32).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { FEED_LIMIT_MAX, readChanges } from '../../app/feed/change-feed.ts';
import { ENTITY_TYPES } from '../../domain/roles.ts';
import { sealCursor } from '../cursors.ts';
import { actorOf, defineRoute } from '../route.ts';

export function registerChangeRoutes(app: FastifyInstance, deps: Deps) {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/api/v1/changes',
    summary: 'Poll the change feed',
    description:
      'The first call (no cursor) returns no changes and a cursor meaning "from here". Send the last cursor; keep calling while has_more is true.',
    tag: 'changes',
    published: true,
    auth: 'organization',
    permission: 'changes:read',
    querystring: Type.Object({
      cursor: Type.Optional(Type.String()),
      entity_types: Type.Optional(
        Type.String({ description: `Comma-separated: ${ENTITY_TYPES.join(', ')}` }),
      ),
      limit: Type.Optional(Type.Integer({ description: `1 to ${FEED_LIMIT_MAX}, default 100` })),
    }),
    response: {
      200: Type.Object({
        changes: Type.Array(
          Type.Object({
            entity_type: Type.String(),
            entity_id: Type.String(),
            operation: Type.String({ description: 'created, updated or deleted' }),
            occurred_at: Type.String({ format: 'date-time' }),
            entity_version: Type.Integer(),
          }),
        ),
        cursor: Type.String(),
        has_more: Type.Boolean(),
      }),
    },
    handler: async (request) => {
      const changes = await readChanges(deps, actorOf(request), request.query);
      return { ...changes, cursor: sealCursor(request, changes.cursor) };
    },
  });
}
