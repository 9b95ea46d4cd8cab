// The reads of a settled kind (invoices, bills): one document with its lines, and the list and its
// totals row (D31, issue 21) with the same filters (status, counterparty, a date range, search,
// overdue judged on the books' today, D24), named after the kind's counterparty and date field. A
// kind gives its store, its names, the fields only it has and its line's view; the rest of its view
// (settledReads) and each read are written once here.
import { todayIn } from '../../domain/dates.ts';
import { daysOverdueOf, type SettlementRule } from '../../domain/document.ts';
import { parseSortOrder } from '../../domain/list-order.ts';
import type { Queryable } from '../../storage/db.ts';
import type { KeysetRow } from '../../storage/keyset.ts';
import { containsPattern } from '../../storage/sql.ts';
import type { SettledColumns, SettledFilters, TotalsRow } from '../../storage/stores/document-store.ts';
import { contactFilter } from '../contacts/contacts.ts';
import type { Actor, Deps, Organization } from '../context.ts';
import { assertCursorSort, describedPage, type PageCursor } from '../pagination.ts';
import { describePosting, settledMoney } from './document-views.ts';
import { type DocumentReads, readDocument } from './documents.ts';
import { type ListStore, listTotals } from './list-totals.ts';

/** The query of a settled kind's list: `customer`, `issue_date_from`, `issue_date_to` (an invoice's). */
export type SettledListQuery<Party extends string, DateField extends string> = {
  status?: string;
  search?: string;
  overdue?: boolean;
} & Partial<Record<Party | `${DateField}_from` | `${DateField}_to`, string>>;

/** A settled kind as its list sees it: the store's page and totals, the query's names, its summary. */
export interface SettledListKind<
  Row extends KeysetRow,
  Key extends string,
  Party extends string,
  DateField extends string,
  View,
> {
  store: ListStore<Row, SettledFilters, Key, TotalsRow>;
  sortKeys: readonly Key[];
  /** The query's name of the counterparty filter (and of its refusal): `customer`, `vendor`. */
  party: Party;
  dateField: DateField;
  summary(row: Row, today: string): View;
}

/** The list use case (a keyset page, in D31's order or `sort`'s, whose cursors stay in it) and the totals. */
export function settledListing<
  Row extends KeysetRow,
  Key extends string,
  Party extends string,
  DateField extends string,
  View,
>(kind: SettledListKind<Row, Key, Party, DateField, View>) {
  type Query = SettledListQuery<Party, DateField>;
  const storeFilters = (query: Query, today: string): SettledFilters => {
    const named: Partial<Record<Party | `${DateField}_from` | `${DateField}_to`, string>> = query;
    return {
      status: query.status ?? null,
      counterpartyId: contactFilter({ what: kind.party }, named[kind.party]),
      dateFrom: named[`${kind.dateField}_from`] ?? null,
      dateTo: named[`${kind.dateField}_to`] ?? null,
      searchPattern: containsPattern(query.search),
      overdue: query.overdue ?? null,
      today,
    };
  };
  return {
    async list(deps: Deps, actor: Actor, cursor: PageCursor | undefined, query: Query & { sort?: string }) {
      const organizationId = actor.organization.id;
      assertCursorSort(cursor, query.sort);
      const today = todayIn(actor.organization.timezone);
      const rows = kind.store.page(
        deps.db,
        organizationId,
        storeFilters(query, today),
        cursor,
        parseSortOrder(kind.sortKeys, query.sort),
      );
      return describedPage(
        organizationId,
        cursor,
        rows,
        (page) => page.map((row) => kind.summary(row, today)),
        query.sort,
      );
    },
    async totals(deps: Deps, actor: Actor, query: Query) {
      const today = todayIn(actor.organization.timezone);
      const row = await kind.store.totals(deps.db, actor.organization.id, storeFilters(query, today));
      return listTotals(row, actor.organization.currency);
    },
  };
}

/**
 * A settled kind's reads. The kind gives its store (the list's page and totals, `find` and
 * `linesOf`), what not_found names (`invoice`, `bill`), its list's names (`party` and `dateField`,
 * which its view answers too), the fields only it has (`own`: an invoice's terms and reference, a
 * bill's vendor reference), its settlement rule (days overdue while open, D24), the column its
 * posting stamps (`postedAt`: sent_at, opened_at) and its line's view. Answers `describe` (the
 * document as answered), `read` (one by id, which needs only the books' id and time zone: the email
 * outbox reads an invoice with no actor, D62), and the list and totals of settledListing.
 */
export function settledReads<
  Row extends SettledColumns<Status, PostedAt> &
    KeysetRow &
    Record<`${Party}_id` | `${Party}_name` | DateField | 'due_date', string>,
  Status extends string,
  Line,
  Key extends string,
  Party extends string,
  DateField extends string,
  PostedAt extends string,
  Own,
  LineView,
>(
  kind: Pick<SettledListKind<Row, Key, Party, DateField, unknown>, 'sortKeys' | 'party' | 'dateField'> & {
    store: SettledListKind<Row, Key, Party, DateField, unknown>['store'] & {
      find: DocumentReads<Row, Line>['find'];
      linesOf: DocumentReads<Row, Line>['rowsOf'];
    };
    what: string;
    own(row: Row): Own;
    settlement: Pick<SettlementRule<Status>, 'open'>;
    postedAt: PostedAt;
    describeLine(line: Line): LineView;
  },
) {
  // The counterparty and the document's date, answered under the names the list filters by.
  const counterparty = (row: Record<`${Party}_id` | `${Party}_name`, string>) =>
    ({ [kind.party]: row[`${kind.party}_id`], [`${kind.party}_name`]: row[`${kind.party}_name`] }) as Record<
      Party | `${Party}_name`,
      string
    >;
  const dated = (row: Record<DateField, string>) =>
    ({ [kind.dateField]: row[kind.dateField] }) as Record<DateField, string>;
  // What every settled document answers, around the kind's own fields.
  const summary = (row: Row, today: string) => {
    const settled: SettledColumns<Status, PostedAt> = row;
    return {
      id: row.id,
      number: row.number,
      ...counterparty(row),
      status: settled.status,
      ...dated(row),
      due_date: row.due_date,
      ...kind.own(row),
      currency: row.currency,
      ...settledMoney(row),
      days_overdue: daysOverdueOf(kind.settlement, settled.status, row.due_date, today),
      ...describePosting(row, kind.postedAt),
    };
  };
  const describe = (row: Row, lines: Line[], today: string) => ({
    ...summary(row, today),
    lines: lines.map(kind.describeLine),
  });
  const reads = { find: kind.store.find, rowsOf: kind.store.linesOf };
  return {
    describe,
    async read(
      db: Queryable,
      actor: { organization: Pick<Organization, 'id' | 'timezone'> },
      id: string,
    ): Promise<ReturnType<typeof describe>> {
      const { row, rows } = await readDocument(db, actor.organization.id, id, kind.what, reads);
      return describe(row, rows, todayIn(actor.organization.timezone));
    },
    ...settledListing({ ...kind, summary }),
  };
}
