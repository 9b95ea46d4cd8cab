// What a journal entry looks like in a response, and the conversions between stored rows and the
// domain's lines and entry state.
import type { EntryState, JournalLine } from '../../../domain/journal.ts';
import { parseMoney } from '../../../domain/money.ts';
import type { EntryRow, LineRow } from '../../../storage/stores/journal.ts';
import { recordStamps } from '../../views.ts';

/** The entity name of journal entries in change records and the feed. */
export const ENTITY = 'journal_entry';

export function describeEntry(row: EntryRow, lines: LineRow[]) {
  return {
    id: row.id,
    entry_number: row.entry_number,
    txn_date: row.txn_date,
    memo: row.memo,
    status: row.status,
    source_type: row.source_type,
    source_id: row.source_id,
    reverses_entry: row.reverses_entry_id,
    reversed_by_entry: row.reversed_by_entry_id,
    currency: row.currency,
    total_debit: row.total_debit,
    total_credit: row.total_credit,
    lines: lines.map((line) => ({
      id: line.id,
      account: line.account_id,
      account_number: line.account_number,
      account_name: line.account_name,
      description: line.description,
      debit: line.debit,
      credit: line.credit,
      tracking_options: line.tracking_options,
      bank_transaction: line.bank_transaction_id,
    })),
    ...recordStamps(row),
    posted_at: row.posted_at,
  };
}
export type JournalEntryView = ReturnType<typeof describeEntry>;

export function toJournalLine(line: LineRow): JournalLine {
  return {
    accountId: line.account_id,
    debit: parseMoney(line.debit),
    credit: parseMoney(line.credit),
    description: line.description,
    trackingOptionIds: line.tracking_options,
  };
}

export function entryState(row: EntryRow): EntryState {
  return { status: row.status, entryNumber: row.entry_number, reversedByEntryId: row.reversed_by_entry_id };
}
