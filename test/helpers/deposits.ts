// Deposit fixtures (D88): books with payments received into Undeposited Funds, and deposits of them.
import type { LightMyRequestResponse } from 'fastify';
import type { DepositBody, PaymentReceivedBody } from './bodies.ts';
import { type Books, call, type Harness, type Headers, signUp, today } from './harness.ts';
import { createCustomer, ok } from './receivables.ts';

/** A payment of `amount` from `customer` into Undeposited Funds (the default), or into `account`. */
export async function receivePayment(
  harness: Harness,
  headers: Headers,
  customer: string,
  amount: string,
  extra: Record<string, unknown> = {},
): Promise<PaymentReceivedBody> {
  return ok(
    await call(harness, 'POST', '/api/v1/payments-received', headers, {
      customer,
      payment_date: today,
      amount,
      method: 'check',
      ...extra,
    }),
    201,
  );
}

/** Fresh books with a customer and payments of `amounts` into Undeposited Funds. */
export async function booksWithUndeposited(harness: Harness, amounts = ['100.00', '250.50', '49.50']) {
  const books = await signUp(harness);
  const customer = await createCustomer(harness, books.headers, { display_name: 'Blue Heron Cafe' });
  const payments: PaymentReceivedBody[] = [];
  for (const amount of amounts)
    payments.push(await receivePayment(harness, books.headers, customer.id, amount));
  return { books, customer, payments };
}

export function depositBody(books: Books, payments: string[], extra: Record<string, unknown> = {}) {
  return { deposit_to_account: books.accounts['1000'], date: today, payments, ...extra };
}

/** POST /deposits with `books`' session: the answer as it is. */
export function postDeposit(
  harness: Harness,
  books: Books,
  payments: string[],
  extra: Record<string, unknown> = {},
  headers: Headers = books.headers,
): Promise<LightMyRequestResponse> {
  return call(harness, 'POST', '/api/v1/deposits', headers, depositBody(books, payments, extra));
}

export async function makeDeposit(
  harness: Harness,
  books: Books,
  payments: string[],
  extra: Record<string, unknown> = {},
): Promise<DepositBody> {
  return ok(await postDeposit(harness, books, payments, extra), 201);
}
