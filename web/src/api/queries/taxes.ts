import { api, data } from '../client.ts';
import { read } from './pages.ts';

export const taxRateKeys = {
  all: ['tax-rates'] as const,
  active: () => ['tax-rates', 'active'] as const,
  every: () => ['tax-rates', 'all'] as const,
};

export const taxGroupKeys = {
  all: ['tax-groups'] as const,
  active: () => ['tax-groups', 'active'] as const,
};

/** The active rates, for a line's Tax rate column. */
export const activeTaxRatesQuery = () =>
  read(taxRateKeys.active(), async () =>
    data(await api.GET('/api/v1/tax-rates', { params: { query: { is_active: true } } })),
  );

/** Every rate, inactive ones too (the settings screen). */
export const allTaxRatesQuery = () =>
  read(taxRateKeys.every(), async () => data(await api.GET('/api/v1/tax-rates')));

/** The active groups, offered beside the rates in a line's Tax column (D90). */
export const activeTaxGroupsQuery = () =>
  read(taxGroupKeys.active(), async () =>
    data(await api.GET('/api/v1/tax-groups', { params: { query: { is_active: true } } })),
  );

export const taxGroupsQuery = () =>
  read(taxGroupKeys.all, async () => data(await api.GET('/api/v1/tax-groups')));
