// Vendor credits' data layer (D87): the key factory and the query options of every vendor credit read.
import { queryOptions } from '@tanstack/react-query';
import { api, data, type paths, type ResponseOf } from '../client.ts';
import { allPages, read, readPage } from './pages.ts';

export type VendorCredit = ResponseOf<'/api/v1/vendor-credits/{id}', 'get', 200>;
export type VendorCreditRow = ResponseOf<'/api/v1/vendor-credits', 'get', 200>['results'][number];
type ListQuery = NonNullable<paths['/api/v1/vendor-credits']['get']['parameters']['query']>;
export type VendorCreditStatus = NonNullable<ListQuery['status']>;
export type VendorCreditFilters = Pick<ListQuery, 'status' | 'vendor' | 'cursor' | 'sort'>;
export type VendorCreditSort = ListQuery['sort'];

/** A vendor's issued credits are read up to this many pages (their credit left, on the vendor's page). */
const ISSUED_PAGES_MAX = 10;

export const vendorCreditKeys = {
  all: ['vendor-credits'] as const,
  list: (filters: VendorCreditFilters) => ['vendor-credits', 'list', filters] as const,
  one: (id: string) => ['vendor-credits', 'one', id] as const,
  /** A vendor's issued credits: what is left to apply to their bills. */
  issuedOf: (vendor: string) => ['vendor-credits', 'issued-of', vendor] as const,
};

export const vendorCreditsQuery = (filters: VendorCreditFilters) =>
  readPage(vendorCreditKeys.list(filters), async () =>
    data(await api.GET('/api/v1/vendor-credits', { params: { query: filters } })),
  );

export const vendorCreditQuery = (id: string) =>
  read(vendorCreditKeys.one(id), async () =>
    data(await api.GET('/api/v1/vendor-credits/{id}', { params: { path: { id } } })),
  );

export const issuedVendorCreditsQuery = (vendor: string) =>
  queryOptions({
    queryKey: vendorCreditKeys.issuedOf(vendor),
    enabled: vendor !== '',
    queryFn: () =>
      allPages(
        async (cursor) =>
          data(
            await api.GET('/api/v1/vendor-credits', {
              params: { query: { vendor, status: 'issued', cursor } },
            }),
          ),
        ISSUED_PAGES_MAX,
      ),
  });
