// D92's access: a statement is read like the reports (reports:read: not sales), emailed like an
// invoice (invoices:write: not viewers); another set of books' customer is 404 for both, and no
// credentials 401.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addMember, call, countRows, createKey, signUp, useHarness } from '../helpers/harness.ts';
import { createCustomer } from '../helpers/receivables.ts';
import { assertEnvelope, refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

describe('customer statement access (D92)', () => {
  test('viewer and accountant read it, an API key too; sales may not (403)', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    const url = `/api/v1/customers/${customer.id}/statement`;
    for (const role of ['viewer', 'accountant']) {
      const member = await addMember(harness, books, role);
      assert.equal((await call(harness, 'GET', url, member.headers)).statusCode, 200, role);
      const key = await createKey(harness, books, role);
      assert.equal((await call(harness, 'GET', url, key.headers)).statusCode, 200, `${role} key`);
    }
    const sales = await addMember(harness, books, 'sales');
    assertEnvelope(await call(harness, 'GET', url, sales.headers), 'permission_denied');
    assertEnvelope(await call(harness, 'GET', url, {}), 'not_authenticated');
  });

  test('sales and accountants email it; a viewer may not (403) and nothing is queued', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers, { email: 'ap@heron.test' });
    const url = `/api/v1/customers/${customer.id}/statement/email`;
    const viewer = await addMember(harness, books, 'viewer');
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', url, viewer.headers, {}),
      'permission_denied',
    );
    assert.equal(await countRows(harness, 'invoice_emails', books.organizationId), 0);
    const sales = await addMember(harness, books, 'sales');
    assert.equal((await call(harness, 'POST', url, sales.headers, {})).statusCode, 201);
    assert.equal((await call(harness, 'POST', url, books.headers, {})).statusCode, 201);
    assert.equal(await countRows(harness, 'invoice_emails', books.organizationId), 2);
  });

  test('another set of books’ customer is 404 for the statement, its files and its email', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers, { email: 'ap@heron.test' });
    const intruder = await signUp(harness);
    for (const query of ['', '?format=csv', '?format=pdf', '?type=activity']) {
      await refusedUnchanged(
        harness,
        intruder,
        () => call(harness, 'GET', `/api/v1/customers/${customer.id}/statement${query}`, intruder.headers),
        'not_found',
      );
    }
    await refusedUnchanged(
      harness,
      intruder,
      () => call(harness, 'POST', `/api/v1/customers/${customer.id}/statement/email`, intruder.headers, {}),
      'not_found',
    );
    // Nor does the customer's own sandbox see it.
    assertEnvelope(
      await call(harness, 'GET', `/api/v1/customers/${customer.id}/statement`, books.sandboxHeaders),
      'not_found',
    );
    assert.equal(await countRows(harness, 'invoice_emails', books.organizationId), 0);
    assert.equal(await countRows(harness, 'invoice_emails', intruder.organizationId), 0);
  });
});
