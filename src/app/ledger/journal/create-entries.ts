// POST /journal-entries (a draft, or posted in the same request with `post: true`, D58) and
// POST /journal-entries/batch (1 to 1000 entries, all or nothing, D59). Every entry is checked before
// anything is written or locked, with two lookups for the whole request (accounts, tracking options);
// then one statement writes all entries and lines and, when posting, takes consecutive JE numbers and
// updates the balance summary. The JE counter's lock (held to commit) is therefore taken by the
// request's last statement but the change records: a batch holds it no longer than one entry does.
import { randomUUID } from 'node:crypto';
import { fieldError } from '../../../domain/errors.ts';
import {
  assertBalanced,
  assertTrackingChoices,
  BATCH_LINES_MAX,
  buildJournalLines,
  type JournalLine,
  type JournalLineInput,
} from '../../../domain/journal.ts';
import { formatMoney } from '../../../domain/money.ts';
import * as accounts from '../../../storage/stores/accounts.ts';
import type { LineRow } from '../../../storage/stores/journal.ts';
import * as journal from '../../../storage/stores/journal.ts';
import * as tracking from '../../../storage/stores/tracking.ts';
import type { WriteScope } from '../../changes.ts';
import { describeEntry, ENTITY } from './entry-view.ts';
import { assertLineAccountAt, assertTxnDate } from './line-checks.ts';

export interface CreateEntryCommand {
  txn_date: string;
  memo?: string;
  lines: JournalLineInput[];
  currency?: string;
  /** D58: create and post in one transaction. */
  post?: boolean;
}

export interface EntryBatchCommand {
  entries: Omit<CreateEntryCommand, 'post'>[];
  post?: boolean;
}

/** POST /journal-entries: one entry, a draft or (post: true) posted. */
export async function createEntry(scope: WriteScope, command: CreateEntryCommand) {
  const [entry] = await createEntries(scope, [command], command.post === true, () => '');
  if (!entry) throw new Error('an entry was created but not answered');
  return entry;
}

/** POST /journal-entries/batch: refusals name the entry (`entries/17/lines/0/debit`). */
export async function createEntryBatch(scope: WriteScope, command: EntryBatchCommand) {
  const lineCount = command.entries.reduce((sum, entry) => sum + entry.lines.length, 0);
  if (lineCount > BATCH_LINES_MAX) {
    throw fieldError(
      'entries',
      `a batch has at most ${BATCH_LINES_MAX} lines in all (this one has ${lineCount})`,
    );
  }
  const results = await createEntries(scope, command.entries, command.post === true, (i) => `entries/${i}/`);
  return { results };
}

interface CheckedEntry {
  id: string;
  command: Omit<CreateEntryCommand, 'post'>;
  lines: JournalLine[];
  /** Chosen here, so the answer needs no read of the lines back. */
  lineIds: string[];
  total: bigint;
}

async function createEntries(
  scope: WriteScope,
  commands: Omit<CreateEntryCommand, 'post'>[],
  post: boolean,
  pathOf: (index: number) => string,
) {
  const organization = scope.actor.organization;
  const checked = await checkEntries(scope, commands, pathOf);
  const rows = await journal.insertManualEntries(
    scope.tx,
    {
      organizationId: organization.id,
      currency: organization.currency,
      post,
      entries: checked.entries.map((entry) => ({
        id: entry.id,
        txnDate: entry.command.txn_date,
        memo: entry.command.memo ?? '',
        total: entry.total,
        lines: entry.lines,
        lineIds: entry.lineIds,
      })),
    },
    commands.length > 1 || pathOf(0) !== '' ? 'entries' : 'lines',
  );
  return rows.map((row, index) => {
    if (post) scope.postedOn(row.txn_date);
    scope.changed(ENTITY, row.id, 'created', row.version);
    return describeEntry(row, linesAsWritten(checked.entries[index] as CheckedEntry, checked.accounts));
  });
}

/**
 * The lines as the statement wrote them, without reading them back: the ids were chosen here, the
 * accounts were read by the checks, amounts are stored at the scale formatMoney writes, and a new
 * line has no bank match yet (D74).
 */
function linesAsWritten(entry: CheckedEntry, accountsById: Map<string, accounts.AccountSummary>): LineRow[] {
  return entry.lines.map((line, index) => {
    const account = accountsById.get(line.accountId) as accounts.AccountSummary;
    return {
      journal_entry_id: entry.id,
      line_no: index + 1,
      id: entry.lineIds[index] as string,
      bank_transaction_id: null,
      account_id: account.id,
      account_number: account.number,
      account_name: account.name,
      account_is_active: account.is_active,
      account_system_role: account.system_role,
      account_detail_type: account.detail_type,
      description: line.description,
      debit: formatMoney(line.debit),
      credit: formatMoney(line.credit),
      tracking_options: line.trackingOptionIds,
    };
  });
}

/**
 * Every check of every entry, in request order, so the refusal names the first bad entry: currency,
 * date in an open period, lines, balance, accounts, tracking options. The accounts and tracking
 * options of the whole request are read once.
 */
async function checkEntries(
  scope: WriteScope,
  commands: Omit<CreateEntryCommand, 'post'>[],
  pathOf: (index: number) => string,
) {
  const organization = scope.actor.organization;
  const accountIds = commands.flatMap((command) => command.lines.map((line) => line.account));
  const optionIds = commands.flatMap((command) =>
    command.lines.flatMap((line) => line.tracking_options ?? []),
  );
  const accountRows = await accounts.findMany(scope.tx, organization.id, accountIds);
  const optionRows =
    optionIds.length > 0
      ? await tracking.activeOptionCategories(scope.tx, organization.id, [...new Set(optionIds)])
      : [];
  const accountsById = new Map(accountRows.map((row) => [row.id, row]));
  const categoryOf = new Map(optionRows.map((row) => [row.id, row.category_id]));
  const entries = commands.map((command, index): CheckedEntry => {
    const prefix = pathOf(index);
    if (command.currency !== undefined && command.currency !== organization.currency) {
      throw fieldError(`${prefix}currency`, `these books keep ${organization.currency} only`);
    }
    assertTxnDate(scope, command.txn_date, `${prefix}txn_date`);
    const lines = buildJournalLines(command.lines, `${prefix}lines`);
    const totals = assertBalanced(lines, prefix ? `${prefix}lines` : undefined);
    lines.forEach((line, lineIndex) => {
      assertLineAccountAt(accountsById.get(line.accountId), `${prefix}lines/${lineIndex}/account`);
    });
    assertTrackingChoices(lines, categoryOf, `${prefix}lines`);
    return {
      id: randomUUID(),
      command,
      lines,
      lineIds: lines.map(() => randomUUID()),
      total: totals.totalDebit,
    };
  });
  return { entries, accounts: accountsById };
}
