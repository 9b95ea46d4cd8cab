// Invoices, who may do what: other organizations' ids, roles of API keys, what the change feed shows
// a sales key.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, createKey, errorCode, signUp, today, useHarness } from '../helpers/harness.ts';
import {
  createInvoice,
  createTaxRate,
  invoiceBody,
  ok,
  receivableCounts,
  receivablesSetup,
} from '../helpers/receivables.ts';

const harness = useHarness();

describe('invoices: create and read', () => {
  test('unknown ids and ids of other books answer 404 not_found', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const other = await signUp(harness);
    const invoice = await createInvoice(harness, books, customer.id, tax.id);
    for (const id of [invoice.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await call(harness, 'GET', `/api/v1/invoices/${id}`, other.headers);
      assert.equal(response.statusCode, 404);
      assert.equal(errorCode(response), 'not_found');
    }
    const send = await call(harness, 'POST', `/api/v1/invoices/${invoice.id}/send`, other.headers);
    assert.equal(errorCode(send), 'not_found');
  });

  test('a viewer key reads invoices and may not create them; a sales key may', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const viewer = await createKey(harness, books, 'viewer');
    const sales = await createKey(harness, books, 'sales');
    const body = invoiceBody(books, customer.id, tax.id);
    const refused = await call(harness, 'POST', '/api/v1/invoices', viewer.headers, body);
    assert.equal(refused.statusCode, 403);
    assert.equal(errorCode(refused), 'permission_denied');
    assert.equal((await receivableCounts(harness, books.organizationId)).invoices, 0);
    const created = await call(harness, 'POST', '/api/v1/invoices', sales.headers, body);
    assert.equal(created.statusCode, 201, created.body);
    assert.equal((await call(harness, 'GET', '/api/v1/invoices', viewer.headers)).statusCode, 200);
  });
});

describe('invoices: change feed roles and OpenAPI', () => {
  test('a sales key sees every receivables change record and no journal_entry record', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const sales = await createKey(harness, books, 'sales');
    const accountant = await createKey(harness, books, 'accountant');
    const start = ok(await call(harness, 'GET', '/api/v1/changes', sales.headers)).cursor;
    const ownerStart = ok(await call(harness, 'GET', '/api/v1/changes', books.headers)).cursor;
    // customer 2, tax_rate 1-2, tax_group 1-2, tracking_category 1-2, tracking_option 1-3
    ok(await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, sales.headers, { notes: 'vip' }));
    const rate = await createTaxRate(harness, accountant.headers, '1.0000');
    ok(
      await call(harness, 'PATCH', `/api/v1/tax-rates/${rate.id}`, accountant.headers, { name: 'City tax' }),
    );
    const group = ok(
      await call(harness, 'POST', '/api/v1/tax-groups', accountant.headers, {
        name: 'State + city',
        tax_rates: [tax.id, rate.id],
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/tax-groups/${group.id}/deactivate`, accountant.headers));
    const category = ok(
      await call(harness, 'POST', '/api/v1/tracking-categories', accountant.headers, { name: 'Region' }),
      201,
    );
    const option = ok(
      await call(harness, 'POST', '/api/v1/tracking-options', accountant.headers, {
        category: category.id,
        name: 'East',
      }),
      201,
    );
    ok(
      await call(harness, 'PATCH', `/api/v1/tracking-options/${option.id}`, accountant.headers, {
        name: 'Eastern',
      }),
    );
    ok(
      await call(
        harness,
        'POST',
        `/api/v1/tracking-categories/${category.id}/deactivate`,
        accountant.headers,
      ),
    );
    // ar_invoice 1-4, payment_received 1, and three journal entries the sales key must not see
    const draft = await createInvoice(harness, books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, sales.headers));
    const pay = (amount: string) =>
      call(harness, 'POST', '/api/v1/payments-received', sales.headers, {
        customer: customer.id,
        payment_date: today,
        amount,
        method: 'card',
        applications: [{ invoice_id: draft.id, amount }],
      });
    const partial = ok(await pay('450.00'), 201);
    const rest = ok(await pay('1000.00'), 201);

    const seen: string[] = [];
    let cursor = start;
    for (;;) {
      const page = ok(
        await call(
          harness,
          'GET',
          `/api/v1/changes?cursor=${encodeURIComponent(cursor)}&limit=5`,
          sales.headers,
        ),
      );
      seen.push(
        ...page.changes.map(
          (change: { entity_type: string; entity_id: string; entity_version: number; operation: string }) =>
            `${change.entity_type} ${change.entity_id} ${change.operation} ${change.entity_version}`,
        ),
      );
      cursor = page.cursor;
      if (!page.has_more) break;
    }
    assert.deepEqual(seen, [
      `customer ${customer.id} updated 2`,
      `tax_rate ${rate.id} created 1`,
      `tax_rate ${rate.id} updated 2`,
      `tax_group ${group.id} created 1`,
      `tax_group ${group.id} updated 2`,
      `tracking_category ${category.id} created 1`,
      `tracking_option ${option.id} created 1`,
      `tracking_option ${option.id} updated 2`,
      // deactivating the category retires its option in the same transaction; a change to an option
      // does not bump the category that lists it (the option has its own records)
      `tracking_category ${category.id} updated 2`,
      `tracking_option ${option.id} updated 3`,
      `ar_invoice ${draft.id} created 1`,
      `ar_invoice ${draft.id} updated 2`,
      `ar_invoice ${draft.id} updated 3`,
      `payment_received ${partial.id} created 1`,
      `ar_invoice ${draft.id} updated 4`,
      `payment_received ${rest.id} created 1`,
    ]);
    const asked = ok(
      await call(
        harness,
        'GET',
        `/api/v1/changes?cursor=${encodeURIComponent(start)}&entity_types=journal_entry`,
        sales.headers,
      ),
    );
    assert.deepEqual(asked.changes, [], 'asking for journal_entry by name shows nothing either');
    // the journal entries were written: the owner sees them in the same stretch of the feed
    const owner = ok(
      await call(
        harness,
        'GET',
        `/api/v1/changes?cursor=${encodeURIComponent(ownerStart)}&limit=1000`,
        books.headers,
      ),
    );
    assert.equal(
      owner.changes.filter((change: { entity_type: string }) => change.entity_type === 'journal_entry')
        .length,
      3,
    );
    assert.equal(owner.changes.length, seen.length + 3);
    const journal = await call(harness, 'GET', `/api/v1/journal-entries/${draft.id}`, sales.headers);
    assert.equal(errorCode(journal), 'permission_denied');
  });
});
