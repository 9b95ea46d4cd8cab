// A list shown newest first (D31: opened at its last page, `cursor=last`, each page read backwards):
// the cursor it is at, its query, its rows in that order, and the props PagedTable takes for it.
// `restart()` goes back to the newest page, as a changed filter must.
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NEWEST, newestFirst } from './Pager.tsx';

/** A page of a list as the API answers it (D31). */
interface ListPage {
  results: readonly unknown[];
  next: string | null;
  previous: string | null;
}

export function useNewestFirst<Page extends ListPage, Key extends QueryKey>(
  query: (cursor: string) => UseQueryOptions<Page, Error, Page, Key>,
) {
  const [cursor, setCursor] = useState<string>(NEWEST);
  const list = useQuery(query(cursor));
  return {
    restart: () => setCursor(NEWEST),
    /** PagedTable's `page`, `rows`, `onPage` and `newestFirst`. */
    table: {
      page: list,
      rows: newestFirst<Page['results'][number]>(list.data?.results ?? []),
      onPage: setCursor,
      newestFirst: true,
    },
  };
}
