import { api, data, type paths, type ResponseOf } from '../client.ts';
import { read, readPage } from './pages.ts';

export type CreditNote = ResponseOf<'/api/v1/credit-notes/{id}', 'get', 200>;
export type CreditNoteRow = ResponseOf<'/api/v1/credit-notes', 'get', 200>['results'][number];
type ListQuery = NonNullable<paths['/api/v1/credit-notes']['get']['parameters']['query']>;
export type CreditNoteStatus = NonNullable<ListQuery['status']>;
export type CreditNoteFilters = Pick<ListQuery, 'status' | 'cursor' | 'sort'>;
export type CreditNoteSort = ListQuery['sort'];

export const creditNoteKeys = {
  all: ['credit-notes'] as const,
  list: (filters: CreditNoteFilters) => ['credit-notes', 'list', filters] as const,
  one: (id: string) => ['credit-notes', 'one', id] as const,
};

export const creditNotesQuery = (filters: CreditNoteFilters) =>
  readPage(creditNoteKeys.list(filters), async () =>
    data(await api.GET('/api/v1/credit-notes', { params: { query: filters } })),
  );

export const creditNoteQuery = (id: string) =>
  read(creditNoteKeys.one(id), async () =>
    data(await api.GET('/api/v1/credit-notes/{id}', { params: { path: { id } } })),
  );
