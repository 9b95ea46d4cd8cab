// A report's filters in the address (issue 21): `?as_of=`, `?from=&to=`, ... so a report is a link
// that can be shared, and Back from a drill-down returns to the report as it was. A filter at its
// default is left out of the address. Edits replace the address (typing a date is not a history
// step); following a link is.
import { useSearchParams } from 'react-router';

export function useSearchState<Key extends string>(defaults: Record<Key, string>) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    (Object.keys(defaults) as Key[]).map((key) => [key, params.get(key) ?? defaults[key]]),
  ) as Record<Key, string>;
  /** Sets several filters at once (separate calls would each start from the same address). */
  const patch = (next: Partial<Record<Key, string>>) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next) as [Key, string][]) {
      if (value === defaults[key]) search.delete(key);
      else search.set(key, value);
    }
    setParams(search, { replace: true });
  };
  return [values, patch] as const;
}
