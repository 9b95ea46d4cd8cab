// Items' data layer (D48, D49): the key factory and the query options of every item read.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, data, type paths } from '../client.ts';
import { allPages, searchParam } from './pages.ts';

type ListQuery = NonNullable<paths['/api/v1/items']['get']['parameters']['query']>;
export type ItemFilters = Pick<ListQuery, 'search' | 'type' | 'cursor'>;

/** How many pages of active items the line editor reads (up to 1,000 items). */
const PICKER_PAGES_MAX = 20;

export const itemKeys = {
  all: ['items'] as const,
  list: (filters: ItemFilters) => ['items', 'list', filters] as const,
  one: (id: string) => ['items', 'one', id] as const,
  active: () => ['items', 'active'] as const,
  movements: (id: string, cursor: string | undefined) => ['items', 'movements', id, cursor ?? ''] as const,
};

export const inventoryAdjustmentKeys = {
  all: ['inventory-adjustments'] as const,
  list: (cursor: string) => ['inventory-adjustments', 'list', cursor] as const,
};

export const itemsQuery = (filters: ItemFilters) =>
  queryOptions({
    queryKey: itemKeys.list(filters),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      data(
        await api.GET('/api/v1/items', {
          params: { query: { ...filters, search: searchParam(filters.search) } },
        }),
      ),
  });

export const itemQuery = (id: string) =>
  queryOptions({
    queryKey: itemKeys.one(id),
    queryFn: async () => data(await api.GET('/api/v1/items/{id}', { params: { path: { id } } })),
  });

/** The books' active items, for a line's Item column. */
export const activeItemsQuery = () =>
  queryOptions({
    queryKey: itemKeys.active(),
    queryFn: () =>
      allPages(
        async (cursor) =>
          data(await api.GET('/api/v1/items', { params: { query: { is_active: true, cursor } } })),
        PICKER_PAGES_MAX,
      ),
  });

/** An item's stock movements, a page at a time (D49). */
export const itemMovementsQuery = (id: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: itemKeys.movements(id, cursor),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      data(await api.GET('/api/v1/items/{id}/movements', { params: { path: { id }, query: { cursor } } })),
  });

export const inventoryAdjustmentsQuery = (cursor: string) =>
  queryOptions({
    queryKey: inventoryAdjustmentKeys.list(cursor),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      data(await api.GET('/api/v1/inventory-adjustments', { params: { query: { cursor } } })),
  });
