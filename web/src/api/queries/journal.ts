import { api, data, type paths } from '../client.ts';
import { read, readPage, recordKeys } from './pages.ts';

export type JournalListQuery = NonNullable<paths['/api/v1/journal-entries']['get']['parameters']['query']>;

export const journalKeys = {
  ...recordKeys<JournalListQuery>('journal'),
};

export const journalEntriesQuery = (query: JournalListQuery) =>
  readPage(journalKeys.list(query), async () =>
    data(await api.GET('/api/v1/journal-entries', { params: { query } })),
  );

export const journalEntryQuery = (id: string) =>
  read(journalKeys.one(id), async () =>
    data(await api.GET('/api/v1/journal-entries/{id}', { params: { path: { id } } })),
  );
