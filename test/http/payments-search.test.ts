// Issue 21, payments have their own search: `search` on the lists of payments received and bill
// payments matches the payment number, its reference or the customer's (vendor's) name, ignoring case,
// with `%` and `_` taken literally, within the books asking only, and alongside the other filters.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Books, call, signUp, today, useHarness } from '../helpers/harness.ts';
import { createCustomer, ok } from '../helpers/receivables.ts';
import { assertEnvelope } from '../helpers/refusals.ts';

const harness = useHarness();

async function received(books: Books, customer: string, reference: string) {
  return ok(
    await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
      customer,
      payment_date: today,
      amount: '10.00',
      method: 'check',
      reference,
    }),
    201,
  );
}

async function numbersFound(books: Books, path: string, query: string): Promise<string[]> {
  const page = ok(await call(harness, 'GET', `${path}?${query}`, books.headers));
  return page.results.map((payment: { number: string }) => payment.number);
}

describe('payments received: search', () => {
  test('finds by customer name, reference or number, ignoring case; nothing else and no other books', async () => {
    const books = await signUp(harness);
    const heron = await createCustomer(harness, books.headers, { display_name: 'Blue Heron Cafe' });
    const quartz = await createCustomer(harness, books.headers, { display_name: 'Quartz Studio' });
    const a = await received(books, heron.id, 'Check 1001');
    const b = await received(books, quartz.id, 'check 2002');
    const c = await received(books, quartz.id, '50%_off');
    // Another organization with the same names and references: never in these books' answers.
    const other = await signUp(harness);
    const otherHeron = await createCustomer(harness, other.headers, { display_name: 'Blue Heron Cafe' });
    const foreign = await received(other, otherHeron.id, 'Check 1001');

    const path = '/api/v1/payments-received';
    assert.deepEqual(await numbersFound(books, path, 'search=heron'), [a.number]);
    assert.deepEqual(await numbersFound(books, path, 'search=CHECK'), [a.number, b.number]);
    assert.deepEqual(await numbersFound(books, path, 'search=2002'), [b.number]);
    assert.deepEqual(await numbersFound(books, path, `search=${c.number.toLowerCase()}`), [c.number]);
    assert.deepEqual(await numbersFound(books, path, 'search=%25_'), [c.number], '% and _ are literal');
    assert.deepEqual(await numbersFound(books, path, 'search=%25'), [c.number]);
    assert.deepEqual(await numbersFound(books, path, 'search=nobody'), []);
    assert.deepEqual(await numbersFound(books, path, 'search=%20%20'), [a.number, b.number, c.number]);
    assert.deepEqual(
      await numbersFound(books, path, `search=check&customer=${quartz.id}`),
      [b.number],
      'with the customer filter',
    );
    assert.deepEqual(await numbersFound(other, path, 'search=heron'), [foreign.number]);
    assert.equal(foreign.number, a.number, 'each books number their own payments');
  });

  test('a search over 200 characters or with a NUL is 400 validation_error on query/search', async () => {
    const books = await signUp(harness);
    for (const path of ['/api/v1/payments-received', '/api/v1/bill-payments']) {
      const long = await call(harness, 'GET', `${path}?search=${'x'.repeat(201)}`, books.headers);
      assertEnvelope(long, 'validation_error', 400, ['query/search']);
      const nul = await call(harness, 'GET', `${path}?search=a%00b`, books.headers);
      assertEnvelope(nul, 'validation_error', 400, ['query/search']);
    }
  });
});

describe('bill payments: search', () => {
  test('finds by vendor name, reference or number, ignoring case; nothing else and no other books', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const pay = async (on: Books, vendorName: string, reference: string) => {
      const vendor = ok(
        await call(harness, 'POST', '/api/v1/vendors', on.headers, { display_name: vendorName }),
        201,
      );
      const draft = ok(
        await call(harness, 'POST', '/api/v1/bills', on.headers, {
          vendor: vendor.id,
          bill_date: today,
          lines: [{ description: 'Paper', quantity: '1', unit_cost: '25.00', account: on.accounts['6300'] }],
        }),
        201,
      );
      ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, on.headers));
      return ok(
        await call(harness, 'POST', '/api/v1/bill-payments', on.headers, {
          vendor: vendor.id,
          payment_date: today,
          amount: '25.00',
          method: 'wire',
          reference,
          paid_from_account: on.accounts['1000'],
          applications: [{ bill_id: draft.id, amount: '25.00' }],
        }),
        201,
      );
    };
    const a = await pay(books, 'Northwind Supplies', 'Wire 77');
    const b = await pay(books, 'Paper Mill', 'WIRE 88');
    const foreign = await pay(other, 'Northwind Supplies', 'Wire 77');

    const path = '/api/v1/bill-payments';
    assert.deepEqual(await numbersFound(books, path, 'search=northwind'), [a.number]);
    assert.deepEqual(await numbersFound(books, path, 'search=wire'), [a.number, b.number]);
    assert.deepEqual(await numbersFound(books, path, 'search=88'), [b.number]);
    assert.deepEqual(await numbersFound(books, path, `search=${b.number}`), [b.number]);
    assert.deepEqual(await numbersFound(books, path, 'search=nothing'), []);
    assert.deepEqual(await numbersFound(books, path, `search=wire&vendor=${b.vendor}`), [b.number]);
    assert.deepEqual(await numbersFound(other, path, 'search=wire'), [foreign.number]);
  });
});
