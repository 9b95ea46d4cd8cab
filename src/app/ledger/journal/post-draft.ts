// POST /journal-entries/{id}/post: allocates the next JE number and puts the draft in the ledger.
import { assertBalanced, assertLineAccount, assertPostable } from '../../../domain/journal.ts';
import * as journal from '../../../storage/stores/journal.ts';
import type { WriteScope } from '../../changes.ts';
import { assertOpenPeriodDate } from '../../organizations/organizations.ts';
import { assertVersion } from '../../versions.ts';
import { describeEntry, ENTITY, entryState, toJournalLine } from './entry-view.ts';
import { assertTrackingOptions } from './line-checks.ts';
import { lockEntry } from './locks.ts';

export async function postDraftEntry(scope: WriteScope, id: string, expectedVersion?: number) {
  const organizationId = scope.actor.organization.id;
  const row = await lockEntry(scope, id);
  assertPostable(entryState(row));
  assertVersion(expectedVersion, row.version);
  assertOpenPeriodDate(scope.actor.organization, row.txn_date, 'txn_date');
  const lineRows = (await journal.linesOf(scope.tx, organizationId, [id])).get(id) ?? [];
  const lines = lineRows.map(toJournalLine);
  assertBalanced(lines);
  // The lines were read with their accounts: an account deactivated since the draft refuses here,
  // and a draft saved before the document-kept rule existed is held to it when posted.
  lineRows.forEach((line, index) => {
    const account = {
      number: line.account_number,
      isActive: line.account_is_active,
      systemRole: line.account_system_role,
      detailType: line.account_detail_type,
    };
    assertLineAccount(account, `lines/${index}/account`);
  });
  await assertTrackingOptions(scope, lines, 'lines');
  const version = row.version + 1;
  // The JE counter stays locked until commit (gapless numbers), so everything from here on is
  // serialized per organization: number, update, balance summary and the row for the response are
  // one statement, and the response reuses the lines read above (the entry is locked, so they
  // cannot change).
  const posted = await journal.postDraft(scope.tx, {
    organizationId,
    id,
    version,
    txnDate: row.txn_date,
    lines,
  });
  scope.postedOn(row.txn_date);
  scope.changed(ENTITY, id, 'updated', version);
  return describeEntry(posted, lineRows);
}
