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
import { namedRoutes } from '../named-routes.ts';
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
  const tax = { tag: 'tax', area: 'tax' } as const;

  const rates = namedRoutes(app, deps, { ...tax, noun: 'tax rate', schema: TaxRate });
  rates.list({ querystring: TaxListQuery, page: PageTaxRate, list: listTaxRates });
  rates.read((actor, id) => readTaxRate(deps, actor, id));
  rates.create({
    description:
      'liability_account defaults to 2200 Sales Tax Payable; it must be an active liability account.',
    body: TaxRateCreate,
    create: createTaxRate,
  });
  rates.update({
    summary: 'Update a tax rate (sparse); is_active false deactivates',
    description:
      'A new rate applies to tax computed from now on. A rate used by an active tax group cannot be deactivated (409 invalid_state).',
    body: TaxRateUpdate,
    update: updateTaxRate,
  });
  rates.act('deactivate', { act: deactivateTaxRate });

  const groups = namedRoutes(app, deps, { ...tax, noun: 'tax group', schema: TaxGroup });
  groups.list({ querystring: TaxListQuery, page: PageTaxGroup, list: listTaxGroups });
  groups.read((actor, id) => readTaxGroup(deps, actor, id));
  groups.create({ body: TaxGroupCreate, create: createTaxGroup });
  groups.update({
    summary: 'Update a tax group (sparse); tax_rates replaces the list; is_active false deactivates',
    body: TaxGroupUpdate,
    update: updateTaxGroup,
  });
  groups.act('deactivate', { act: deactivateTaxGroup });
}
