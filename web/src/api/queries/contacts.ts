import { api, data, type paths, type ResponseOf } from '../client.ts';
import { allPages, listParams, read, recordReads } from './pages.ts';

export type Customer = ResponseOf<'/api/v1/customers/{id}', 'get', 200>;
export type Vendor = ResponseOf<'/api/v1/vendors/{id}', 'get', 200>;
/** A contact list's `?sort=` (issue 21): by name, either way; customers and vendors take the same. */
export type ContactSort = NonNullable<paths['/api/v1/customers']['get']['parameters']['query']>['sort'] &
  NonNullable<paths['/api/v1/vendors']['get']['parameters']['query']>['sort'];
export interface ContactFilters {
  search?: string;
  is_active?: boolean;
  cursor?: string;
  sort?: ContactSort;
}

/** How many pages of active contacts a picker reads (50 a page). */
const PICKER_PAGES_MAX = 10;

const customers = recordReads('customers', {
  list: async (filters: ContactFilters) =>
    data(await api.GET('/api/v1/customers', { params: { query: listParams(filters) } })),
  one: async (id: string) => data(await api.GET('/api/v1/customers/{id}', { params: { path: { id } } })),
});

const vendors = recordReads('vendors', {
  list: async (filters: ContactFilters) =>
    data(await api.GET('/api/v1/vendors', { params: { query: listParams(filters) } })),
  one: async (id: string) => data(await api.GET('/api/v1/vendors/{id}', { params: { path: { id } } })),
});

export const customerKeys = { ...customers.keys, active: () => ['customers', 'active-all'] as const };
export const vendorKeys = { ...vendors.keys, active: () => ['vendors', 'active-all'] as const };

export const customersQuery = customers.list;
export const customerQuery = customers.one;
export const vendorsQuery = vendors.list;
export const vendorQuery = vendors.one;

/** Active customers (a few pages), for the pickers of invoices, credit notes and payments. */
export const activeCustomersQuery = () =>
  read(customerKeys.active(), () =>
    allPages(
      async (cursor) =>
        data(await api.GET('/api/v1/customers', { params: { query: { is_active: true, cursor } } })),
      PICKER_PAGES_MAX,
    ),
  );

/** Active vendors (a few pages), for the pickers of bills and bill payments. */
export const activeVendorsQuery = () =>
  read(vendorKeys.active(), () =>
    allPages(
      async (cursor) =>
        data(await api.GET('/api/v1/vendors', { params: { query: { is_active: true, cursor } } })),
      PICKER_PAGES_MAX,
    ),
  );
