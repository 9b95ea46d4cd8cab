// Deposits (D88), read: one deposit with its payments, and the list (filters status, bank account,
// dates). What a deposit is and which account it goes to are named here for the writes.

import type { DepositStatus } from '../../domain/deposit.ts';
import type { Queryable } from '../../storage/db.ts';
import type { DepositPaymentRow, DepositRow } from '../../storage/stores/deposits.ts';
import * as deposits from '../../storage/stores/deposits.ts';
import type { Actor } from '../context.ts';
import { ACCOUNT_USES, readDocument } from '../documents/documents.ts';
import { listOf, withChildren } from '../pagination.ts';
import { accountFilter } from '../reads.ts';
import { recordStamps } from '../views.ts';

export const DEPOSIT_ENTITY = 'deposit';
export { DEPOSIT_PAYMENTS_MAX, DEPOSIT_STATUSES } from '../../domain/deposit.ts';

/** D88: a deposit goes to a bank account (the use lives with the others, D84). */
export const DEPOSIT_ACCOUNT = ACCOUNT_USES.depositTo;

function describeDeposit(row: DepositRow, lines: DepositPaymentRow[]) {
  return {
    id: row.id,
    number: row.number,
    date: row.deposit_date,
    deposit_to_account: row.deposit_account_id,
    deposit_to_account_name: row.deposit_account_name,
    amount: row.amount,
    memo: row.memo,
    currency: row.currency,
    payments: lines.map((line) => ({
      payment_id: line.payment_id,
      payment_number: line.payment_number,
      customer: line.customer_id,
      customer_name: line.customer_name,
      payment_date: line.payment_date,
      amount: line.amount,
    })),
    journal_entry: row.journal_entry_id,
    status: row.status,
    void_entry: row.void_entry_id,
    voided_at: row.voided_at,
    ...recordStamps(row),
  };
}
export type DepositView = ReturnType<typeof describeDeposit>;

/** Deposits with their payments, read in one query. */
const describeDeposits = withChildren(deposits.paymentsOf, describeDeposit);

export async function readDeposit(db: Queryable, actor: Actor, id: string): Promise<DepositView> {
  const { row, rows } = await readDocument(db, actor.organization.id, id, 'deposit', {
    find: deposits.find,
    rowsOf: deposits.paymentsOf,
  });
  return describeDeposit(row, rows);
}

export interface DepositListFilters {
  status?: DepositStatus;
  deposit_to_account?: string;
  date_from?: string;
  date_to?: string;
}

export const listDeposits = listOf(
  deposits.page,
  (filters: DepositListFilters) => ({
    status: filters.status ?? null,
    accountId: accountFilter('deposit_to_account', filters.deposit_to_account),
    dateFrom: filters.date_from ?? null,
    dateTo: filters.date_to ?? null,
  }),
  describeDeposits,
);
