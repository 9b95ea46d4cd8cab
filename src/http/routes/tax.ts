// Published: tax rates and tax groups (D28).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { decodeCursor } from '../../app/pagination.ts';
import {
  createTaxGroup,
  deactivateTaxGroup,
  listTaxGroups,
  RATES_PER_GROUP_MAX,
  readTaxGroup,
  updateTaxGroup,
} from '../../app/tax/tax-groups.ts';
import {
  createTaxRate,
  deactivateTaxRate,
  listTaxRates,
  readTaxRate,
  updateTaxRate,
} from '../../app/tax/tax-rates.ts';
import { actorOf, defineRoute, expectedVersion, respondWrite, withEtag } from '../route.ts';
import { CursorQuery, IdParams, Page, Version } from '../schemas/common.ts';
import { pageBody } from './paging.ts';

/**
 * A percentage in a request: a decimal string from 0 to 100 with up to four decimals ("8.25").
 * Unlike money, a JSON number here is an ordinary validation_error (it is not an amount).
 */
export const PercentInput = (description?: string) =>
  Type.String({ pattern: '^[0-9]{1,3}(\\.[0-9]{1,4})?$', description, examples: ['8.25'] });
const PercentOutput = (description?: string) =>
  Type.String({ pattern: '^[0-9]{1,3}\\.[0-9]{4}$', description, examples: ['8.2500'] });

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Description = Type.String({ maxLength: 2000 });

export const TaxRate = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    rate: PercentOutput('Percentage with four decimals.'),
    liability_account: Type.String({ format: 'uuid', description: 'Account credited with the tax (D25).' }),
    liability_account_number: Type.String(),
    description: Type.String(),
    is_active: Type.Boolean(),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'TaxRate', title: 'TaxRate' },
);

export const TaxGroup = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    description: Type.String(),
    tax_rates: Type.Array(Type.String({ format: 'uuid' }), { description: 'Tax-rate ids, in order.' }),
    combined_rate: PercentOutput('Sum of the rates, four decimals.'),
    is_active: Type.Boolean(),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'TaxGroup', title: 'TaxGroup' },
);

const RateIds = Type.Array(Type.String({ format: 'uuid' }), {
  minItems: 1,
  maxItems: RATES_PER_GROUP_MAX,
  uniqueItems: true,
  description: `1 to ${RATES_PER_GROUP_MAX} distinct active tax-rate ids.`,
});
const ListQuery = Type.Object({ ...CursorQuery, is_active: Type.Optional(Type.Boolean()) });
const VersionBody = Type.Object({ version: Type.Optional(Version) });

export function registerTaxRoutes(app: FastifyInstance, deps: Deps) {
  app.addSchema(TaxRate);
  app.addSchema(TaxGroup);
  const base = { tag: 'tax', published: true, auth: 'organization' } as const;
  const TaxRateRef = Type.Ref('TaxRate');
  const TaxGroupRef = Type.Ref('TaxGroup');

  // ---- tax rates ----

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/tax-rates',
    summary: 'List tax rates',
    permission: 'tax:read',
    querystring: ListQuery,
    response: { 200: Page(TaxRateRef) },
    handler: async (request) => {
      const actor = actorOf(request);
      const cursor = decodeCursor(actor.organization.id, request.query.cursor);
      return pageBody(deps, request, await listTaxRates(deps, actor, cursor, request.query));
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/tax-rates/:id',
    summary: 'Read a tax rate',
    permission: 'tax:read',
    params: IdParams,
    response: { 200: TaxRateRef },
    handler: async (request, reply) =>
      withEtag(reply, await readTaxRate(deps, actorOf(request), request.params.id)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/tax-rates',
    summary: 'Create a tax rate',
    description:
      'liability_account defaults to 2200 Sales Tax Payable; it must be an active liability account.',
    permission: 'tax:write',
    body: Type.Object({
      name: Name,
      rate: PercentInput('Percentage, 0 to 100, up to four decimals: "8.25".'),
      liability_account: Type.Optional(Type.String({ description: 'Account id.' })),
      description: Type.Optional(Description),
    }),
    response: { 201: TaxRateRef },
    handler: async (request, reply) =>
      respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await createTaxRate(scope, request.body),
      })),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'PATCH',
    url: '/api/v1/tax-rates/:id',
    summary: 'Update a tax rate (sparse); is_active false deactivates',
    description:
      'A new rate applies to tax computed from now on. A rate used by an active tax group cannot be deactivated (409 invalid_state).',
    permission: 'tax:write',
    params: IdParams,
    body: Type.Object({
      name: Type.Optional(Name),
      rate: Type.Optional(PercentInput()),
      liability_account: Type.Optional(Type.String()),
      description: Type.Optional(Description),
      is_active: Type.Optional(Type.Boolean()),
      version: Type.Optional(Version),
    }),
    response: { 200: TaxRateRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await updateTaxRate(scope, request.params.id, request.body, version),
      }));
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/tax-rates/:id/deactivate',
    summary: 'Deactivate a tax rate',
    permission: 'tax:write',
    params: IdParams,
    body: VersionBody,
    response: { 200: TaxRateRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await deactivateTaxRate(scope, request.params.id, version),
      }));
    },
  });

  // ---- tax groups ----

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/tax-groups',
    summary: 'List tax groups',
    permission: 'tax:read',
    querystring: ListQuery,
    response: { 200: Page(TaxGroupRef) },
    handler: async (request) => {
      const actor = actorOf(request);
      const cursor = decodeCursor(actor.organization.id, request.query.cursor);
      return pageBody(deps, request, await listTaxGroups(deps, actor, cursor, request.query));
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/tax-groups/:id',
    summary: 'Read a tax group',
    permission: 'tax:read',
    params: IdParams,
    response: { 200: TaxGroupRef },
    handler: async (request, reply) =>
      withEtag(reply, await readTaxGroup(deps, actorOf(request), request.params.id)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/tax-groups',
    summary: 'Create a tax group',
    permission: 'tax:write',
    body: Type.Object({ name: Name, tax_rates: RateIds, description: Type.Optional(Description) }),
    response: { 201: TaxGroupRef },
    handler: async (request, reply) =>
      respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await createTaxGroup(scope, request.body),
      })),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'PATCH',
    url: '/api/v1/tax-groups/:id',
    summary: 'Update a tax group (sparse); tax_rates replaces the list; is_active false deactivates',
    permission: 'tax:write',
    params: IdParams,
    body: Type.Object({
      name: Type.Optional(Name),
      tax_rates: Type.Optional(RateIds),
      description: Type.Optional(Description),
      is_active: Type.Optional(Type.Boolean()),
      version: Type.Optional(Version),
    }),
    response: { 200: TaxGroupRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await updateTaxGroup(scope, request.params.id, request.body, version),
      }));
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/tax-groups/:id/deactivate',
    summary: 'Deactivate a tax group',
    permission: 'tax:write',
    params: IdParams,
    body: VersionBody,
    response: { 200: TaxGroupRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await deactivateTaxGroup(scope, request.params.id, version),
      }));
    },
  });
}
