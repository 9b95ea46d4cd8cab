// What a journal entry looks like in a response, and the conversions between stored rows and the
// domain's lines and entry state.
import type { EntryState, JournalLine } from '../../../domain/journal.ts';
import { formatMoney, parseMoney } from '../../../domain/money.ts';
import type { AccountSummary } from '../../../storage/stores/accounts.ts';
import type { EntryRow, LineRow } from '../../../storage/stores/journal.ts';

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
      account: line.account_id,
      account_number: line.account_number,
      account_name: line.account_name,
      description: line.description,
      debit: line.debit,
      credit: line.credit,
      tracking_options: line.tracking_options,
    })),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    posted_at: row.posted_at,
  };
}
export type JournalEntryView = ReturnType<typeof describeEntry>;

/** A line as the store would read it back, from the line written and its (checked) account. */
export function writtenLine(
  entryId: string,
  index: number,
  line: JournalLine,
  accounts: Map<string, AccountSummary>,
): LineRow {
  const account = accounts.get(line.accountId);
  if (!account) throw new Error(`account ${line.accountId} was not checked`);
  return {
    journal_entry_id: entryId,
    line_no: index + 1,
    account_id: account.id,
    account_number: account.number,
    account_name: account.name,
    account_system_role: account.system_role,
    account_detail_type: account.detail_type,
    account_is_active: account.is_active,
    description: line.description,
    debit: formatMoney(line.debit),
    credit: formatMoney(line.credit),
    tracking_options: line.trackingOptionIds,
  };
}

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
