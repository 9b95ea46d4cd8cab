import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { accountIds, type Books, call, createKey, signUp, useHarness } from '../helpers/harness.ts';
import { createCustomer, createTaxRate, invoiceBody, ok } from '../helpers/receivables.ts';

const harness = useHarness();

/** Customer, taxed invoice, send, full payment: returns the three document numbers. */
async function lifecycle(books: Books, headers: Record<string, string>) {
  const sandboxBooks = { ...books, accounts: await accountIds(harness, headers) };
  const customer = await createCustomer(harness, headers);
  const rate = await createTaxRate(harness, headers);
  const invoice = ok(
    await call(harness, 'POST', '/api/v1/invoices', headers, invoiceBody(sandboxBooks, customer.id, rate.id)),
    201,
  );
  const sent = ok(await call(harness, 'POST', `/api/v1/invoices/${invoice.id}/send`, headers));
  const payment = ok(
    await call(harness, 'POST', '/api/v1/payments-received', headers, {
      customer: customer.id,
      payment_date: sent.issue_date,
      amount: sent.total,
      method: 'ach',
      reference: 'full',
      applications: [{ invoice_id: invoice.id, amount: sent.total }],
    }),
    201,
  );
  const entries = ok(await call(harness, 'GET', '/api/v1/journal-entries', headers));
  return {
    invoice: invoice.number as string,
    payment: payment.number as string,
    entries: entries.results.map((entry: { entry_number: string }) => entry.entry_number) as string[],
    total: sent.total as string,
  };
}

describe('sandbox books (spec 6, D29)', () => {
  test('number, post and report exactly like live books, on sequences and a ledger of their own', async () => {
    const books = await signUp(harness);
    const sandbox = await lifecycle(books, books.sandboxHeaders);
    assert.equal(sandbox.invoice, 'INV-000001');
    assert.equal(sandbox.payment, 'PMT-000001');
    assert.deepEqual(sandbox.entries, ['JE-000001', 'JE-000002']);

    const live = await lifecycle(books, books.headers);
    assert.equal(live.invoice, 'INV-000001');
    assert.equal(live.payment, 'PMT-000001');
    assert.deepEqual(live.entries, ['JE-000001', 'JE-000002']);

    const sandboxTrial = ok(
      await call(harness, 'GET', '/api/v1/reports/trial-balance', books.sandboxHeaders),
    );
    const liveTrial = ok(await call(harness, 'GET', '/api/v1/reports/trial-balance', books.headers));
    assert.equal(sandboxTrial.in_balance, true);
    assert.equal(sandboxTrial.total_debit, liveTrial.total_debit);

    const sandboxInvoices = ok(await call(harness, 'GET', '/api/v1/invoices', books.sandboxHeaders));
    assert.equal(sandboxInvoices.results.length, 1);
  });

  test('a svc_test_ key reaches only the sandbox; its cursor and ids mean nothing in live books', async () => {
    const books = await signUp(harness);
    const testKey = await createKey(harness, books, 'accountant', true);
    assert.ok(testKey.key.startsWith('svc_test_'));
    const feed = ok(await call(harness, 'GET', '/api/v1/changes', testKey.headers));
    const customer = await createCustomer(harness, testKey.headers);
    const live = await call(harness, 'GET', `/api/v1/customers/${customer.id}`, books.headers);
    assert.equal(live.statusCode, 404);
    const foreignCursor = await call(harness, 'GET', `/api/v1/changes?cursor=${feed.cursor}`, books.headers);
    assert.equal(foreignCursor.statusCode, 400);
    assert.equal(foreignCursor.json().error.code, 'invalid_cursor');
  });
});
