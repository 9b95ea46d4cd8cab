// POST /deposits (D88): payments received into Undeposited Funds taken to a bank account together. One
// transaction locks the payments (in id order, so two deposits naming one payment queue and the second
// sees the first's), checks each, posts ONE entry (debit the bank with the sum, credit Undeposited Funds
// once per payment), numbers the deposit and marks each payment as in it.
import { randomUUID } from 'node:crypto';
import { assertDepositable, DEPOSIT_PAYMENTS_MAX, depositLines } from '../../domain/deposit.ts';
import { fieldError } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import * as deposits from '../../storage/stores/deposits.ts';
import * as payments from '../../storage/stores/payments.ts';
import type { WriteScope } from '../changes.ts';
import { assertActiveAccount, assertBooksCurrency, assertDocumentDate } from '../documents/documents.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import { postLedgerEntry } from '../ledger/journal-entries.ts';
import { PAYMENT_ENTITY } from '../payments/payments-received.ts';
import { distinctIds } from '../request-ids.ts';
import { DEPOSIT_ACCOUNT, DEPOSIT_ENTITY, type DepositView, readDeposit } from './read-deposits.ts';

export interface CreateDepositCommand {
  deposit_to_account: string;
  date: string;
  payments: string[];
  memo?: string;
  currency?: string;
}

/** Request-shape rules: 1 to DEPOSIT_PAYMENTS_MAX payment ids, each once. Refusals name `payments/<i>`. */
function parsePaymentIds(ids: string[]): string[] {
  if (ids.length === 0) throw fieldError('payments', 'name at least one payment to deposit');
  if (ids.length > DEPOSIT_PAYMENTS_MAX)
    throw fieldError('payments', `at most ${DEPOSIT_PAYMENTS_MAX} payments in one deposit`);
  return distinctIds(ids, 'payments', {
    notUuid: 'must be a payment id (UUID)',
    repeated: 'the same payment appears twice; deposit it once',
  });
}

/**
 * Locks the payments in id order and checks each in the request's order: in these books (400 on
 * `payments/<i>` otherwise: another organization's payment is one that does not exist here), received
 * into Undeposited Funds on or before the deposit's date, posted and in no live deposit.
 */
async function lockDepositable(
  scope: WriteScope,
  ids: string[],
  deposit: { date: string; undepositedFundsId: string },
) {
  const locked = await payments.lockForDeposit(scope.tx, scope.actor.organization.id, ids);
  const byId = new Map(locked.map((row) => [row.id, row]));
  return ids.map((id, index) => {
    const row = byId.get(id);
    if (!row) throw fieldError(`payments/${index}`, 'no such payment received in these books');
    const amount = parseMoney(row.amount);
    assertDepositable(
      {
        id: row.id,
        number: row.number,
        status: row.status,
        paymentDate: row.payment_date,
        amount,
        depositAccountId: row.deposit_account_id,
        depositId: row.deposit_id,
        depositNumber: row.deposit_number,
      },
      index,
      deposit,
    );
    return { ...row, amountMoney: amount };
  });
}

/** POST /deposits: 201 with the deposit; its entry, number and the payments' moves commit together. */
export async function createDeposit(scope: WriteScope, command: CreateDepositCommand): Promise<DepositView> {
  const organization = scope.actor.organization;
  assertBooksCurrency(organization, command.currency);
  const ids = parsePaymentIds(command.payments);
  assertDocumentDate(organization, command.date, 'date');
  await assertActiveAccount(
    scope.tx,
    organization.id,
    command.deposit_to_account,
    'deposit_to_account',
    DEPOSIT_ACCOUNT,
  );
  const undepositedFunds = await systemAccountId(scope.tx, organization.id, 'undepositedFunds');
  const taken = await lockDepositable(scope, ids, {
    date: command.date,
    undepositedFundsId: undepositedFunds,
  });
  const { lines, total } = depositLines(
    command.deposit_to_account,
    undepositedFunds,
    taken.map((payment) => ({
      number: payment.number,
      amount: payment.amountMoney,
      customerName: payment.customer_name,
    })),
  );
  const id = randomUUID();
  const memo = command.memo ?? '';
  // The entry first (the JE counter), then the DEP counter: as payments, so a deposit never holds its
  // number while it waits for the journal's.
  const entry = await postLedgerEntry(scope, {
    txnDate: command.date,
    memo: memo ? `Deposit: ${memo}` : `Deposit of ${taken.length} payment${taken.length === 1 ? '' : 's'}`,
    lines,
    sourceType: 'deposit',
    sourceId: id,
  });
  await deposits.insertWithPayments(scope.tx, {
    id,
    organizationId: organization.id,
    depositDate: command.date,
    depositAccountId: command.deposit_to_account,
    amount: formatMoney(total),
    memo,
    currency: organization.currency,
    journalEntryId: entry.id,
    payments: taken.map((payment) => ({ paymentId: payment.id, amount: payment.amount })),
  });
  const moved = taken.map((payment) => ({ id: payment.id, version: payment.version + 1 }));
  await payments.setDeposit(scope.tx, organization.id, id, moved);
  for (const payment of moved) scope.changed(PAYMENT_ENTITY, payment.id, 'updated', payment.version);
  scope.changed(DEPOSIT_ENTITY, id, 'created', 1);
  return readDeposit(scope.tx, scope.actor, id);
}
