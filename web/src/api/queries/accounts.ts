import { api, data } from '../client.ts';
import type { components } from '../schema';
import { allPages, read } from './pages.ts';

export type Account = components['schemas']['Account'];

/** How many pages of accounts the chart reads (50 a page). */
const PAGES_MAX = 20;

export const accountKeys = {
  all: ['accounts'] as const,
  every: () => ['accounts', 'all'] as const,
};

/** Every account of the books (all pages), sorted by number, for the chart and for account pickers. */
export const allAccountsQuery = () =>
  read(accountKeys.every(), async () => {
    const accounts = await allPages(
      async (cursor) => data(await api.GET('/api/v1/accounts', { params: { query: { cursor } } })),
      PAGES_MAX,
    );
    return accounts.sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }));
  });
