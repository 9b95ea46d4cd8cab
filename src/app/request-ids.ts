// The ids a request lists (bank transactions to accept, journal lines to match, payments to deposit):
// each a UUID and each once. Lower-cased, so the same id in other case counts as a repeat.
import { fieldError } from '../domain/errors.ts';
import { isUuid } from '../storage/sql.ts';

/** Refusals name `<field>/<i>`, with the caller's wording for a non-UUID and for a repeat. */
export function distinctIds(
  ids: string[],
  field: string,
  refusals: { notUuid: string; repeated: string },
): string[] {
  const seen = new Set<string>();
  return ids.map((id, index) => {
    const path = `${field}/${index}`;
    if (!isUuid(id)) throw fieldError(path, refusals.notUuid);
    const lower = id.toLowerCase();
    if (seen.has(lower)) throw fieldError(path, refusals.repeated);
    seen.add(lower);
    return lower;
  });
}
