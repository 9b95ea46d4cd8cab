// Published: chart of accounts (spec "Account", D19).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createAccount, listAccounts, readAccount, updateAccount } from '../../app/ledger/accounts.ts';
import { resourceRoutes } from '../resource-routes.ts';
import { Account, AccountCreate, AccountListQuery, AccountUpdate, PageAccount } from '../schemas/accounts.ts';

export function registerAccountRoutes(app: FastifyInstance, deps: Deps) {
  const accounts = resourceRoutes(app, deps, {
    tag: 'accounts',
    read: 'accounts:read',
    write: 'accounts:write',
    url: '/api/v1/accounts',
    schema: Account,
  });
  accounts.list({
    operationId: 'listAccounts',
    summary: 'List accounts',
    querystring: AccountListQuery,
    page: PageAccount,
    list: listAccounts,
  });
  accounts.read({
    operationId: 'readAccount',
    summary: 'Read an account',
    read: (actor, id) => readAccount(deps, actor, id),
  });
  accounts.create({
    operationId: 'createAccount',
    summary: 'Create an account',
    body: AccountCreate,
    create: createAccount,
  });
  accounts.update({
    operationId: 'updateAccount',
    summary: 'Rename, renumber or deactivate an account (sparse)',
    body: AccountUpdate,
    update: updateAccount,
  });
}
