// The reads every document with child rows (lines, applications) shares: one by id with its rows in
// their order (not_found naming it), and a keyset page of them described with their rows fetched in one
// query. A kind gives its store's reads and its describe function; a list's filters are its store's.
import type { Queryable } from '../../storage/db.ts';
import type { KeysetRow } from '../../storage/keyset.ts';
import type { Actor, Deps } from '../context.ts';
import { assertCursorSort, type PageCursor, toPage } from '../pagination.ts';
import { type DocumentReads, readDocument } from './documents.ts';

/** A kind's reads: its store's, its page of rows under the store's filters, and its view of a row. */
export interface DocumentReadKind<Row extends KeysetRow, Child, Filters, View>
  extends DocumentReads<Row, Child> {
  /** What not_found names: `payment`, `bill payment`. */
  what: string;
  page(
    db: Queryable,
    organizationId: string,
    filters: Filters,
    cursor: PageCursor | undefined,
  ): Promise<Row[]>;
  describe(row: Row, rows: Child[]): View;
}

export function documentReads<Row extends KeysetRow & { id: string }, Child, Filters, View>(
  kind: DocumentReadKind<Row, Child, Filters, View>,
) {
  return {
    /** GET /<documents>/{id}. */
    async read(db: Queryable, actor: Actor, id: string): Promise<View> {
      const { row, rows } = await readDocument(db, actor.organization.id, id, kind.what, kind);
      return kind.describe(row, rows);
    },

    /**
     * GET /<documents>: one page, each row with its child rows, read in one query for the page. A
     * list whose filters take `sort` (issue 21) pages in that order, its cursors bound to it.
     */
    async list(deps: Deps, actor: Actor, cursor: PageCursor | undefined, filters: Filters) {
      const organizationId = actor.organization.id;
      const asked = (filters as { sort?: unknown }).sort;
      const sort = typeof asked === 'string' ? asked : undefined;
      assertCursorSort(cursor, sort);
      const rows = await kind.page(deps.db, organizationId, filters, cursor);
      const page = toPage(organizationId, rows, cursor, sort);
      const children = await kind.rowsOf(
        deps.db,
        organizationId,
        page.rows.map((row) => row.id),
      );
      return { ...page, rows: page.rows.map((row) => kind.describe(row, children.get(row.id) ?? [])) };
    },
  };
}
