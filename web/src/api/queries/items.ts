import { api, data, type paths } from '../client.ts';
import { allPages, listParams, read, readPage, recordKeys } from './pages.ts';

type ListQuery = NonNullable<paths['/api/v1/items']['get']['parameters']['query']>;
export type ItemFilters = Pick<ListQuery, 'search' | 'type' | 'cursor'>;

/** How many pages of active items the line editor reads (up to 1,000 items). */
const PICKER_PAGES_MAX = 20;

export const itemKeys = {
  ...recordKeys<ItemFilters>('items'),
  active: () => ['items', 'active'] as const,
  movements: (id: string, cursor: string | undefined) => ['items', 'movements', id, cursor ?? ''] as const,
};

export const inventoryAdjustmentKeys = {
  all: ['inventory-adjustments'] as const,
  list: (cursor: string) => ['inventory-adjustments', 'list', cursor] as const,
};

export const itemsQuery = (filters: ItemFilters) =>
  readPage(itemKeys.list(filters), async () =>
    data(await api.GET('/api/v1/items', { params: { query: listParams(filters) } })),
  );

export const itemQuery = (id: string) =>
  read(itemKeys.one(id), async () => data(await api.GET('/api/v1/items/{id}', { params: { path: { id } } })));

/** The books' active items, for a line's Item column. */
export const activeItemsQuery = () =>
  read(itemKeys.active(), () =>
    allPages(
      async (cursor) =>
        data(await api.GET('/api/v1/items', { params: { query: { is_active: true, cursor } } })),
      PICKER_PAGES_MAX,
    ),
  );

/** An item's stock movements, a page at a time (D49). */
export const itemMovementsQuery = (id: string, cursor: string | undefined) =>
  readPage(itemKeys.movements(id, cursor), async () =>
    data(await api.GET('/api/v1/items/{id}/movements', { params: { path: { id }, query: { cursor } } })),
  );

export const inventoryAdjustmentsQuery = (cursor: string) =>
  readPage(inventoryAdjustmentKeys.list(cursor), async () =>
    data(await api.GET('/api/v1/inventory-adjustments', { params: { query: { cursor } } })),
  );
