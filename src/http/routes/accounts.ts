// Published: chart of accounts (spec "Account", D19).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createAccount, listAccounts, readAccount, updateAccount } from '../../app/ledger/accounts.ts';
import { action, actorOf, defineRoute, withEtag } from '../route.ts';
import { Account, AccountCreate, AccountListQuery, AccountUpdate, PageAccount } from '../schemas/accounts.ts';
import { IdParams } from '../schemas/common.ts';
import { listing } from './paging.ts';

export function registerAccountRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'accounts', published: true, auth: 'organization' } as const;
  const write = { ...base, permission: 'accounts:write' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/accounts',
    operationId: 'listAccounts',
    summary: 'List accounts',
    permission: 'accounts:read',
    querystring: AccountListQuery,
    response: { 200: PageAccount },
    handler: listing(deps, listAccounts),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/accounts/:id',
    operationId: 'readAccount',
    summary: 'Read an account',
    permission: 'accounts:read',
    params: IdParams,
    response: { 200: Account },
    handler: async (request, reply) =>
      withEtag(reply, await readAccount(deps, actorOf(request), request.params.id)),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/accounts',
    operationId: 'createAccount',
    summary: 'Create an account',
    body: AccountCreate,
    response: { 201: Account },
    write: (scope, request) => createAccount(scope, request.body),
  });

  action(app, deps, {
    ...write,
    method: 'PATCH',
    url: '/api/v1/accounts/:id',
    operationId: 'updateAccount',
    summary: 'Rename, renumber or deactivate an account (sparse)',
    params: IdParams,
    body: AccountUpdate,
    response: { 200: Account },
    write: (scope, request, version) => updateAccount(scope, request.params.id, request.body, version),
  });
}
