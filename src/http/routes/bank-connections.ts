// Internal (D29): bank connection requests. Absent from OpenAPI; API keys get not_part_of_public_api.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  assertBankConnectionsAllowed,
  listBankConnections,
  requestBankConnection,
} from '../../app/banking/bank-connections.ts';
import type { Deps } from '../../app/context.ts';
import { decodeCursor } from '../../app/pagination.ts';
import { actorOf, defineRoute, respondWrite } from '../route.ts';
import { CursorQuery, Page } from '../schemas/common.ts';
import { pageBody } from './paging.ts';

const BankConnection = Type.Object({
  id: Type.String({ format: 'uuid' }),
  institution_name: Type.String(),
  status: Type.String({ description: 'pending, active, failed or disconnected' }),
  created_at: Type.String(),
});

export function registerBankConnectionRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'bank-connections', published: false, auth: 'organization' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/bank-connections',
    summary: 'List bank connection requests',
    permission: 'accounts:read',
    querystring: Type.Object({ ...CursorQuery }),
    response: { 200: Page(BankConnection) },
    handler: async (request) => {
      const actor = actorOf(request);
      const cursor = decodeCursor(actor.organization.id, request.query.cursor);
      return pageBody(deps, request, await listBankConnections(deps, actor, cursor));
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/bank-connections',
    summary: 'Request a bank connection (recorded as pending; refused in sandbox books)',
    permission: 'bank_connections:write',
    body: Type.Object({ institution_name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }) }),
    response: { 201: BankConnection },
    handler: async (request, reply) => {
      // Before the write machinery: a sandbox refusal stores nothing, not even an idempotency record.
      assertBankConnectionsAllowed(actorOf(request));
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await requestBankConnection(scope, request.body),
      }));
    },
  });
}
