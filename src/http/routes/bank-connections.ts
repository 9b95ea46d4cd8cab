// Internal (D29): bank connection requests. Absent from OpenAPI; API keys get not_part_of_public_api.
import type { FastifyInstance } from 'fastify';
import {
  assertBankConnectionsAllowed,
  listBankConnections,
  requestBankConnection,
} from '../../app/banking/bank-connections.ts';
import type { Deps } from '../../app/context.ts';
import { action, actorOf, defineRoute } from '../route.ts';
import {
  BankConnection,
  BankConnectionCreate,
  BankConnectionListQuery,
} from '../schemas/bank-connections.ts';
import { Page } from '../schemas/common.ts';
import { listing } from './paging.ts';

export function registerBankConnectionRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'bank-connections', published: false, auth: 'organization' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/bank-connections',
    operationId: 'listBankConnections',
    summary: 'List bank connections',
    permission: 'banking:read',
    querystring: BankConnectionListQuery,
    response: { 200: Page(BankConnection) },
    handler: listing(deps, listBankConnections),
  });

  action(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/bank-connections',
    operationId: 'requestBankConnection',
    summary: 'Connect a bank account to where its lines come from (active at once; refused in sandbox books)',
    permission: 'banking:write',
    body: BankConnectionCreate,
    response: { 201: BankConnection },
    // Before the body is parsed and the write machinery: sandbox books answer 403 whatever the body
    // holds (issue 9 item 6), and the refusal stores nothing, not even an idempotency record.
    beforeBody: (request) => assertBankConnectionsAllowed(actorOf(request)),
    write: (scope, request) => requestBankConnection(scope, request.body),
  });
}
