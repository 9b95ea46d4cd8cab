// A list's order and page as a screen holds them (issue 21): the order lives in the screen's address
// (`/invoices?sort=-total`), so a sorted list is a link to share and Back returns to it; the page's
// cursor is the screen's own and starts again whenever the order changes (a cursor stands in the
// order it came from, D31). An order the list does not offer in the address is its own order.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { readSortParam, SORT_PARAM, type SortState, sortParam, withSortParam } from './sorting.ts';

export function useListOrder<Cursor>(
  /** The keys the list sorts by; none: the list has only its own order. */
  keys: readonly string[] | undefined,
  /** Where a list in this order starts (a newest-first list's last page, a sort's first). */
  start: (sort: SortState | null) => Cursor,
) {
  const [params, setParams] = useSearchParams();
  const sort = keys ? readSortParam(params.get(SORT_PARAM), keys) : null;
  const order = sortParam(sort) ?? '';
  const [paging, setPaging] = useState(() => ({ order, cursor: start(sort) }));
  // The address may change under the screen (a link to the list's own order): its start, then.
  const cursor = paging.order === order ? paging.cursor : start(sort);
  return {
    sort,
    cursor,
    setCursor: (next: Cursor) => setPaging({ order, cursor: next }),
    /** Back to where the list starts: a filter changed. */
    restart: () => setPaging({ order, cursor: start(sort) }),
    /** Another order, kept in the address in place of the current one (Back leaves the list). */
    setSort: (next: SortState | null) => {
      setPaging({ order: sortParam(next) ?? '', cursor: start(next) });
      setParams((current) => withSortParam(current, next), { replace: true });
    },
  };
}
