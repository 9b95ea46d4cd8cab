// Credit notes' data layer (D60): the key factory and the query options of every credit note read.
import { api, data, type GetQuery, type ResponseOf } from '../client.ts';
import { documentReads } from './pages.ts';

export type CreditNote = ResponseOf<'/api/v1/credit-notes/{id}', 'get', 200>;
export type CreditNoteRow = ResponseOf<'/api/v1/credit-notes', 'get', 200>['results'][number];
export type CreditNoteFilters = Pick<GetQuery<'/api/v1/credit-notes'>, 'status' | 'cursor' | 'sort'>;

/** The list (a page by its filters), its totals row and one credit note. */
export const creditNoteReads = documentReads('credit-notes', {
  list: async (query: CreditNoteFilters) =>
    data(await api.GET('/api/v1/credit-notes', { params: { query } })),
  one: async (id: string) => data(await api.GET('/api/v1/credit-notes/{id}', { params: { path: { id } } })),
  totals: async (query: GetQuery<'/api/v1/credit-notes/totals'>) =>
    data(await api.GET('/api/v1/credit-notes/totals', { params: { query } })),
});

export const creditNoteKeys = creditNoteReads.keys;
