import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays } from '../../src/domain/dates.ts';
import type { ErrorCode } from '../../src/domain/errors.ts';
import {
  type Books,
  call,
  errorCode,
  listen,
  onPostgres,
  signUp,
  today,
  useHarness,
} from '../helpers/harness.ts';
import {
  createCustomer,
  ok,
  postInvoice,
  receivableCounts,
  receivablesSetup,
  refusedNothingWritten,
  sentInvoice,
} from '../helpers/receivables.ts';

const harness = useHarness({}, 30);

function payment(customer: string, amount: string, applications: { invoice_id: string; amount: string }[]) {
  return { customer, payment_date: today, amount, method: 'ach', reference: 'ACH 4471', applications };
}

/** The lists a refused payment must leave as they were: invoices (amount_paid, status, version), customers (balance), payments. */
const READ_BACK = ['/api/v1/invoices', '/api/v1/customers', '/api/v1/payments-received'];

async function refusedWithNothingWritten(books: Books, body: unknown, status: number, code: ErrorCode) {
  const send = () => call(harness, 'POST', '/api/v1/payments-received', books.headers, body);
  return refusedNothingWritten(harness, books, READ_BACK, send, status, code);
}

describe('payments received', () => {
  test('a partial payment posts its own entry to Undeposited Funds and leaves the invoice sent', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const response = await call(
      harness,
      'POST',
      '/api/v1/payments-received',
      books.headers,
      payment(customer.id, '500.00', [{ invoice_id: invoice.id, amount: '500.00' }]),
    );
    assert.equal(response.statusCode, 201, response.body);
    const paid = response.json();
    assert.equal(paid.number, 'PMT-000001');
    assert.equal(paid.customer, customer.id);
    assert.equal(paid.customer_name, 'Blue Heron Cafe');
    assert.equal(paid.payment_date, today);
    assert.equal(paid.amount, '500.0000');
    assert.equal(paid.method, 'ach');
    assert.equal(paid.reference, 'ACH 4471');
    assert.equal(paid.deposit_to_account, books.accounts['1010']);
    assert.equal(paid.unapplied_amount, '0.0000');
    assert.equal(paid.currency, 'USD');
    assert.equal(paid.version, 1);
    assert.deepEqual(paid.applications, [
      { invoice_id: invoice.id, invoice_number: invoice.number, amount: '500.0000', applied_date: today },
    ]);

    const after = ok(await call(harness, 'GET', `/api/v1/invoices/${invoice.id}`, books.headers));
    assert.equal(after.status, 'sent');
    assert.equal(after.amount_paid, '500.0000');
    assert.equal(after.balance_due, '950.0000');
    assert.equal(after.version, 3);

    const entries = ok(
      await call(
        harness,
        'GET',
        `/api/v1/journal-entries?source_type=payment_received&source_id=${paid.id}`,
        books.headers,
      ),
    ).results;
    assert.equal(entries.length, 1);
    assert.equal(entries[0].id, paid.journal_entry);
    assert.deepEqual(
      entries[0].lines.map((line: Record<string, string>) => [line.account_number, line.debit, line.credit]),
      [
        ['1010', '500.0000', '0.0000'],
        ['1100', '0.0000', '500.0000'],
      ],
    );
    // the invoice's own entry is untouched
    const invoiceEntry = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${invoice.journal_entry}`, books.headers),
    );
    assert.equal(invoiceEntry.version, 1);
    assert.equal(invoiceEntry.total_debit, '1450.0000');

    const changes = await harness.db.query<{
      entity_type: string;
      entity_version: number;
      operation: string;
    }>(
      `SELECT entity_type, entity_version, operation FROM changes
        WHERE organization_id = $1 AND entity_id = ANY($2::uuid[]) ORDER BY seq`,
      [books.organizationId, [invoice.id, paid.id]],
    );
    assert.deepEqual(
      changes.map((row) => `${row.entity_type} ${row.operation} ${row.entity_version}`),
      ['ar_invoice created 1', 'ar_invoice updated 2', 'ar_invoice updated 3', 'payment_received created 1'],
    );
  });

  test('paying the balance in full makes the invoice paid with balance_due 0.0000', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    ok(
      await call(
        harness,
        'POST',
        '/api/v1/payments-received',
        books.headers,
        payment(customer.id, '1450.00', [{ invoice_id: invoice.id, amount: '1450.00' }]),
      ),
      201,
    );
    const after = ok(await call(harness, 'GET', `/api/v1/invoices/${invoice.id}`, books.headers));
    assert.equal(after.status, 'paid');
    assert.equal(after.amount_paid, '1450.0000');
    assert.equal(after.balance_due, '0.0000');
  });

  test('an unapplied remainder is customer credit; a bank deposit account is honoured', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const paid = ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        ...payment(customer.id, '2000.00', [{ invoice_id: invoice.id, amount: '1450.00' }]),
        deposit_to_account: books.accounts['1000'],
        method: 'wire',
      }),
      201,
    );
    assert.equal(paid.unapplied_amount, '550.0000');
    assert.equal(paid.deposit_to_account, books.accounts['1000']);
    const bank = ok(await call(harness, 'GET', `/api/v1/accounts/${books.accounts['1000']}`, books.headers));
    assert.equal(bank.balance, '2000.0000');
    const receivable = ok(
      await call(harness, 'GET', `/api/v1/accounts/${books.accounts['1100']}`, books.headers),
    );
    assert.equal(receivable.balance, '-550.0000');
    const standing = ok(await call(harness, 'GET', `/api/v1/customers/${customer.id}`, books.headers));
    assert.equal(standing.balance, '-550.0000');

    const unapplied = ok(
      await call(
        harness,
        'POST',
        '/api/v1/payments-received',
        books.headers,
        payment(customer.id, '10.00', []),
      ),
      201,
    );
    assert.equal(unapplied.unapplied_amount, '10.0000');
    assert.deepEqual(unapplied.applications, []);
  });

  test('refuses a payment applied to a draft or a void invoice with 409 invalid_state, writing nothing', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = ok(await postInvoice(harness, books, customer.id, tax.id), 201);
    await refusedWithNothingWritten(
      books,
      payment(customer.id, '10.00', [{ invoice_id: draft.id, amount: '10.00' }]),
      409,
      'invalid_state',
    );
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/void`, books.headers));
    await refusedWithNothingWritten(
      books,
      payment(customer.id, '10.00', [{ invoice_id: draft.id, amount: '10.00' }]),
      409,
      'invalid_state',
    );
  });

  test('refuses an application over the balance due with 409 application_exceeds_balance, writing nothing', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const error = await refusedWithNothingWritten(
      books,
      payment(customer.id, '1450.01', [{ invoice_id: invoice.id, amount: '1450.01' }]),
      409,
      'application_exceeds_balance',
    );
    assert.equal(error.detail.balance_due, '1450.0000');
    ok(
      await call(
        harness,
        'POST',
        '/api/v1/payments-received',
        books.headers,
        payment(customer.id, '1000.00', [{ invoice_id: invoice.id, amount: '1000.00' }]),
      ),
      201,
    );
    await refusedWithNothingWritten(
      books,
      payment(customer.id, '500.00', [{ invoice_id: invoice.id, amount: '500.00' }]),
      409,
      'application_exceeds_balance',
    );
  });

  test('refuses applications over the amount, twice the same invoice, or another customer invoice with 400', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const otherCustomer = await createCustomer(harness, books.headers);
    const theirs = await sentInvoice(harness, books, otherCustomer.id, tax.id);
    let error = await refusedWithNothingWritten(
      books,
      payment(customer.id, '100.00', [{ invoice_id: invoice.id, amount: '100.01' }]),
      400,
      'validation_error',
    );
    assert.ok(error.detail.fields.applications);
    error = await refusedWithNothingWritten(
      books,
      payment(customer.id, '100.00', [
        { invoice_id: invoice.id, amount: '50.00' },
        { invoice_id: invoice.id, amount: '50.00' },
      ]),
      400,
      'validation_error',
    );
    assert.ok(error.detail.fields['applications/1/invoice_id']);
    error = await refusedWithNothingWritten(
      books,
      payment(customer.id, '100.00', [{ invoice_id: theirs.id, amount: '100.00' }]),
      400,
      'validation_error',
    );
    assert.ok(error.detail.fields['applications/0/invoice_id']);
    const other = await signUp(harness);
    const foreignCustomer = await createCustomer(harness, other.headers);
    error = await refusedWithNothingWritten(
      books,
      payment(foreignCustomer.id, '1.00', []),
      400,
      'validation_error',
    );
    assert.ok(error.detail.fields.customer);
  });

  test('refuses numeric, negative or zero amounts, an unknown method, and a non-asset deposit account', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const base = payment(customer.id, '100.00', [{ invoice_id: invoice.id, amount: '100.00' }]);
    let error = await refusedWithNothingWritten(books, { ...base, amount: 100 }, 400, 'invalid_money');
    assert.ok(error.detail.fields.amount);
    error = await refusedWithNothingWritten(
      books,
      { ...base, applications: [{ invoice_id: invoice.id, amount: 100 }] },
      400,
      'invalid_money',
    );
    assert.ok(error.detail.fields['applications/0/amount']);
    await refusedWithNothingWritten(
      books,
      { ...base, amount: '-100.00', applications: [] },
      400,
      'invalid_money',
    );
    await refusedWithNothingWritten(
      books,
      { ...base, amount: '0.00', applications: [] },
      400,
      'validation_error',
    );
    error = await refusedWithNothingWritten(books, { ...base, method: 'bitcoin' }, 400, 'validation_error');
    assert.ok(error.detail.fields.method);
    error = await refusedWithNothingWritten(
      books,
      { ...base, deposit_to_account: books.accounts['4100'] },
      400,
      'validation_error',
    );
    assert.ok(error.detail.fields.deposit_to_account);
  });

  test('refuses a payment dated in a closed period with 409 period_closed', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: addDays(today, -1) }));
    await refusedWithNothingWritten(
      books,
      {
        ...payment(customer.id, '10.00', [{ invoice_id: invoice.id, amount: '10.00' }]),
        payment_date: addDays(today, -2),
      },
      409,
      'period_closed',
    );
  });

  test('twenty concurrent payments settling the same invoice: exactly one succeeds, never overpaid', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const body = payment(customer.id, '1450.00', [{ invoice_id: invoice.id, amount: '1450.00' }]);
    // Twenty real HTTP requests in parallel over sockets, each in its own transaction (pool of 30 on PostgreSQL).
    const base = await listen(harness);
    const responses = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(`${base}/api/v1/payments-received`, {
          method: 'POST',
          headers: { ...books.headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    const created = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status === 409);
    assert.equal(created.length, 1, `exactly one payment on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
    assert.equal(refused.length, 19);
    for (const response of refused) assert.equal(response.body.error.code, 'application_exceeds_balance');
    assert.equal(created[0]!.body.number, 'PMT-000001', 'refusals consume no number');
    const after = ok(await call(harness, 'GET', `/api/v1/invoices/${invoice.id}`, books.headers));
    assert.equal(after.amount_paid, '1450.0000');
    assert.equal(after.balance_due, '0.0000');
    assert.equal(after.status, 'paid');
    assert.equal(after.version, 3);
    const counts = await receivableCounts(harness, books.organizationId);
    assert.equal(counts.payments_received, 1);
    assert.equal(counts.payment_applications, 1);
    assert.equal(counts.journal_entries, 2);
    const receivable = ok(
      await call(harness, 'GET', `/api/v1/accounts/${books.accounts['1100']}`, books.headers),
    );
    assert.equal(receivable.balance, '0.0000');
  });

  test('concurrent partial payments add up exactly and never exceed the total', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const body = payment(customer.id, '400.00', [{ invoice_id: invoice.id, amount: '400.00' }]);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(harness, 'POST', '/api/v1/payments-received', books.headers, body),
      ),
    );
    assert.equal(responses.filter((response) => response.statusCode === 201).length, 3);
    const after = ok(await call(harness, 'GET', `/api/v1/invoices/${invoice.id}`, books.headers));
    assert.equal(after.amount_paid, '1200.0000');
    assert.equal(after.balance_due, '250.0000');
    assert.equal(after.status, 'sent');
    const numbers = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json().number)
      .sort();
    assert.deepEqual(numbers, ['PMT-000001', 'PMT-000002', 'PMT-000003'], 'gapless despite the refusals');
  });

  test('an Idempotency-Key replays the payment and records it once', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const headers = { ...books.headers, 'idempotency-key': 'pay-1' };
    const body = payment(customer.id, '100.00', [{ invoice_id: invoice.id, amount: '100.00' }]);
    const first = await call(harness, 'POST', '/api/v1/payments-received', headers, body);
    const second = await call(harness, 'POST', '/api/v1/payments-received', headers, body);
    assert.equal(first.statusCode, 201);
    assert.equal(second.statusCode, 201);
    assert.equal(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    const counts = await receivableCounts(harness, books.organizationId);
    assert.equal(counts.payments_received, 1);
    const changed = await call(harness, 'POST', '/api/v1/payments-received', headers, {
      ...body,
      amount: '101.00',
    });
    assert.equal(errorCode(changed), 'idempotency_conflict');
    assert.equal(
      ok(await call(harness, 'GET', `/api/v1/invoices/${invoice.id}`, books.headers)).amount_paid,
      '100.0000',
    );
  });

  test('reads one payment and lists them, filtered by customer; other books see 404', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const second = await createCustomer(harness, books.headers, { display_name: 'Quartz Studio' });
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const a = ok(
      await call(
        harness,
        'POST',
        '/api/v1/payments-received',
        books.headers,
        payment(customer.id, '100.00', [{ invoice_id: invoice.id, amount: '100.00' }]),
      ),
      201,
    );
    const b = ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, payment(second.id, '5.00', [])),
      201,
    );
    const read = await call(harness, 'GET', `/api/v1/payments-received/${a.id}`, books.headers);
    assert.equal(read.statusCode, 200);
    assert.deepEqual(read.json(), a);
    assert.equal(read.headers.etag, '"1"');
    const all = ok(await call(harness, 'GET', '/api/v1/payments-received', books.headers));
    assert.deepEqual(
      all.results.map((row: { id: string }) => row.id),
      [a.id, b.id],
    );
    const filtered = ok(
      await call(harness, 'GET', `/api/v1/payments-received?customer=${second.id}`, books.headers),
    );
    assert.deepEqual(
      filtered.results.map((row: { id: string }) => row.id),
      [b.id],
    );
    const other = await signUp(harness);
    const foreign = await call(harness, 'GET', `/api/v1/payments-received/${a.id}`, other.headers);
    assert.equal(foreign.statusCode, 404);
    assert.equal(errorCode(foreign), 'not_found');
  });
});
