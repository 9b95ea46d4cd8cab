// D92's refusals: a statement's parameters (type, dates, format) are 400 on the parameter in the
// envelope; an unknown customer is 404; an email without an address to send to is 400 on recipient;
// nothing is written by any of them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, countRows, signUp, useHarness } from '../helpers/harness.ts';
import { createCustomer } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

describe('customer statement refusals (D92)', () => {
  test('bad type, dates, from with an outstanding statement, from after to, bad format: 400 on the parameter', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    for (const [query, field] of [
      ['type=aging', 'query/type'],
      ['to=2026-02-30', 'query/to'],
      ['type=activity&from=yesterday', 'query/from'],
      ['from=2026-01-01', 'query/from'],
      ['type=activity&from=2026-03-02&to=2026-03-01', 'query/from'],
      ['format=xlsx', 'query/format'],
    ] as const) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'GET', `/api/v1/customers/${customer.id}/statement?${query}`, books.headers),
        'validation_error',
        [field],
      );
    }
  });

  test('an unknown customer is 404, for the statement and its email', async () => {
    const books = await signUp(harness);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'GET', `/api/v1/customers/${id}/statement`, books.headers),
        'not_found',
      );
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'POST', `/api/v1/customers/${id}/statement/email`, books.headers, {}),
        'not_found',
      );
    }
  });

  test('an email with no address to send to, or bad parameters in its body: 400, nothing queued', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers, { email: null });
    const url = `/api/v1/customers/${customer.id}/statement/email`;
    for (const [body, field] of [
      [{}, 'recipient'],
      [{ recipient: 'not an address' }, 'recipient'],
      [{ recipient: 'ap@heron.test', type: 'aging' }, 'type'],
      [{ recipient: 'ap@heron.test', from: '2026-01-01' }, 'from'],
      [{ recipient: 'ap@heron.test', type: 'activity', from: '2026-03-02', to: '2026-03-01' }, 'from'],
      [{ recipient: 'ap@heron.test', to: '2026-13-01' }, 'to'],
    ] as const) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'POST', url, books.headers, body),
        'validation_error',
        [field],
      );
    }
    assert.equal(
      await countRows(harness, 'invoice_emails', books.organizationId),
      0,
      'nothing in the outbox',
    );
  });
});
