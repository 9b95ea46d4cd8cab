// POST /journal-entries/{id}/reverse (D27): posts the mirror image of a posted entry, linked both ways.

import {
  assertReversalDate,
  assertReversible,
  documentEntryRefusal,
  isManualSource,
  reversalMemo,
  reversedLines,
} from '../../../domain/journal.ts';
import * as journal from '../../../storage/stores/journal.ts';
import { assertEntryUnmatched } from '../../banking/matched-entries.ts';
import type { WriteScope } from '../../changes.ts';
import { assertVersion } from '../../versions.ts';
import { entryState } from './entry-view.ts';
import { assertTxnDate } from './line-checks.ts';
import { lockEntry } from './locks.ts';
import { markReversed, postLedgerEntry, storedLines } from './post-ledger-entry.ts';
import { readEntry } from './read-entries.ts';

export async function reverseEntry(
  scope: WriteScope,
  id: string,
  txnDate: string | undefined,
  expectedVersion?: number,
) {
  const row = await lockEntry(scope, id);
  assertReversible(entryState(row));
  await assertManualEntry(scope, row);
  assertVersion(expectedVersion, row.version);
  await assertEntryUnmatched(scope, id);
  const date = txnDate ?? row.txn_date;
  assertTxnDate(scope, date);
  assertReversalDate(date, row.txn_date);
  const reversal = await postLedgerEntry(scope, {
    txnDate: date,
    memo: reversalMemo(row.entry_number, row.memo),
    lines: reversedLines(await storedLines(scope, id)),
    sourceType: 'reversal',
    sourceId: id,
    reversesEntryId: id,
  });
  await markReversed(scope, row, reversal.id);
  return readEntry(scope.tx, scope.actor.organization.id, reversal.id);
}

/** D63: an entry a document posted changes through that document only; the refusal names it. */
async function assertManualEntry(scope: WriteScope, row: journal.EntryRow) {
  if (isManualSource(row.source_type)) return;
  const documentNumber = row.source_id
    ? await journal.sourceDocumentNumber(
        scope.tx,
        scope.actor.organization.id,
        row.source_type,
        row.source_id,
      )
    : null;
  throw documentEntryRefusal(
    { entryNumber: row.entry_number, sourceType: row.source_type, sourceId: row.source_id },
    documentNumber,
  );
}
