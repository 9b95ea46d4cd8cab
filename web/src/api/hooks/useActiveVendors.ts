import { useQuery } from '@tanstack/react-query';
import { activeVendorsQuery } from '../queries/contacts.ts';

/** Active vendors, for the pickers of bills and bill payments. */
export function useActiveVendors() {
  return useQuery(activeVendorsQuery());
}
