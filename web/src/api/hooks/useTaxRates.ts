import { useQuery } from '@tanstack/react-query';
import { activeTaxRatesQuery } from '../queries/taxes.ts';

/** The active tax rates, for the lines' Tax rate column and the rules. */
export function useTaxRates() {
  return useQuery(activeTaxRatesQuery());
}
