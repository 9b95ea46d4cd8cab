// Reconciliation (D76): the books agree with the bank on a statement date. The cleared balance is the
// opening balance (what the account held before its bank feed began, clearedFigures in the store)
// plus the ledger lines matched to the account's bank transactions dated on or before the statement
// date. Equal to the statement's balance: the reconciliation is stored and the matched transactions
// not yet reconciled are frozen in it (their matches no longer change). Otherwise 409 with the figures.
//
// Locks: the account's reconciliation lock (its account row) first, so two reconciliations of one
// account queue; then the transactions to reconcile in id order. A match or unmatch locks its one
// transaction and never the account, so the order never inverts: whichever holds the transaction
// first decides, and the other re-reads what it committed.
import { randomUUID } from 'node:crypto';
import { isCalendarDate } from '../../domain/dates.ts';
import { fieldError, invalidState } from '../../domain/errors.ts';
import { formatMoney, isMoneyString, parseMoney } from '../../domain/money.ts';
import * as reconciliations from '../../storage/stores/bank-reconciliations.ts';
import type { WriteScope } from '../changes.ts';
import { assertBankAccount } from './bank-accounts.ts';
import { assertMinorUnits, BANK_TRANSACTION_ENTITY } from './bank-transactions.ts';
import { describeReconciliation, RECONCILIATION_ENTITY } from './reconcile-read.ts';

export interface ReconcileCommand {
  account: string;
  statement_date: string;
  statement_balance: string;
}

/** POST /bank-reconciliations: 201 with the stored reconciliation, or 409 with the difference. */
export async function reconcileBankAccount(scope: WriteScope, command: ReconcileCommand) {
  const organization = scope.actor.organization;
  if (!isCalendarDate(command.statement_date)) {
    throw fieldError('statement_date', 'must be a calendar date YYYY-MM-DD');
  }
  if (!isMoneyString(command.statement_balance)) {
    throw fieldError('statement_balance', 'must be a decimal string', 'invalid_money');
  }
  const statementBalance = parseMoney(command.statement_balance);
  assertMinorUnits(organization, statementBalance, 'statement_balance', 'invalid_money');
  await assertBankAccount(scope.tx, organization.id, command.account, 'account');

  await reconciliations.lockAccount(scope.tx, organization.id, command.account);
  const last = await reconciliations.latestOf(scope.tx, organization.id, command.account);
  if (last && command.statement_date < last.statement_date) {
    throw invalidState(
      `statement_date ${command.statement_date} is before the account's last reconciliation (${last.statement_date}); reconcile on or after it`,
      {
        fields: { statement_date: [`must not be before ${last.statement_date}`] },
        last_statement_date: last.statement_date,
        reconciliation: last.id,
      },
    );
  }
  const locked = await reconciliations.lockToReconcile(
    scope.tx,
    organization.id,
    command.account,
    command.statement_date,
  );
  const figures = await reconciliations.clearedFigures(
    scope.tx,
    organization.id,
    command.account,
    command.statement_date,
    locked,
  );
  if (figures.transactions_to_date === 0) {
    throw invalidState(
      `the account has no bank transactions dated on or before ${command.statement_date}: import its statement first`,
      { fields: { statement_date: ['no bank transactions on or before this date'] } },
    );
  }
  const cleared = parseMoney(figures.opening_balance) + parseMoney(figures.matched);
  if (cleared !== statementBalance) {
    throw invalidState(
      `the cleared balance ${formatMoney(cleared)} is not the statement balance ${formatMoney(statementBalance)}: match or unmatch bank transactions until they agree`,
      {
        cleared_balance: formatMoney(cleared),
        statement_balance: formatMoney(statementBalance),
        difference: formatMoney(statementBalance - cleared),
      },
    );
  }
  const id = randomUUID();
  const marked = await reconciliations.insert(scope.tx, {
    organizationId: organization.id,
    id,
    accountId: command.account,
    statementDate: command.statement_date,
    statementBalance: formatMoney(statementBalance),
    clearedBalance: formatMoney(cleared),
    openingBalance: figures.opening_balance,
    transactionIds: locked,
  });
  if (marked.length !== locked.length) {
    throw new Error(`reconciliation ${id}: ${locked.length} transactions locked, ${marked.length} marked`);
  }
  scope.changed(RECONCILIATION_ENTITY, id, 'created', 1);
  for (const transaction of marked) {
    scope.changed(BANK_TRANSACTION_ENTITY, transaction.id, 'updated', transaction.version);
  }
  const stored = await reconciliations.find(scope.tx, organization.id, id);
  return describeReconciliation(stored!);
}
