import { api, data, type paths } from '../client.ts';
import { read, readPage } from './pages.ts';

export type JournalListQuery = NonNullable<paths['/api/v1/journal-entries']['get']['parameters']['query']>;

export const journalKeys = {
  all: ['journal'] as const,
  list: (query: JournalListQuery) => ['journal', 'list', query] as const,
  one: (id: string) => ['journal', 'one', id] as const,
};

export const journalEntriesQuery = (query: JournalListQuery) =>
  readPage(journalKeys.list(query), async () =>
    data(await api.GET('/api/v1/journal-entries', { params: { query } })),
  );

export const journalEntryQuery = (id: string) =>
  read(journalKeys.one(id), async () =>
    data(await api.GET('/api/v1/journal-entries/{id}', { params: { path: { id } } })),
  );
