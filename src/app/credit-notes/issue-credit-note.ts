// Issue and void of a credit note (D60): the status change, its number, its ledger entry and its
// change record happen in the caller's one transaction. The note's row is locked first, so two
// issuers (or an issuer and an applier) queue.
import { assertIssuable, CREDIT_NOTE } from '../../domain/credit-note.ts';
import { todayIn } from '../../domain/dates.ts';
import { documentPostingLines, voidKindOf } from '../../domain/document.ts';
import { voidDate } from '../../domain/invoice.ts';
import { parseMoney } from '../../domain/money.ts';
import * as creditNotes from '../../storage/stores/credit-notes.ts';
import type { WriteScope } from '../changes.ts';
import { salesPostingInput } from '../documents/document-posting.ts';
import { lockDocument } from '../documents/documents.ts';
import { postLedgerEntry, reverseDocumentEntry } from '../ledger/journal-entries.ts';
import { allocateNumber } from '../numbering.ts';
import { CREDIT_NOTE_ENTITY, type CreditNoteView, readCreditNote } from './read-credit-notes.ts';

/** Locks the note for a state change and checks the writer's version. */
export function lockCreditNote(scope: WriteScope, id: string, expectedVersion: number | undefined) {
  return lockDocument(
    () => creditNotes.lock(scope.tx, scope.actor.organization.id, id),
    'credit note',
    expectedVersion,
  );
}

/**
 * POST /credit-notes/{id}/issue: draft -> issued, dated its issue date (period_closed in a closed
 * period): debit income per line and each tax liability account, credit Accounts Receivable (found
 * by its role, D65) with the total; then the next CN number.
 */
export async function issueCreditNote(
  scope: WriteScope,
  id: string,
  expectedVersion?: number,
): Promise<CreditNoteView> {
  const organizationId = scope.actor.organization.id;
  const row = await lockCreditNote(scope, id, expectedVersion);
  assertIssuable(row);
  const input = await salesPostingInput(scope, 'credit_note', id);
  const posting = documentPostingLines(CREDIT_NOTE, input.counter, input.lines);
  // The entry first (it takes the JE counter every posting queues for), then the CN counter, as a
  // payment does: the note never sits on a CN number while it waits for the JE counter.
  const entry = await postLedgerEntry(scope, {
    txnDate: row.issue_date,
    memo: `Credit note to ${row.customer_name}`,
    lines: posting,
    sourceType: 'credit_note',
    sourceId: id,
  });
  const number = await allocateNumber(scope.tx, organizationId, 'credit_note');
  const version = row.version + 1;
  await creditNotes.setIssued(scope.tx, organizationId, id, { number, entryId: entry.id, version });
  scope.changed(CREDIT_NOTE_ENTITY, id, 'updated', version);
  return readCreditNote(scope.tx, scope.actor, id);
}

/**
 * POST /credit-notes/{id}/void: an issued note with nothing applied gets the reversal of its entry,
 * dated today (or its issue date, if later); anything else answers invalid_state.
 */
export async function voidCreditNote(
  scope: WriteScope,
  id: string,
  expectedVersion?: number,
): Promise<CreditNoteView> {
  const row = await lockCreditNote(scope, id, expectedVersion);
  voidKindOf(CREDIT_NOTE, {
    ...row,
    applied: { amount_applied: parseMoney(row.amount_applied) },
    hasEntry: row.journal_entry_id !== null,
  });
  const voidEntryId = await reverseDocumentEntry(scope, row.journal_entry_id!, {
    txnDate: voidDate(row.issue_date, todayIn(scope.actor.organization.timezone)),
    memo: `Void of credit note ${row.number}`,
    sourceType: 'credit_note_void',
    sourceId: id,
  });
  const version = row.version + 1;
  await creditNotes.setVoid(scope.tx, scope.actor.organization.id, id, { entryId: voidEntryId, version });
  scope.changed(CREDIT_NOTE_ENTITY, id, 'updated', version);
  return readCreditNote(scope.tx, scope.actor, id);
}
