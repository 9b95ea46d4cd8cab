// A list's sort order as the screen holds it and as the API takes it (`?sort=total`, `?sort=-total`),
// and what a click on a sortable header does: first ascending, then descending, then back to the
// list's own order (newest first). Pure, so the headers and the phone's sort menu agree.

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

/** A header's `aria-sort`: how the column orders the rows now. */
export function ariaSort(sort: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.key !== key) return 'none';
  return sort.descending ? 'descending' : 'ascending';
}
