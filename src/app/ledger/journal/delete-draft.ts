// DELETE /journal-entries/{id}: drafts carry no number yet, so deleting one leaves no gap in the JE
// sequence.
import * as journal from '../../../storage/stores/journal.ts';
import type { WriteScope } from '../../changes.ts';
import { ENTITY } from './entry-view.ts';
import { lockDraft } from './locks.ts';

export async function deleteDraftEntry(scope: WriteScope, id: string, expectedVersion?: number) {
  const row = await lockDraft(scope, id, expectedVersion);
  await journal.deleteDraft(scope.tx, scope.actor.organization.id, id);
  scope.changed(ENTITY, id, 'deleted', row.version + 1);
}
