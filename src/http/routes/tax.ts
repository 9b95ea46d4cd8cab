// Published: tax rates and tax groups (D28).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import {
  createTaxGroup,
  deactivateTaxGroup,
  listTaxGroups,
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
import { action, actorOf, defineRoute, withEtag } from '../route.ts';
import { ActionRequest, IdParams } from '../schemas/common.ts';
import {
  PageTaxGroup,
  PageTaxRate,
  TaxGroup,
  TaxGroupCreate,
  TaxGroupUpdate,
  TaxListQuery,
  TaxRate,
  TaxRateCreate,
  TaxRateUpdate,
} from '../schemas/tax.ts';
import { listing } from './paging.ts';

export function registerTaxRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'tax', published: true, auth: 'organization' } as const;
  const read = { ...base, permission: 'tax:read' } as const;
  const write = { ...base, permission: 'tax:write' } as const;

  // ---- tax rates ----

  defineRoute(app, deps, {
    ...read,
    method: 'GET',
    url: '/api/v1/tax-rates',
    operationId: 'listTaxRates',
    summary: 'List tax rates',
    querystring: TaxListQuery,
    response: { 200: PageTaxRate },
    handler: listing(deps, listTaxRates),
  });

  defineRoute(app, deps, {
    ...read,
    method: 'GET',
    url: '/api/v1/tax-rates/:id',
    operationId: 'readTaxRate',
    summary: 'Read a tax rate',
    params: IdParams,
    response: { 200: TaxRate },
    handler: async (request, reply) =>
      withEtag(reply, await readTaxRate(deps, actorOf(request), request.params.id)),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/tax-rates',
    operationId: 'createTaxRate',
    summary: 'Create a tax rate',
    description:
      'liability_account defaults to 2200 Sales Tax Payable; it must be an active liability account.',
    body: TaxRateCreate,
    response: { 201: TaxRate },
    write: (scope, request) => createTaxRate(scope, request.body),
  });

  action(app, deps, {
    ...write,
    method: 'PATCH',
    url: '/api/v1/tax-rates/:id',
    operationId: 'updateTaxRate',
    summary: 'Update a tax rate (sparse); is_active false deactivates',
    description:
      'A new rate applies to tax computed from now on. A rate used by an active tax group cannot be deactivated (409 invalid_state).',
    params: IdParams,
    body: TaxRateUpdate,
    response: { 200: TaxRate },
    write: (scope, request, version) => updateTaxRate(scope, request.params.id, request.body, version),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/tax-rates/:id/deactivate',
    operationId: 'deactivateTaxRate',
    summary: 'Deactivate a tax rate',
    params: IdParams,
    body: ActionRequest,
    response: { 200: TaxRate },
    write: (scope, request, version) => deactivateTaxRate(scope, request.params.id, version),
  });

  // ---- tax groups ----

  defineRoute(app, deps, {
    ...read,
    method: 'GET',
    url: '/api/v1/tax-groups',
    operationId: 'listTaxGroups',
    summary: 'List tax groups',
    querystring: TaxListQuery,
    response: { 200: PageTaxGroup },
    handler: listing(deps, listTaxGroups),
  });

  defineRoute(app, deps, {
    ...read,
    method: 'GET',
    url: '/api/v1/tax-groups/:id',
    operationId: 'readTaxGroup',
    summary: 'Read a tax group',
    params: IdParams,
    response: { 200: TaxGroup },
    handler: async (request, reply) =>
      withEtag(reply, await readTaxGroup(deps, actorOf(request), request.params.id)),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/tax-groups',
    operationId: 'createTaxGroup',
    summary: 'Create a tax group',
    body: TaxGroupCreate,
    response: { 201: TaxGroup },
    write: (scope, request) => createTaxGroup(scope, request.body),
  });

  action(app, deps, {
    ...write,
    method: 'PATCH',
    url: '/api/v1/tax-groups/:id',
    operationId: 'updateTaxGroup',
    summary: 'Update a tax group (sparse); tax_rates replaces the list; is_active false deactivates',
    params: IdParams,
    body: TaxGroupUpdate,
    response: { 200: TaxGroup },
    write: (scope, request, version) => updateTaxGroup(scope, request.params.id, request.body, version),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/tax-groups/:id/deactivate',
    operationId: 'deactivateTaxGroup',
    summary: 'Deactivate a tax group',
    params: IdParams,
    body: ActionRequest,
    response: { 200: TaxGroup },
    write: (scope, request, version) => deactivateTaxGroup(scope, request.params.id, version),
  });
}
