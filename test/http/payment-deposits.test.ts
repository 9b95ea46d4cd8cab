// D64: money received moves through cash. A payment's deposit_to_account must be an active bank,
// cash, undeposited-funds or credit-card account; its amounts are whole minor units of the currency.
// And a payment for a deactivated customer is refused as an invoice for one is.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ErrorCode } from '../../src/domain/errors.ts';
import { type Books, call, signUp, today, useHarness } from '../helpers/harness.ts';
import { createAccount } from '../helpers/ledger.ts';
import {
  createCustomer,
  createTaxRate,
  ok,
  postInvoice,
  refusedNothingWritten,
} from '../helpers/receivables.ts';

const harness = useHarness();

/** What a refused payment must leave as it was: documents, balances and the books. */
const READ_BACK = [
  '/api/v1/invoices',
  '/api/v1/customers',
  '/api/v1/payments-received',
  '/api/v1/accounts',
  `/api/v1/reports/trial-balance?as_of=${today}`,
];

function paymentBody(customer: string, extra: Record<string, unknown> = {}) {
  return { customer, payment_date: today, amount: '100.00', method: 'ach', ...extra };
}

/** Sends the payment, expects the refusal, proves nothing was written; returns the error. */
async function refused(books: Books, body: unknown, status: number, code: ErrorCode) {
  const send = () => call(harness, 'POST', '/api/v1/payments-received', books.headers, body);
  return refusedNothingWritten(harness, books, READ_BACK, send, status, code);
}

describe('deposit_to_account (D64)', () => {
  test('Accounts Receivable, income, other assets, payables and an inactive bank are 400 validation_error on deposit_to_account, nothing written', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    const inactiveBank = (await createAccount(harness, books.headers, { type: 'asset', detail_type: 'bank' }))
      .id;
    ok(await call(harness, 'PATCH', `/api/v1/accounts/${inactiveBank}`, books.headers, { is_active: false }));
    const cases: [string, string][] = [
      ['1100', 'Accounts Receivable'],
      ['4100', 'income'],
      ['1200', 'Inventory'],
      ['1300', 'Prepaid Expenses'],
      ['2000', 'Accounts Payable'],
      ['3000', "Owner's Equity"],
    ];
    for (const [number, what] of cases) {
      const error = await refused(
        books,
        paymentBody(customer.id, { deposit_to_account: books.accounts[number] }),
        400,
        'validation_error',
      );
      assert.ok(error.detail.fields.deposit_to_account, `${what}: ${JSON.stringify(error)}`);
      assert.match(error.message, /bank, cash, undeposited funds or credit card/, what);
    }
    const error = await refused(
      books,
      paymentBody(customer.id, { deposit_to_account: inactiveBank }),
      400,
      'validation_error',
    );
    assert.deepEqual(error.detail.fields.deposit_to_account, ['the account is inactive']);
    assert.equal(
      ok(await call(harness, 'GET', `/api/v1/customers/${customer.id}`, books.headers)).balance,
      '0.0000',
      'no customer credit out of nothing',
    );
  });

  test('a bank, a cash account, Undeposited Funds and a credit card account receive payments', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    const cash = (
      await createAccount(harness, books.headers, { type: 'asset', detail_type: 'cash', name: 'Till' })
    ).id;
    for (const account of [books.accounts['1000'], cash, books.accounts['1010'], books.accounts['2100']]) {
      const payment = ok(
        await call(
          harness,
          'POST',
          '/api/v1/payments-received',
          books.headers,
          paymentBody(customer.id, { deposit_to_account: account }),
        ),
        201,
      );
      assert.equal(payment.deposit_to_account, account);
      const entry = ok(
        await call(harness, 'GET', `/api/v1/journal-entries/${payment.journal_entry}`, books.headers),
      );
      assert.equal(entry.lines[0].account, account);
      assert.equal(entry.lines[0].debit, '100.0000');
    }
  });
});

describe('payment amounts in minor units (D64)', () => {
  test('USD: a third decimal on amount or applications/0/amount is 400 invalid_money on that path, nothing written', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    const tax = await createTaxRate(harness, books.headers);
    const draft = ok(await postInvoice(harness, books, customer.id, tax.id), 201);
    const invoice = ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    let error = await refused(books, paymentBody(customer.id, { amount: '100.005' }), 400, 'invalid_money');
    assert.ok(error.detail.fields.amount, JSON.stringify(error));
    error = await refused(
      books,
      paymentBody(customer.id, {
        amount: '100.00',
        applications: [{ invoice_id: invoice.id, amount: '10.0001' }],
      }),
      400,
      'invalid_money',
    );
    assert.ok(error.detail.fields['applications/0/amount'], JSON.stringify(error));
    const paid = ok(
      await call(
        harness,
        'POST',
        '/api/v1/payments-received',
        books.headers,
        paymentBody(customer.id, {
          amount: '100.10',
          applications: [{ invoice_id: invoice.id, amount: '10.5' }],
        }),
      ),
      201,
    );
    assert.equal(paid.amount, '100.1000');
  });

  test('JPY books take whole yen and KWD books three decimals', async () => {
    for (const [currency, bad, good] of [
      ['JPY', '1000.5', '1000'],
      ['KWD', '10.0005', '10.005'],
    ] as const) {
      const books = await signUp(harness, { currency });
      const customer = await createCustomer(harness, books.headers);
      const error = await refused(books, paymentBody(customer.id, { amount: bad }), 400, 'invalid_money');
      assert.ok(error.detail.fields.amount, `${currency}: ${JSON.stringify(error)}`);
      const paid = ok(
        await call(
          harness,
          'POST',
          '/api/v1/payments-received',
          books.headers,
          paymentBody(customer.id, { amount: good }),
        ),
        201,
      );
      assert.equal(paid.currency, currency);
    }
  });
});

describe('deactivated customers', () => {
  test('a payment for a deactivated customer is 400 validation_error on customer, as an invoice is; nothing written', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    const tax = await createTaxRate(harness, books.headers);
    ok(await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, { is_active: false }));
    const invoiceRefusal = await postInvoice(harness, books, customer.id, tax.id);
    assert.equal(invoiceRefusal.statusCode, 400, invoiceRefusal.body);
    const error = await refused(books, paymentBody(customer.id), 400, 'validation_error');
    assert.equal(error.code, invoiceRefusal.json().error.code);
    assert.deepEqual(error.detail.fields, invoiceRefusal.json().error.detail.fields);
  });
});
