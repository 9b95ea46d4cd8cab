import { useQuery } from '@tanstack/react-query';
import { trimZeros } from '../../ui/money.ts';
import { activeTaxRatesQuery } from '../queries/taxes.ts';

/** The active tax rates, for the lines' Tax rate column and the rules. */
export function useTaxRates() {
  return useQuery(activeTaxRatesQuery());
}

/** A rate as every picker and list names it: "State sales tax (8.25%)". */
export const taxRateLabel = (rate: { name: string; rate: string }) =>
  `${rate.name} (${trimZeros(rate.rate)}%)`;

/** The active tax rates as a picker's options (an item's default rate, a bank rule's, a bank line's). */
export function useTaxRateOptions() {
  const rates = useTaxRates();
  return (rates.data?.results ?? []).map((rate) => ({ value: rate.id, label: taxRateLabel(rate) }));
}
