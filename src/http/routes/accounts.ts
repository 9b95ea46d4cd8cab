// Published: chart of accounts (spec "Account", D19).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createAccount, listAccounts, readAccount, updateAccount } from '../../app/ledger/accounts.ts';
import { namedRoutes } from '../named-routes.ts';
import { Account, AccountCreate, AccountListQuery, AccountUpdate, PageAccount } from '../schemas/accounts.ts';

export function registerAccountRoutes(app: FastifyInstance, deps: Deps) {
  const accounts = namedRoutes(app, deps, { noun: 'account', area: 'accounts', schema: Account });
  accounts.list({ querystring: AccountListQuery, page: PageAccount, list: listAccounts });
  accounts.read((actor, id) => readAccount(deps, actor, id));
  accounts.create({ body: AccountCreate, create: createAccount });
  accounts.update({
    summary: 'Rename, renumber or deactivate an account (sparse)',
    body: AccountUpdate,
    update: updateAccount,
  });
}
