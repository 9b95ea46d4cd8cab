// Locking an entry before deciding about it: the row stays locked to commit, so the decision holds.
import { notFound } from '../../../domain/errors.ts';
import { assertEditable } from '../../../domain/journal.ts';
import * as journal from '../../../storage/stores/journal.ts';
import type { WriteScope } from '../../changes.ts';
import { assertVersion } from '../../versions.ts';
import { entryState } from './entry-view.ts';

/** The entry of these books, locked; 404 when there is none. */
export async function lockEntry(scope: WriteScope, id: string): Promise<journal.EntryRow> {
  const row = await journal.lockEntry(scope.tx, scope.actor.organization.id, id);
  if (!row) throw notFound('journal entry');
  return row;
}

/** A draft to edit or delete, locked: a posted entry is immutable; the version must match. */
export async function lockDraft(scope: WriteScope, id: string, expectedVersion: number | undefined) {
  const row = await lockEntry(scope, id);
  assertEditable(entryState(row));
  assertVersion(expectedVersion, row.version);
  return row;
}
