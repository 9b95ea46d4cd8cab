// Bills' data layer (D54): the key factory and the query options of every bill read.
import { api, data, type GetQuery, type ResponseOf } from '../client.ts';
import { documentReads, listParams, readOf } from './pages.ts';

export type Bill = ResponseOf<'/api/v1/bills/{id}', 'get', 200>;
export type BillRow = ResponseOf<'/api/v1/bills', 'get', 200>['results'][number];
export type BillFilters = Pick<
  GetQuery<'/api/v1/bills'>,
  'status' | 'search' | 'vendor' | 'cursor' | 'sort' | 'overdue' | 'bill_date_from' | 'bill_date_to'
>;

/** The list (a page by its filters), its totals row and one bill. */
export const billReads = documentReads('bills', {
  list: async (filters: BillFilters) =>
    data(await api.GET('/api/v1/bills', { params: { query: listParams(filters) } })),
  one: async (id: string) => data(await api.GET('/api/v1/bills/{id}', { params: { path: { id } } })),
  totals: async (filters: GetQuery<'/api/v1/bills/totals'>) =>
    data(await api.GET('/api/v1/bills/totals', { params: { query: listParams(filters) } })),
});

export const billKeys = {
  ...billReads.keys,
  /** A vendor's open bills: what a bill payment pays. */
  openOf: (vendor: string) => ['bills', 'open-of', vendor] as const,
};

export const openBillsQuery = (vendor: string) =>
  readOf(vendor, billKeys.openOf(vendor), async () =>
    data(await api.GET('/api/v1/bills', { params: { query: { vendor, status: 'open' } } })),
  );
