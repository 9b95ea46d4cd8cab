// Customers' and vendors' data layer (D53: shaped alike): a key factory each and the query options
// of every contact read.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, data, type ResponseOf } from '../client.ts';
import { allPages, searchParam } from './pages.ts';

export type Customer = ResponseOf<'/api/v1/customers/{id}', 'get', 200>;
export type Vendor = ResponseOf<'/api/v1/vendors/{id}', 'get', 200>;
export interface ContactFilters {
  search?: string;
  is_active?: boolean;
  cursor?: string;
}

/** How many pages of active contacts a picker reads (50 a page). */
const PICKER_PAGES_MAX = 10;

export const customerKeys = {
  all: ['customers'] as const,
  list: (filters: ContactFilters) => ['customers', 'list', filters] as const,
  one: (id: string) => ['customers', 'one', id] as const,
  active: () => ['customers', 'active-all'] as const,
};

export const vendorKeys = {
  all: ['vendors'] as const,
  list: (filters: ContactFilters) => ['vendors', 'list', filters] as const,
  one: (id: string) => ['vendors', 'one', id] as const,
  active: () => ['vendors', 'active-all'] as const,
};

const listQuery = (filters: ContactFilters) => ({ ...filters, search: searchParam(filters.search) });

export const customersQuery = (filters: ContactFilters) =>
  queryOptions({
    queryKey: customerKeys.list(filters),
    placeholderData: keepPreviousData,
    queryFn: async () => data(await api.GET('/api/v1/customers', { params: { query: listQuery(filters) } })),
  });

export const vendorsQuery = (filters: ContactFilters) =>
  queryOptions({
    queryKey: vendorKeys.list(filters),
    placeholderData: keepPreviousData,
    queryFn: async () => data(await api.GET('/api/v1/vendors', { params: { query: listQuery(filters) } })),
  });

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.one(id),
    queryFn: async () => data(await api.GET('/api/v1/customers/{id}', { params: { path: { id } } })),
  });

export const vendorQuery = (id: string) =>
  queryOptions({
    queryKey: vendorKeys.one(id),
    queryFn: async () => data(await api.GET('/api/v1/vendors/{id}', { params: { path: { id } } })),
  });

/** Active customers (a few pages), for the pickers of invoices, credit notes and payments. */
export const activeCustomersQuery = () =>
  queryOptions({
    queryKey: customerKeys.active(),
    queryFn: () =>
      allPages(
        async (cursor) =>
          data(await api.GET('/api/v1/customers', { params: { query: { is_active: true, cursor } } })),
        PICKER_PAGES_MAX,
      ),
  });

/** Active vendors (a few pages), for the pickers of bills and bill payments. */
export const activeVendorsQuery = () =>
  queryOptions({
    queryKey: vendorKeys.active(),
    queryFn: () =>
      allPages(
        async (cursor) =>
          data(await api.GET('/api/v1/vendors', { params: { query: { is_active: true, cursor } } })),
        PICKER_PAGES_MAX,
      ),
  });
