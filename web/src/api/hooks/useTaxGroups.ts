import { useQuery } from '@tanstack/react-query';
import { activeTaxGroupsQuery } from '../queries/taxes.ts';

/** The active tax groups, offered beside the rates in the lines' Tax column (D90). */
export function useTaxGroups() {
  return useQuery(activeTaxGroupsQuery());
}
