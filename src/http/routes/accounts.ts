// Published: chart of accounts (spec "Account", D19).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createAccount, listAccounts, readAccount, updateAccount } from '../../app/ledger/accounts.ts';
import { decodeCursor } from '../../app/pagination.ts';
import { ACCOUNT_TYPES } from '../../domain/chart.ts';
import { actorOf, defineRoute, expectedVersion, respondWrite, withEtag } from '../route.ts';
import { CursorQuery, IdParams, MoneyOutput, Page, Version } from '../schemas/common.ts';
import { pageBody } from './paging.ts';

const AccountType = Type.Union(ACCOUNT_TYPES.map((type) => Type.Literal(type)));
export const Account = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    number: Type.String(),
    name: Type.String(),
    type: Type.String({ description: 'asset, liability, equity, income or expense' }),
    detail_type: Type.String(),
    currency: Type.String(),
    description: Type.String(),
    is_active: Type.Boolean(),
    is_system: Type.Boolean({
      description: 'Seeded account the service posts to; it cannot be deactivated.',
    }),
    system_role: Type.Union([Type.String(), Type.Null()], {
      description:
        'The role the service finds this account by (accounts_receivable, undeposited_funds, sales_tax_payable, ...), whatever its number or name; its type and detail type cannot change. Null for other accounts.',
    }),
    balance: MoneyOutput('Posted balance, natural sign (debit-normal for assets and expenses).'),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Account', title: 'Account' },
);
const AccountRef = Type.Ref('Account');

export function registerAccountRoutes(app: FastifyInstance, deps: Deps) {
  app.addSchema(Account);
  const base = { tag: 'accounts', published: true, auth: 'organization' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/accounts',
    summary: 'List accounts',
    permission: 'accounts:read',
    querystring: Type.Object({
      ...CursorQuery,
      type: Type.Optional(AccountType),
      is_active: Type.Optional(Type.Boolean()),
    }),
    response: { 200: Page(AccountRef) },
    handler: async (request) => {
      const actor = actorOf(request);
      const page = await listAccounts(
        deps,
        actor,
        decodeCursor(actor.organization.id, request.query.cursor),
        request.query,
      );
      return pageBody(deps, request, page);
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/accounts/:id',
    summary: 'Read an account',
    permission: 'accounts:read',
    params: IdParams,
    response: { 200: AccountRef },
    handler: async (request, reply) =>
      withEtag(reply, await readAccount(deps, actorOf(request), request.params.id)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/accounts',
    summary: 'Create an account',
    permission: 'accounts:write',
    body: Type.Object({
      number: Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z.-]+$' }),
      name: Type.String({ minLength: 1, maxLength: 200 }),
      type: AccountType,
      detail_type: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 100,
          description:
            'One of the detail types of the account type (asset: bank, cash, undeposited_funds, ...); default other_<type>.',
        }),
      ),
      description: Type.Optional(Type.String({ maxLength: 2000 })),
      currency: Type.Optional(Type.String()),
    }),
    response: { 201: AccountRef },
    handler: async (request, reply) =>
      respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await createAccount(scope, request.body),
      })),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'PATCH',
    url: '/api/v1/accounts/:id',
    summary: 'Rename, renumber or deactivate an account (sparse)',
    permission: 'accounts:write',
    params: IdParams,
    body: Type.Object({
      number: Type.Optional(Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z.-]+$' })),
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      detail_type: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 100,
          description:
            'One of the detail types of the account type (asset: bank, cash, undeposited_funds, ...); default other_<type>.',
        }),
      ),
      description: Type.Optional(Type.String({ maxLength: 2000 })),
      is_active: Type.Optional(Type.Boolean()),
      version: Type.Optional(Version),
    }),
    response: { 200: AccountRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await updateAccount(scope, request.params.id, request.body, version),
      }));
    },
  });
}
