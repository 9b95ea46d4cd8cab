// POST /journal-entries: a balanced draft in an open period. Drafts get their number when posted.
import { randomUUID } from 'node:crypto';
import { assertBalanced, buildJournalLines, type JournalLineInput } from '../../../domain/journal.ts';
import * as journal from '../../../storage/stores/journal.ts';
import type { WriteScope } from '../../changes.ts';
import { describeEntry, ENTITY, writtenLine } from './entry-view.ts';
import { assertCurrency, assertLineAccounts, assertTxnDate } from './line-checks.ts';

export interface CreateEntryCommand {
  txn_date: string;
  memo?: string;
  lines: JournalLineInput[];
  currency?: string;
}

export async function createDraftEntry(scope: WriteScope, command: CreateEntryCommand) {
  assertCurrency(scope, command.currency);
  assertTxnDate(scope, command.txn_date);
  const lines = buildJournalLines(command.lines);
  const totals = assertBalanced(lines);
  const accounts = await assertLineAccounts(scope, lines);
  const id = randomUUID();
  const organization = scope.actor.organization;
  // The entry and its lines in one statement; the response is built from what was written.
  const row = await journal.insertDraftWithLines(scope.tx, {
    id,
    organizationId: organization.id,
    txnDate: command.txn_date,
    memo: command.memo ?? '',
    currency: organization.currency,
    ...totals,
    lines,
  });
  scope.changed(ENTITY, id, 'created', 1);
  return describeEntry(
    row,
    lines.map((line, index) => writtenLine(id, index, line, accounts)),
  );
}
