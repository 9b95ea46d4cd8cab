// Reconciliation from a test's side (D76): bank lines and ledger entries on chosen dates, matched one
// to one, and the reconcile request.
import type { Static } from '@sinclair/typebox';
import type { LightMyRequestResponse } from 'fastify';
import type { BankReconciliation } from '../../src/http/schemas/bank-reconciliations.ts';
import type { BankTransactionBody, PushResultBody } from './banking.ts';
import { lineOn, match } from './banking.ts';
import { type Books, call, type Harness, type Headers } from './harness.ts';
import { ok } from './receivables.ts';

export type ReconciliationBody = Static<typeof BankReconciliation>;

/** Pushes one bank line dated `date` into `account` (default checking). */
export async function bankLineOn(
  harness: Harness,
  books: Books,
  date: string,
  amount: string,
  reference: string,
  account = books.accounts['1000']!,
  headers: Headers = books.headers,
): Promise<BankTransactionBody> {
  const pushed: PushResultBody = ok(
    await call(harness, 'POST', '/api/v1/bank-transactions', headers, {
      account,
      transactions: [{ date, amount, description: `line ${reference}`, bank_reference: reference }],
    }),
    201,
  );
  return pushed.results[0]!;
}

/**
 * A posted entry dated `date` moving `account` (default checking) by `amount` (signed: positive is
 * a debit, money in), against Owner's Equity (3000). Answers the entry and its line on `account`.
 */
export async function ledgerMove(
  harness: Harness,
  books: Books,
  date: string,
  amount: string,
  account = books.accounts['1000']!,
  headers: Headers = books.headers,
) {
  const negative = amount.startsWith('-');
  const size = negative ? amount.slice(1) : amount;
  const other = books.accounts['3000']!;
  const entry = ok(
    await call(harness, 'POST', '/api/v1/journal-entries', headers, {
      txn_date: date,
      memo: `move ${amount}`,
      post: true,
      lines: negative
        ? [
            { account: other, debit: size },
            { account, credit: size },
          ]
        : [
            { account, debit: size },
            { account: other, credit: size },
          ],
    }),
    201,
  );
  return { entry, line: lineOn(entry, account) };
}

/** A bank line and a ledger move of the same amount, matched. */
export async function matchedPair(
  harness: Harness,
  books: Books,
  dates: { bank: string; ledger: string },
  amount: string,
  reference: string,
  account = books.accounts['1000']!,
  headers: Headers = books.headers,
) {
  const moved = await ledgerMove(harness, books, dates.ledger, amount, account, headers);
  const transaction = await bankLineOn(harness, books, dates.bank, amount, reference, account, headers);
  const matched: BankTransactionBody = ok(await match(harness, headers, transaction.id, [moved.line]));
  return { transaction: matched, ...moved };
}

export function reconcile(
  harness: Harness,
  headers: Headers,
  account: string,
  statementDate: string,
  statementBalance: string,
  extraHeaders: Headers = {},
): Promise<LightMyRequestResponse> {
  return harness.app.inject({
    method: 'POST',
    url: '/api/v1/bank-reconciliations',
    headers: { ...headers, ...extraHeaders },
    payload: { account, statement_date: statementDate, statement_balance: statementBalance },
  });
}

export async function transactionOf(
  harness: Harness,
  headers: Headers,
  id: string,
): Promise<BankTransactionBody> {
  return ok(await call(harness, 'GET', `/api/v1/bank-transactions/${id}`, headers));
}
