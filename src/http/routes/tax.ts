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
import { resourceRoutes } from '../resource-routes.ts';
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

export function registerTaxRoutes(app: FastifyInstance, deps: Deps) {
  const tax = { tag: 'tax', read: 'tax:read', write: 'tax:write' } as const;

  const rates = resourceRoutes(app, deps, { ...tax, url: '/api/v1/tax-rates', schema: TaxRate });
  rates.list({
    operationId: 'listTaxRates',
    summary: 'List tax rates',
    querystring: TaxListQuery,
    page: PageTaxRate,
    list: listTaxRates,
  });
  rates.read({
    operationId: 'readTaxRate',
    summary: 'Read a tax rate',
    read: (actor, id) => readTaxRate(deps, actor, id),
  });
  rates.create({
    operationId: 'createTaxRate',
    summary: 'Create a tax rate',
    description:
      'liability_account defaults to 2200 Sales Tax Payable; it must be an active liability account.',
    body: TaxRateCreate,
    create: createTaxRate,
  });
  rates.update({
    operationId: 'updateTaxRate',
    summary: 'Update a tax rate (sparse); is_active false deactivates',
    description:
      'A new rate applies to tax computed from now on. A rate used by an active tax group cannot be deactivated (409 invalid_state).',
    body: TaxRateUpdate,
    update: updateTaxRate,
  });
  rates.act('deactivate', {
    operationId: 'deactivateTaxRate',
    summary: 'Deactivate a tax rate',
    act: deactivateTaxRate,
  });

  const groups = resourceRoutes(app, deps, { ...tax, url: '/api/v1/tax-groups', schema: TaxGroup });
  groups.list({
    operationId: 'listTaxGroups',
    summary: 'List tax groups',
    querystring: TaxListQuery,
    page: PageTaxGroup,
    list: listTaxGroups,
  });
  groups.read({
    operationId: 'readTaxGroup',
    summary: 'Read a tax group',
    read: (actor, id) => readTaxGroup(deps, actor, id),
  });
  groups.create({
    operationId: 'createTaxGroup',
    summary: 'Create a tax group',
    body: TaxGroupCreate,
    create: createTaxGroup,
  });
  groups.update({
    operationId: 'updateTaxGroup',
    summary: 'Update a tax group (sparse); tax_rates replaces the list; is_active false deactivates',
    body: TaxGroupUpdate,
    update: updateTaxGroup,
  });
  groups.act('deactivate', {
    operationId: 'deactivateTaxGroup',
    summary: 'Deactivate a tax group',
    act: deactivateTaxGroup,
  });
}
