// GET /journal-entries and /journal-entries/{id}: entries with their lines.
import { fieldError, notFound } from '../../../domain/errors.ts';
import type { Queryable } from '../../../storage/db.ts';
import { isUuid } from '../../../storage/sql.ts';
import * as journal from '../../../storage/stores/journal.ts';
import type { Actor, Deps } from '../../context.ts';
import { type PageCursor, toPage } from '../../pagination.ts';
import { describeEntry, type JournalEntryView } from './entry-view.ts';

export type EntryFilters = journal.EntryFilters;

export async function readEntry(
  db: Queryable,
  organizationId: string,
  id: string,
): Promise<JournalEntryView> {
  const row = await journal.find(db, organizationId, id);
  if (!row) throw notFound('journal entry');
  const lines = await journal.linesOf(db, organizationId, [id]);
  return describeEntry(row, lines.get(id) ?? []);
}

export async function listEntries(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: EntryFilters,
) {
  const organizationId = actor.organization.id;
  if (filters.source_id !== undefined && !isUuid(filters.source_id)) {
    throw fieldError('query/source_id', 'must be a UUID');
  }
  const page = toPage(organizationId, await journal.list(deps.db, organizationId, filters, cursor), cursor);
  const lines = await journal.linesOf(
    deps.db,
    organizationId,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => describeEntry(row, lines.get(row.id) ?? [])) };
}
