// The whole story of the contract, through HTTP with an API key: customer, taxed invoice, send,
// partial payment, full payment, paid; the three ledger entries read back by source; the change feed
// showing each ar_invoice version; the customer's balance; the trial balance in balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, createKey, signUp, today, useHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';

const harness = useHarness();

test('the receivables story: invoice, send, partial and full payment, ledger, change feed, trial balance', async () => {
  const books = await signUp(harness);
  const { headers: key } = await createKey(harness, books, 'accountant');
  const accounts: Record<string, string> = Object.fromEntries(
    ok(await call(harness, 'GET', '/api/v1/accounts', key)).results.map(
      (a: { number: string; id: string }) => [a.number, a.id],
    ),
  );
  const feedStart = ok(await call(harness, 'GET', '/api/v1/changes', key));
  assert.deepEqual(feedStart.changes, []);

  // 1. customer (net_30) and an 8.25% tax rate
  const customer = ok(
    await call(
      harness,
      'POST',
      '/api/v1/customers',
      { ...key, 'idempotency-key': 'story-customer' },
      {
        display_name: 'Blue Heron Cafe',
        email: 'ap@blueheron.test',
        payment_terms: 'net_30',
      },
    ),
    201,
  );
  const tax = ok(
    await call(harness, 'POST', '/api/v1/tax-rates', key, { name: 'State sales tax', rate: '8.25' }),
    201,
  );

  // 2. a taxed invoice, in draft; client totals ignored
  const draft = ok(
    await call(
      harness,
      'POST',
      '/api/v1/invoices',
      { ...key, 'idempotency-key': 'story-invoice' },
      {
        customer: customer.id,
        total: '1.00',
        lines: [
          {
            description: 'Espresso machine service',
            quantity: '10',
            unit_price: '120.00',
            income_account: accounts['4100'],
            is_taxable: true,
            tax_rate: tax.id,
          },
          {
            description: 'Descaling kit',
            quantity: '2',
            unit_price: '75.50',
            income_account: accounts['4100'],
            is_taxable: false,
          },
        ],
      },
    ),
    201,
  );
  assert.equal(draft.status, 'draft');
  assert.equal(draft.number, 'INV-000001');
  assert.equal(draft.total, '1450.0000');
  assert.equal(draft.tax_total, '99.0000');

  // 3. send: posted, version 2
  const sent = ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, key));
  assert.equal(sent.status, 'sent');
  assert.equal(sent.balance_due, '1450.0000');
  assert.equal(sent.version, 2);

  // 4. partial payment: still sent, version 3
  const partial = ok(
    await call(
      harness,
      'POST',
      '/api/v1/payments-received',
      { ...key, 'idempotency-key': 'story-payment-1' },
      {
        customer: customer.id,
        payment_date: today,
        amount: '450.00',
        method: 'ach',
        reference: 'ACH 1',
        applications: [{ invoice_id: draft.id, amount: '450.00' }],
      },
    ),
    201,
  );
  let invoice = ok(await call(harness, 'GET', `/api/v1/invoices/${draft.id}`, key));
  assert.equal(invoice.status, 'sent');
  assert.equal(invoice.balance_due, '1000.0000');
  assert.equal(invoice.version, 3);

  // 5. full payment: paid, version 4
  const final = ok(
    await call(
      harness,
      'POST',
      '/api/v1/payments-received',
      { ...key, 'idempotency-key': 'story-payment-2' },
      {
        customer: customer.id,
        payment_date: today,
        amount: '1000.00',
        method: 'check',
        reference: 'Check 2048',
        applications: [{ invoice_id: draft.id, amount: '1000.00' }],
      },
    ),
    201,
  );
  invoice = ok(await call(harness, 'GET', `/api/v1/invoices/${draft.id}`, key));
  assert.equal(invoice.status, 'paid');
  assert.equal(invoice.amount_paid, '1450.0000');
  assert.equal(invoice.balance_due, '0.0000');
  assert.equal(invoice.version, 4);
  const listed = ok(await call(harness, 'GET', '/api/v1/invoices?status=paid', key)).results;
  assert.deepEqual(
    listed.map((row: { number: string; customer_name: string; balance_due: string }) => [
      row.number,
      row.customer_name,
      row.balance_due,
    ]),
    [['INV-000001', 'Blue Heron Cafe', '0.0000']],
  );

  // 6. the three ledger entries, read back by source
  const entriesOf = async (sourceType: string, sourceId: string) =>
    ok(
      await call(
        harness,
        'GET',
        `/api/v1/journal-entries?source_type=${sourceType}&source_id=${sourceId}`,
        key,
      ),
    ).results;
  const [invoiceEntry] = await entriesOf('invoice', draft.id);
  const [firstPayment] = await entriesOf('payment_received', partial.id);
  const [secondPayment] = await entriesOf('payment_received', final.id);
  const shape = (entry: { lines: Record<string, string>[] }) =>
    entry.lines.map((line) => [line.account_number, line.debit, line.credit]);
  assert.equal(invoiceEntry.status, 'posted');
  assert.deepEqual(shape(invoiceEntry), [
    ['1100', '1450.0000', '0.0000'],
    ['4100', '0.0000', '1200.0000'],
    ['4100', '0.0000', '151.0000'],
    ['2200', '0.0000', '99.0000'],
  ]);
  assert.deepEqual(shape(firstPayment), [
    ['1010', '450.0000', '0.0000'],
    ['1100', '0.0000', '450.0000'],
  ]);
  assert.deepEqual(shape(secondPayment), [
    ['1010', '1000.0000', '0.0000'],
    ['1100', '0.0000', '1000.0000'],
  ]);
  assert.equal(invoiceEntry.version, 1, "payments never edit the invoice's entry");

  // 7. the change feed shows each ar_invoice version: created 1, sent 2, partial 3, paid 4
  const feed = ok(
    await call(
      harness,
      'GET',
      `/api/v1/changes?cursor=${encodeURIComponent(feedStart.cursor)}&entity_types=ar_invoice,payment_received`,
      key,
    ),
  );
  assert.equal(feed.has_more, false);
  assert.deepEqual(
    feed.changes.map(
      (change: { entity_type: string; entity_id: string; operation: string; entity_version: number }) => [
        change.entity_type,
        change.entity_id,
        change.operation,
        change.entity_version,
      ],
    ),
    [
      ['ar_invoice', draft.id, 'created', 1],
      ['ar_invoice', draft.id, 'updated', 2],
      ['ar_invoice', draft.id, 'updated', 3],
      ['payment_received', partial.id, 'created', 1],
      ['ar_invoice', draft.id, 'updated', 4],
      ['payment_received', final.id, 'created', 1],
    ],
  );

  // 8. the customer owes nothing; receivable is back to zero; the trial balance balances
  const standing = ok(await call(harness, 'GET', `/api/v1/customers/${customer.id}`, key));
  assert.equal(standing.balance, '0.0000');
  assert.equal(standing.open_invoice_count, 0);
  const receivable = ok(await call(harness, 'GET', `/api/v1/accounts/${accounts['1100']}`, key));
  assert.equal(receivable.balance, '0.0000');
  const trial = ok(await call(harness, 'GET', `/api/v1/reports/trial-balance?as_of=${today}`, key));
  assert.equal(trial.total_debit, trial.total_credit);
  assert.equal(trial.total_debit, '1450.0000');
  const line = (number: string) =>
    trial.lines.find((row: { account_number: string }) => row.account_number === number);
  assert.equal(line('1010').debit, '1450.0000');
  assert.equal(line('4100').credit, '1351.0000');
  assert.equal(line('2200').credit, '99.0000');
});
