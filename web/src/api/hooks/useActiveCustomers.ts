import { useQuery } from '@tanstack/react-query';
import { activeCustomersQuery } from '../queries/contacts.ts';

/** Active customers, for the pickers of invoices, credit notes and payments. */
export function useActiveCustomers() {
  return useQuery(activeCustomersQuery());
}
