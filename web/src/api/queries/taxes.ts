// Tax rates' and groups' data layer: key factories and query options.
import { queryOptions } from '@tanstack/react-query';
import { api, data } from '../client.ts';

export const taxRateKeys = {
  all: ['tax-rates'] as const,
  active: () => ['tax-rates', 'active'] as const,
  every: () => ['tax-rates', 'all'] as const,
};

export const taxGroupKeys = {
  all: ['tax-groups'] as const,
};

/** The active rates, for a line's Tax rate column. */
export const activeTaxRatesQuery = () =>
  queryOptions({
    queryKey: taxRateKeys.active(),
    queryFn: async () => data(await api.GET('/api/v1/tax-rates', { params: { query: { is_active: true } } })),
  });

/** Every rate, inactive ones too (the settings screen). */
export const allTaxRatesQuery = () =>
  queryOptions({
    queryKey: taxRateKeys.every(),
    queryFn: async () => data(await api.GET('/api/v1/tax-rates')),
  });

export const taxGroupsQuery = () =>
  queryOptions({
    queryKey: taxGroupKeys.all,
    queryFn: async () => data(await api.GET('/api/v1/tax-groups')),
  });
