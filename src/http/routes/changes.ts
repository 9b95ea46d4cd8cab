// Published: the change feed (spec "Events", D32).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { readChanges } from '../../app/feed/change-feed.ts';
import { sealCursor } from '../cursors.ts';
import { actorOf, defineRoute } from '../route.ts';
import { ChangeFeed, ChangeFeedQuery } from '../schemas/changes.ts';

export function registerChangeRoutes(app: FastifyInstance, deps: Deps) {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/api/v1/changes',
    operationId: 'pollChanges',
    summary: 'Poll the change feed',
    description:
      'The first call (no cursor) returns no changes and a cursor meaning "from here". Send the last cursor; keep calling while has_more is true.',
    tag: 'changes',
    published: true,
    auth: 'organization',
    permission: 'changes:read',
    querystring: ChangeFeedQuery,
    response: { 200: ChangeFeed },
    handler: async (request) => {
      const changes = await readChanges(deps, actorOf(request), request.query);
      return { ...changes, cursor: sealCursor(request, changes.cursor) };
    },
  });
}
