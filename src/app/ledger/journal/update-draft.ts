// PATCH /journal-entries/{id}: a draft's date, memo or lines; the lines are replaced whole.
import { assertBalanced, buildJournalLines, type JournalLineInput } from '../../../domain/journal.ts';
import { parseMoney } from '../../../domain/money.ts';
import * as journal from '../../../storage/stores/journal.ts';
import type { WriteScope } from '../../changes.ts';
import { ENTITY } from './entry-view.ts';
import { assertLineAccounts, assertTxnDate } from './line-checks.ts';
import { lockDraft } from './locks.ts';
import { readEntry } from './read-entries.ts';

export interface UpdateEntryCommand {
  txn_date?: string;
  memo?: string;
  lines?: JournalLineInput[];
}

export async function updateDraftEntry(
  scope: WriteScope,
  id: string,
  patch: UpdateEntryCommand,
  expectedVersion?: number,
) {
  const organizationId = scope.actor.organization.id;
  const row = await lockDraft(scope, id, expectedVersion);
  if (patch.txn_date !== undefined) assertTxnDate(scope, patch.txn_date);
  let totals = { totalDebit: parseMoney(row.total_debit), totalCredit: parseMoney(row.total_credit) };
  if (patch.lines !== undefined) {
    const lines = buildJournalLines(patch.lines);
    totals = assertBalanced(lines);
    await assertLineAccounts(scope, lines);
    await journal.replaceLines(scope.tx, organizationId, id, lines);
  }
  const version = row.version + 1;
  await journal.updateDraft(scope.tx, organizationId, id, {
    txnDate: patch.txn_date,
    memo: patch.memo,
    ...totals,
    version,
  });
  scope.changed(ENTITY, id, 'updated', version);
  return readEntry(scope.tx, organizationId, id);
}
