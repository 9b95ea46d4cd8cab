// A kind's calls to its API, built from its resource's reads and paths instead of spelled out per
// kind: its list's reads under the API's filter names, its create and update, the action that posts a draft.
import type { RequestOf } from '../../api/client.ts';
import {
  type EditableCollection,
  postAction,
  saveRecord,
  type VersionedAction,
} from '../../api/queries/actions.ts';
import type { ListFilters, TotalsFilters } from './kind.ts';

/** The API's filters named `<name>_from` and `<name>_to` (`bill_date` for `?bill_date_from=`). */
type DatedName<Query> = {
  [Key in keyof Query]-?: Key extends `${infer Name}_from` ? Name : never;
}[keyof Query];

/**
 * A kind's list and totals reads, from its API's: the screen's filters under the API's names for the
 * party (`vendor`) and the date range (`bill_date` for `?bill_date_from=&bill_date_to=`), where the
 * API has them. The status and the sort are ones the screen offered from the kind's own lists.
 */
export function listReads<Filters, Totals, ListRead, TotalsRead>(
  reads: { list: (filters: Filters) => ListRead; totals: (filters: Totals) => TotalsRead },
  names: { party?: keyof Totals & keyof Filters & string; dated?: DatedName<Totals> & DatedName<Filters> },
) {
  const named = ({ status, search, party, overdue, from, to }: TotalsFilters) => ({
    status,
    search,
    overdue,
    ...(names.party ? { [names.party]: party } : {}),
    ...(names.dated ? { [`${names.dated}_from`]: from, [`${names.dated}_to`]: to } : {}),
  });
  return {
    query: ({ cursor, sort, ...filters }: ListFilters) =>
      reads.list({ ...named(filters), cursor, sort } as Filters),
    totals: (filters: TotalsFilters) => reads.totals(named(filters) as Totals),
  };
}

interface Versioned {
  version: number;
}

/** A kind's create (`POST <collection>`) and update (`PATCH <collection>/{id}` at the version read). */
export const writes = <P extends EditableCollection>(collection: P) => ({
  create: (body: RequestOf<P, 'post'>) => saveRecord(collection, undefined, body),
  update: (id: string, body: RequestOf<P, 'post'> & Versioned) =>
    saveRecord(collection, { id, version: (body as Versioned).version }, body),
});

/** The button that posts a draft: its label, the sentence saying what it does, the API's action. */
export const finalizing = <P extends VersionedAction>(label: string, path: P, description: string) => ({
  label,
  description,
  run: (saved: { id: string; version: number }) => postAction(path, saved),
});
