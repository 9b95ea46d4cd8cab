// The journal's data layer: the key factory and query options of journal entries (banking's
// journalEntryQuery reads one entry under the same key).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, data, type paths } from '../client.ts';

export type JournalListQuery = NonNullable<paths['/api/v1/journal-entries']['get']['parameters']['query']>;

export const journalKeys = {
  all: ['journal'] as const,
  list: (query: JournalListQuery) => ['journal', 'list', query] as const,
  one: (id: string) => ['journal', 'one', id] as const,
};

export const journalEntriesQuery = (query: JournalListQuery) =>
  queryOptions({
    queryKey: journalKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: async () => data(await api.GET('/api/v1/journal-entries', { params: { query } })),
  });

export const journalEntryQuery = (id: string) =>
  queryOptions({
    queryKey: journalKeys.one(id),
    queryFn: async () => data(await api.GET('/api/v1/journal-entries/{id}', { params: { path: { id } } })),
  });
