// PATCH /journal-entries/{id}: a draft's date, memo or lines; the lines are replaced whole.
import { assertBalanced, buildJournalLines, type JournalLineInput } from '../../../domain/journal.ts';
import { parseMoney } from '../../../domain/money.ts';
import * as journal from '../../../storage/stores/journal.ts';
import { versionedUpdate } from '../../versions.ts';
import { ENTITY } from './entry-view.ts';
import { assertLineAccounts, assertTxnDate } from './line-checks.ts';
import { lockDraft } from './locks.ts';
import { readEntry } from './read-entries.ts';

export interface UpdateEntryCommand {
  txn_date?: string;
  memo?: string;
  lines?: JournalLineInput[];
}

export const updateDraftEntry = versionedUpdate(
  lockDraft,
  async (scope, row, patch: UpdateEntryCommand, version) => {
    const organizationId = scope.actor.organization.id;
    const id = row.id;
    if (patch.txn_date !== undefined) assertTxnDate(scope, patch.txn_date);
    let totals = { totalDebit: parseMoney(row.total_debit), totalCredit: parseMoney(row.total_credit) };
    if (patch.lines !== undefined) {
      const lines = buildJournalLines(patch.lines);
      totals = assertBalanced(lines);
      await assertLineAccounts(scope, lines);
      await journal.replaceLines(scope.tx, organizationId, id, lines);
    }
    await journal.updateDraft(scope.tx, organizationId, id, {
      txnDate: patch.txn_date,
      memo: patch.memo,
      ...totals,
      version,
    });
    scope.changed(ENTITY, id, 'updated', version);
    return readEntry(scope.tx, organizationId, id);
  },
);
