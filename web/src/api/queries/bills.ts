// Bills' data layer (D54): the key factory and the query options of every bill read.
import { queryOptions } from '@tanstack/react-query';
import { api, data, type paths, type ResponseOf } from '../client.ts';
import { listParams, readPage, recordKeys } from './pages.ts';

export type Bill = ResponseOf<'/api/v1/bills/{id}', 'get', 200>;
export type BillRow = ResponseOf<'/api/v1/bills', 'get', 200>['results'][number];
type ListQuery = NonNullable<paths['/api/v1/bills']['get']['parameters']['query']>;
export type BillStatus = NonNullable<ListQuery['status']>;
export type BillSort = ListQuery['sort'];
export type BillFilters = Pick<
  ListQuery,
  'status' | 'search' | 'vendor' | 'cursor' | 'sort' | 'overdue' | 'bill_date_from' | 'bill_date_to'
>;
type TotalsQuery = NonNullable<paths['/api/v1/bills/totals']['get']['parameters']['query']>;

export const billKeys = {
  ...recordKeys<BillFilters>('bills'),
  /** The totals row of the list's filters (issue 21). */
  totals: (filters: TotalsQuery) => ['bills', 'totals', filters] as const,
  /** A vendor's open bills: what a bill payment pays. */
  openOf: (vendor: string) => ['bills', 'open-of', vendor] as const,
};

export const billsQuery = (filters: BillFilters) =>
  readPage(billKeys.list(filters), async () =>
    data(await api.GET('/api/v1/bills', { params: { query: listParams(filters) } })),
  );

/** What the list's filters match, counted and summed over every page. */
export const billTotalsQuery = (filters: TotalsQuery) =>
  readPage(billKeys.totals(filters), async () =>
    data(await api.GET('/api/v1/bills/totals', { params: { query: listParams(filters) } })),
  );

export const billQuery = (id: string) =>
  queryOptions({
    queryKey: billKeys.one(id),
    enabled: id !== '',
    queryFn: async () => data(await api.GET('/api/v1/bills/{id}', { params: { path: { id } } })),
  });

export const openBillsQuery = (vendor: string) =>
  queryOptions({
    queryKey: billKeys.openOf(vendor),
    enabled: vendor !== '',
    queryFn: async () =>
      data(await api.GET('/api/v1/bills', { params: { query: { vendor, status: 'open' } } })),
  });
