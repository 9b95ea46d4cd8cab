// Writes that answer from what they wrote (no read-back round trip while the organization's counters
// are locked) must answer exactly what a later GET reads.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, signUp, today, useHarness } from '../helpers/harness.ts';
import { createCustomer, createTaxRate, invoiceBody, ok } from '../helpers/receivables.ts';

const harness = useHarness();

describe('write responses', () => {
  test('a created draft and the posted entry answer exactly what GET /journal-entries/{id} reads', async () => {
    const books = await signUp(harness);
    const category = ok(
      await call(harness, 'POST', '/api/v1/tracking-categories', books.headers, { name: 'Region' }),
      201,
    );
    const option = ok(
      await call(harness, 'POST', '/api/v1/tracking-options', books.headers, {
        category: category.id,
        name: 'North',
      }),
      201,
    );
    const created = ok(
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
        txn_date: today,
        memo: 'rent and a fee',
        lines: [
          {
            account: books.accounts['6100'],
            debit: '1200.5',
            description: 'rent',
            tracking_options: [option.id],
          },
          { account: books.accounts['6000'], debit: '0.0050' },
          { account: books.accounts['1000'], credit: '1200.5050' },
        ],
      }),
      201,
    );
    const path = `/api/v1/journal-entries/${created.id}`;
    assert.deepEqual(created, ok(await call(harness, 'GET', path, books.headers)));
    assert.equal(created.lines[0].debit, '1200.5000');
    assert.deepEqual(created.lines[0].tracking_options, [option.id]);

    const posted = ok(await call(harness, 'POST', `${path}/post`, books.headers));
    assert.deepEqual(posted, ok(await call(harness, 'GET', path, books.headers)));
    assert.equal(posted.entry_number, 'JE-000001');
  });

  test('a received payment answers exactly what GET /payments-received/{id} reads', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    const rate = await createTaxRate(harness, books.headers);
    const sentInvoice = async () => {
      const body = invoiceBody(books, customer.id, rate.id);
      const invoice = ok(await call(harness, 'POST', '/api/v1/invoices', books.headers, body), 201);
      ok(await call(harness, 'POST', `/api/v1/invoices/${invoice.id}/send`, books.headers));
      return invoice;
    };
    const first = await sentInvoice();
    const second = await sentInvoice();
    const payment = ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: customer.id,
        payment_date: today,
        amount: '2000.00',
        method: 'check',
        reference: 'CHK 1042',
        applications: [
          { invoice_id: second.id, amount: '100.00' },
          { invoice_id: first.id, amount: first.total },
        ],
      }),
      201,
    );
    assert.deepEqual(
      payment,
      ok(await call(harness, 'GET', `/api/v1/payments-received/${payment.id}`, books.headers)),
    );
    assert.equal(payment.number, 'PMT-000001');
    assert.deepEqual(
      payment.applications.map((application: { invoice_number: string }) => application.invoice_number),
      [second.number, first.number],
    );
    const paid = ok(await call(harness, 'GET', `/api/v1/invoices/${first.id}`, books.headers));
    assert.equal(paid.status, 'paid');
    assert.equal(paid.version, 3);
    const partly = ok(await call(harness, 'GET', `/api/v1/invoices/${second.id}`, books.headers));
    assert.equal(partly.status, 'sent');
    assert.equal(partly.amount_paid, '100.0000');
  });
});
