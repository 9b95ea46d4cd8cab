// Issue and void of a credit note (D60): the status change, its number, its ledger entry and its
// change record happen in the caller's one transaction. The note's row is locked first, so two
// issuers (or an issuer and an applier) queue.
import { assertIssuable, assertVoidable, creditNotePostingLines } from '../../domain/credit-note.ts';
import { todayIn } from '../../domain/dates.ts';
import { voidDate } from '../../domain/invoice.ts';
import { parseMoney } from '../../domain/money.ts';
import * as creditNotes from '../../storage/stores/credit-notes.ts';
import * as tax from '../../storage/stores/tax.ts';
import type { WriteScope } from '../changes.ts';
import { lockDocument } from '../documents/documents.ts';
import { systemAccountId } from '../ledger/accounts.ts';
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
  const lines = (await creditNotes.linesOf(scope.tx, organizationId, [id])).get(id) ?? [];
  const rates = await tax.findRates(
    scope.tx,
    organizationId,
    lines.flatMap((line) => (line.tax_rate_id ? [line.tax_rate_id] : [])),
  );
  const liabilityOf = new Map(rates.map((rate) => [rate.id, rate.liability_account_id]));
  const receivable = await systemAccountId(scope.tx, organizationId, 'accountsReceivable');
  const posting = creditNotePostingLines(
    receivable,
    lines.map((line) => ({
      incomeAccountId: line.income_account_id,
      description: line.description,
      amount: parseMoney(line.amount),
      taxAmount: parseMoney(line.tax_amount),
      taxAccountId: line.tax_rate_id ? (liabilityOf.get(line.tax_rate_id) ?? null) : null,
      trackingOptionIds: line.tracking_options,
    })),
  );
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
  assertVoidable({ ...row, amountApplied: parseMoney(row.amount_applied) });
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
