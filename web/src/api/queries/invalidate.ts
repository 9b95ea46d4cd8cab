// What a write makes stale, written once (Bigcapital's `commonInvalidateQueries`): every query key
// of the app starts with one of these roots, and a write to a resource invalidates the roots it
// names here. Screens call `useInvalidate()('invoices')` and never spell a key or a list.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export type KeyRoot =
  | 'accounts'
  | 'api-keys'
  | 'banking'
  | 'bill-payments'
  | 'bills'
  | 'credit-notes'
  | 'customers'
  | 'dashboard'
  | 'deposits'
  | 'inventory-adjustments'
  | 'invoices'
  | 'items'
  | 'journal'
  | 'me'
  | 'members'
  | 'organization'
  | 'payments'
  | 'reports'
  | 'tax-groups'
  | 'tax-rates'
  | 'tracking'
  | 'vendor-credits'
  | 'vendors';

/** What any write that posts to the ledger moves: balances, entries, reports and the dashboard. */
const LEDGER: KeyRoot[] = ['accounts', 'journal', 'reports', 'dashboard'];

/** The resources a screen writes, each with the roots its writes make stale. */
export const STALE_AFTER = {
  // A sale or its void moves inventory items' stock (D49); the customer's balance follows.
  invoices: ['invoices', 'customers', 'items', ...LEDGER],
  // A note credits invoices of its customer (D60).
  'credit-notes': ['credit-notes', 'invoices', 'customers', ...LEDGER],
  // A payment pays invoices, waits in Undeposited Funds for a deposit (D64).
  payments: ['payments', 'invoices', 'customers', 'deposits', ...LEDGER],
  // A bill brings stock in (D54); its payments are listed on it.
  bills: ['bills', 'vendors', 'items', 'bill-payments', ...LEDGER],
  'bill-payments': ['bill-payments', 'bills', 'vendors', ...LEDGER],
  // A vendor credit lowers its vendor's bills' balance due, the vendor's balance and AP aging (D87).
  // Bills' writes leave vendor credits as they are: a bill with credit applied is not voided.
  'vendor-credits': ['vendor-credits', 'bills', 'vendors', ...LEDGER],
  // A deposit takes payments out of Undeposited Funds (D64).
  deposits: ['deposits', 'payments', 'banking', ...LEDGER],
  // A banking write may create a payment, a bill payment or a deposit (D72).
  banking: ['banking', 'payments', 'bill-payments', 'invoices', 'bills', 'deposits', ...LEDGER],
  journal: ['journal', ...LEDGER],
  'inventory-adjustments': ['inventory-adjustments', 'items', ...LEDGER],
  customers: ['customers'],
  vendors: ['vendors'],
  items: ['items'],
  accounts: ['accounts'],
  'tax-rates': ['tax-rates'],
  'tax-groups': ['tax-groups'],
  tracking: ['tracking'],
  members: ['members'],
  'api-keys': ['api-keys'],
  // The books' name and periods are in /me's memberships too.
  organization: ['organization', 'me'],
  // Removing oneself from the books: /me answers without them and the shell moves on.
  me: ['me'],
} as const satisfies Record<string, readonly KeyRoot[]>;

export type Written = keyof typeof STALE_AFTER;

export function invalidateAfter(queryClient: QueryClient, written: Written): void {
  for (const root of STALE_AFTER[written]) void queryClient.invalidateQueries({ queryKey: [root] });
}

/** `invalidate('bills')` after a write to bills. */
export function useInvalidate(): (written: Written) => void {
  const queryClient = useQueryClient();
  return useCallback((written) => invalidateAfter(queryClient, written), [queryClient]);
}
