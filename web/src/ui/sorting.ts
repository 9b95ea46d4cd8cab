// A list's sort order as the screen holds it and as the API takes it (`?sort=total`, `?sort=-total`),
// and what a click on a sortable header does: first ascending, then descending, then back to the
// list's own order (newest first). Pure, so the headers and the phone's sort menu agree. The screen
// keeps the order in its own address too (`/invoices?sort=-total`, useListOrder.ts).

export interface SortState {
  key: string;
  descending: boolean;
}

/** The order after a click on the header of `key`. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, descending: false };
  if (!current.descending) return { key, descending: true };
  return null;
}

/** The API's `?sort=` value, or undefined for the list's own order. */
export function sortParam(sort: SortState | null): string | undefined {
  if (!sort) return undefined;
  return sort.descending ? `-${sort.key}` : sort.key;
}

/** `-total` -> { key: 'total', descending: true }; anything not among `keys` is no sort. */
export function readSortParam(text: string | null | undefined, keys: readonly string[]): SortState | null {
  if (!text) return null;
  const descending = text.startsWith('-');
  const key = descending ? text.slice(1) : text;
  return keys.includes(key) ? { key, descending } : null;
}

/** The address's parameter that holds a list's order: the API's own name and value. */
export const SORT_PARAM = 'sort';

/** The address's query with `sort` in it (or none for the list's own order), every other parameter kept. */
export function withSortParam(params: URLSearchParams, sort: SortState | null): URLSearchParams {
  const next = new URLSearchParams(params);
  const value = sortParam(sort);
  if (value === undefined) next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, value);
  return next;
}

/** A header's `aria-sort`: how the column orders the rows now. */
export function ariaSort(sort: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.key !== key) return 'none';
  return sort.descending ? 'descending' : 'ascending';
}
