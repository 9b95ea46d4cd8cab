// Matching (D74): a bank transaction is matched to posted ledger lines on its bank account whose
// effects sum exactly to its amount; unmatched (not once reconciled); excluded and included again.
// The transaction is locked first, then the entries of the lines in id order (as a void locks its
// entry), so two requests matching one line, or a match and a void of that line's document, queue on
// the entry row and the second decides on what the first committed: exactly one wins.
import { DomainError, fieldError, invalidState } from '../../domain/errors.ts';
import { formatMoney, parseMoney, sumMoney } from '../../domain/money.ts';
import type { BankTransactionRow } from '../../storage/stores/bank-transactions.ts';
import * as bank from '../../storage/stores/bank-transactions.ts';
import type { WriteScope } from '../changes.ts';
import { lockDocument } from '../documents/documents.ts';
import { distinctIds } from '../request-ids.ts';
import { BANK_TRANSACTION_ENTITY, readBankTransaction } from './bank-transactions.ts';

export const MATCH_LINES_MAX = 100;

function lockTransaction(
  scope: WriteScope,
  id: string,
  expectedVersion: number | undefined,
  assertState: (row: BankTransactionRow) => void,
) {
  return lockDocument(
    () => bank.lockTransaction(scope.tx, scope.actor.organization.id, id),
    'bank transaction',
    expectedVersion,
    assertState,
  );
}

/** POST /bank-transactions/{id}/match {journal_lines}. */
export async function matchBankTransaction(
  scope: WriteScope,
  id: string,
  command: { journal_lines: string[]; version?: number },
) {
  const organizationId = scope.actor.organization.id;
  const lineIds = distinctIds(command.journal_lines, 'journal_lines', {
    notUuid: 'must be a journal line id (UUID)',
    repeated: 'the same line appears twice',
  });
  const transaction = await lockTransaction(scope, id, command.version, (row) => {
    if (row.status === 'matched') {
      throw invalidState('the bank transaction is already matched; unmatch it first', { status: row.status });
    }
    if (row.status === 'excluded') {
      throw invalidState('the bank transaction is excluded; include it first', { status: row.status });
    }
  });
  const found = new Map(
    (await bank.lockLinesForMatch(scope.tx, organizationId, lineIds)).map((line) => [line.id, line]),
  );
  const lines = lineIds.map((lineId, index) => {
    const path = `journal_lines/${index}`;
    const line = found.get(lineId);
    if (!line) throw fieldError(path, 'no such journal line in these books');
    if (line.account_id !== transaction.account_id) {
      throw fieldError(path, 'the line is on another account than the bank transaction');
    }
    if (line.entry_status !== 'posted') throw fieldError(path, 'the line’s entry is a draft; post it first');
    if (line.reversed) throw fieldError(path, `entry ${line.entry_number} is reversed or a reversal`);
    if (line.matched_to !== null) {
      throw new DomainError(
        'invalid_state',
        `the line is already matched to bank transaction ${line.matched_to}`,
        {
          fields: { [path]: ['is matched to another bank transaction'] },
          bank_transaction: line.matched_to,
        },
      );
    }
    return { id: line.id, entryId: line.journal_entry_id, amount: parseMoney(line.effect) };
  });
  const total = sumMoney(
    lines.map((line) => line.amount),
    'journal_lines',
  );
  if (total !== parseMoney(transaction.amount)) {
    throw fieldError(
      'journal_lines',
      `the lines move the account by ${formatMoney(total)}, not the transaction's ${transaction.amount}`,
    );
  }
  const version = transaction.version + 1;
  await bank.insertMatches(
    scope.tx,
    organizationId,
    { id: transaction.id, version },
    lines.map((line) => ({ ...line, amount: formatMoney(line.amount) })),
  );
  scope.changed(BANK_TRANSACTION_ENTITY, transaction.id, 'updated', version);
  return readBankTransaction(scope.tx, scope.actor, transaction.id);
}

/** POST /{id}/unmatch: back to unmatched, its lines free again; not once reconciled (D74). */
export async function unmatchBankTransaction(scope: WriteScope, id: string, expectedVersion?: number) {
  const transaction = await lockTransaction(scope, id, expectedVersion, (row) => {
    if (row.status !== 'matched')
      throw invalidState('the bank transaction is not matched', { status: row.status });
    if (row.reconciliation_id !== null) {
      throw invalidState('the bank transaction is reconciled; its match can no longer change', {
        reconciliation: row.reconciliation_id,
      });
    }
  });
  return setStatus(scope, transaction, 'unmatched');
}

/** The state check of exclude and include: 409 unless the transaction is `status`, the one `change` applies to. */
function onlyWhen(status: 'unmatched' | 'excluded', change: 'excluded' | 'included') {
  return (row: BankTransactionRow) => {
    if (row.status !== status) {
      throw invalidState(`only an ${status} bank transaction is ${change}; this one is ${row.status}`, {
        status: row.status,
      });
    }
  };
}

/** POST /{id}/exclude: an unmatched line that is not the books' business (a duplicate, a transfer shown twice). */
export async function excludeBankTransaction(scope: WriteScope, id: string, expectedVersion?: number) {
  const transaction = await lockTransaction(scope, id, expectedVersion, onlyWhen('unmatched', 'excluded'));
  return setStatus(scope, transaction, 'excluded');
}

/** POST /{id}/include: an excluded line is unmatched again. */
export async function includeBankTransaction(scope: WriteScope, id: string, expectedVersion?: number) {
  const transaction = await lockTransaction(scope, id, expectedVersion, onlyWhen('excluded', 'included'));
  return setStatus(scope, transaction, 'unmatched');
}

async function setStatus(
  scope: WriteScope,
  transaction: BankTransactionRow,
  status: 'unmatched' | 'excluded',
) {
  const version = transaction.version + 1;
  await bank.setStatus(scope.tx, scope.actor.organization.id, transaction.id, status, version);
  scope.changed(BANK_TRANSACTION_ENTITY, transaction.id, 'updated', version);
  return readBankTransaction(scope.tx, scope.actor, transaction.id);
}
