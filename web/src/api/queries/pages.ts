// Reading every page of a short list (the pickers' customers, vendors, accounts, items): the API
// pages by cursor (D31); a limit on the pages keeps a runaway list from looping without end.

import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import { cursorOf } from '../../ui/forms.ts';
import type { KeyRoot } from './invalidate.ts';

export interface Paged<Row> {
  results: Row[];
  next: string | null;
}

/** Every row of a list, page after page, up to `pagesMax` pages. */
export async function allPages<Row>(
  page: (cursor: string | undefined) => Promise<Paged<Row>>,
  pagesMax: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (let index = 0; index < pagesMax; index += 1) {
    const result = await page(cursor);
    rows.push(...result.results);
    cursor = cursorOf(result.next);
    if (!cursor) break;
  }
  return rows;
}

/** A search box's text as a query parameter: left out when empty. */
export const searchParam = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** A list's filters as its query: the search box's text trimmed, or left out when empty. */
export const listParams = <Filters extends { search?: string | undefined }>(filters: Filters) => ({
  ...filters,
  search: searchParam(filters.search),
});

/** A read: its key and its call (the options every resource's read shares). */
export const read = <Key extends QueryKey, T>(queryKey: Key, queryFn: () => Promise<T>) =>
  queryOptions({ queryKey, queryFn });

/** A page of a list: the page shown stays while the next one loads (filters, Older, Newer). */
export const readPage = <Key extends QueryKey, T>(queryKey: Key, queryFn: () => Promise<T>) =>
  queryOptions({ queryKey, queryFn, placeholderData: keepPreviousData });

/** A read of what one record or party has (a bill, a vendor's open bills): none asked while `id` is empty. */
export const readOf = <Key extends QueryKey, T>(id: string, queryKey: Key, queryFn: () => Promise<T>) =>
  queryOptions({ queryKey, queryFn, enabled: id !== '' });

/**
 * The keys of a resource read as a list and one record at a time: all of it (the root a write
 * invalidates), a page of the list by its filters, one record; a resource adds its own reads.
 */
export const recordKeys = <Filters, Root extends KeyRoot = KeyRoot>(root: Root) => ({
  all: [root] as const,
  list: (filters: Filters) => [root, 'list', filters] as const,
  one: (id: string) => [root, 'one', id] as const,
});

/**
 * A resource's keys and reads from its API's calls: a page of its list (by its filters) and one
 * record (customers, vendors, items); a resource adds its own reads to these.
 */
export function recordReads<Root extends KeyRoot, Filters, Page, Record>(
  root: Root,
  fetch: { list: (filters: Filters) => Promise<Page>; one: (id: string) => Promise<Record> },
) {
  const keys = recordKeys<Filters, Root>(root);
  return {
    keys,
    list: (filters: Filters) => readPage(keys.list(filters), () => fetch.list(filters)),
    one: (id: string) => readOf(id, keys.one(id), () => fetch.one(id)),
  };
}

/**
 * A document resource's keys and reads (invoices, bills, credit notes, vendor credits): its list,
 * one document, and the totals row of what the list's filters match, counted and summed over every
 * page (issue 21).
 */
export function documentReads<Root extends KeyRoot, Filters, Page, Doc, Totals, Sums>(
  root: Root,
  fetch: {
    list: (filters: Filters) => Promise<Page>;
    one: (id: string) => Promise<Doc>;
    totals: (filters: Totals) => Promise<Sums>;
  },
) {
  const reads = recordReads(root, fetch);
  const keys = { ...reads.keys, totals: (filters: Totals) => [root, 'totals', filters] as const };
  return {
    ...reads,
    keys,
    totals: (filters: Totals) => readPage(keys.totals(filters), () => fetch.totals(filters)),
  };
}
