// The journal's own posting: THE way any document (an invoice's send and void, a payment, a manual
// reversal) writes a journal entry. It runs in the caller's transaction (the WriteScope of its
// runWrite), so the entry commits or rolls back with the document that posted it. No other module
// writes journal_entries, journal_lines or account_balances rows.

import { randomUUID } from 'node:crypto';
import { invalidState } from '../../../domain/errors.ts';
import {
  assertBalanced,
  assertNotReversed,
  type JournalLine,
  reversedLines,
  type SourceType,
} from '../../../domain/journal.ts';
import * as journal from '../../../storage/stores/journal.ts';
import { assertEntryUnmatched } from '../../banking/matched-entries.ts';
import type { WriteScope } from '../../changes.ts';
import { assertOpenPeriodDate } from '../../organizations/organizations.ts';
import { ENTITY, entryState, toJournalLine } from './entry-view.ts';

/** What a document posts. */
export interface LedgerPosting {
  /** The entry's date: a calendar date the caller checked, in an open period (checked again here). */
  txnDate: string;
  memo: string;
  /** Balanced, at least one amount; accounts and tracking options already checked by the caller. */
  lines: JournalLine[];
  /** The kind of document (`invoice`, `invoice_void`, `payment_received`, `reversal`: D63), one the journal lists. */
  sourceType: SourceType;
  /** The document's id (the reversed entry's id for a reversal). */
  sourceId: string;
  /** Set on a reversal: the entry it reverses (the caller links it back with markReversed). */
  reversesEntryId?: string;
}

/**
 * Writes a posted entry in the caller's transaction: asserts balance, checks the period, numbers it
 * and updates the balance summary, all in ONE statement (the organization's JE counter is locked from
 * there to commit). Records the change and the posting date (period-lock race, D58). Answers the new
 * entry's id and number, for the document to keep.
 */
export async function postLedgerEntry(
  scope: WriteScope,
  posting: LedgerPosting,
): Promise<{ id: string; entryNumber: string }> {
  const organization = scope.actor.organization;
  const totals = assertBalanced(posting.lines);
  if (totals.totalDebit === 0n) throw new Error('refusing to post an empty ledger entry');
  assertOpenPeriodDate(organization, posting.txnDate, 'txn_date');
  const id = randomUUID();
  const entryNumber = await journal.insertPostedEntryWithLines(scope.tx, {
    id,
    organizationId: organization.id,
    txnDate: posting.txnDate,
    memo: posting.memo,
    sourceType: posting.sourceType,
    sourceId: posting.sourceId,
    reversesEntryId: posting.reversesEntryId ?? null,
    currency: organization.currency,
    total: totals.totalDebit,
    lines: posting.lines,
  });
  scope.postedOn(posting.txnDate);
  scope.changed(ENTITY, id, 'created', 1);
  return { id, entryNumber };
}

/** The lines of a stored entry, as domain lines. */
export async function storedLines(scope: WriteScope, id: string): Promise<JournalLine[]> {
  const rows = (await journal.linesOf(scope.tx, scope.actor.organization.id, [id])).get(id) ?? [];
  return rows.map(toJournalLine);
}

/**
 * Links a locked original to its reversal. The original was locked and found unreversed by the
 * caller; the store's condition on reversed_by_entry_id makes a second reversal fail, not overwrite.
 */
export async function markReversed(scope: WriteScope, original: journal.EntryRow, reversalId: string) {
  const version = original.version + 1;
  const organizationId = scope.actor.organization.id;
  if (!(await journal.setReversedBy(scope.tx, organizationId, original.id, reversalId, version)))
    throw invalidState(`entry ${original.entry_number} is already reversed`);
  scope.changed(ENTITY, original.id, 'updated', version);
}

/**
 * The reversal a document posts of its own entry (an invoice's void): locks the original, refuses
 * one already reversed, posts the mirror image linked both ways. `extraLines` (balanced among
 * themselves) join the mirror: a bill's void settles there what its stock's cost moved since (D49).
 * Returns the reversal's id.
 */
export async function reverseDocumentEntry(
  scope: WriteScope,
  entryId: string,
  posting: {
    txnDate: string;
    memo: string;
    sourceType: SourceType;
    sourceId: string;
    extraLines?: JournalLine[];
  },
): Promise<string> {
  const original = await journal.lockEntry(scope.tx, scope.actor.organization.id, entryId);
  if (!original) throw new Error(`document entry ${entryId} does not exist`);
  assertNotReversed(entryState(original));
  await assertEntryUnmatched(scope, entryId);
  const { extraLines = [], ...document } = posting;
  const reversal = await postLedgerEntry(scope, {
    ...document,
    lines: [...reversedLines(await storedLines(scope, entryId)), ...extraLines],
    reversesEntryId: entryId,
  });
  await markReversed(scope, original, reversal.id);
  return reversal.id;
}
