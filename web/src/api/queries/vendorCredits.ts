// Vendor credits' data layer (D87): the key factory and the query options of every vendor credit read.
import { api, data, type GetQuery, type ResponseOf } from '../client.ts';
import { allPages, documentReads, readOf } from './pages.ts';

export type VendorCredit = ResponseOf<'/api/v1/vendor-credits/{id}', 'get', 200>;
export type VendorCreditRow = ResponseOf<'/api/v1/vendor-credits', 'get', 200>['results'][number];
export type VendorCreditFilters = Pick<
  GetQuery<'/api/v1/vendor-credits'>,
  'status' | 'vendor' | 'cursor' | 'sort'
>;

/** A vendor's issued credits are read up to this many pages (their credit left, on the vendor's page). */
const ISSUED_PAGES_MAX = 10;

/** The list (a page by its filters), its totals row and one vendor credit. */
export const vendorCreditReads = documentReads('vendor-credits', {
  list: async (query: VendorCreditFilters) =>
    data(await api.GET('/api/v1/vendor-credits', { params: { query } })),
  one: async (id: string) => data(await api.GET('/api/v1/vendor-credits/{id}', { params: { path: { id } } })),
  totals: async (query: GetQuery<'/api/v1/vendor-credits/totals'>) =>
    data(await api.GET('/api/v1/vendor-credits/totals', { params: { query } })),
});

export const vendorCreditKeys = {
  ...vendorCreditReads.keys,
  /** A vendor's issued credits: what is left to apply to their bills. */
  issuedOf: (vendor: string) => ['vendor-credits', 'issued-of', vendor] as const,
};

export const issuedVendorCreditsQuery = (vendor: string) =>
  readOf(vendor, vendorCreditKeys.issuedOf(vendor), () =>
    allPages(
      async (cursor) =>
        data(
          await api.GET('/api/v1/vendor-credits', {
            params: { query: { vendor, status: 'issued', cursor } },
          }),
        ),
      ISSUED_PAGES_MAX,
    ),
  );
