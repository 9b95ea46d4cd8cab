import { useQuery } from '@tanstack/react-query';
import { allAccountsQuery } from '../queries/accounts.ts';

/** Every account of the books (all pages, by number): the chart and every account picker. */
export function useAllAccounts() {
  return useQuery(allAccountsQuery());
}
