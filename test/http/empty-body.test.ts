// A write whose body is missing (or the JSON `null`) is answered as if the body were `{}`: the
// route's schema decides (400 for a create that needs fields, 200 for a sparse PATCH), never a 500.
// Found by the HTTP fuzzer: every PATCH read `request.body.<field>` of an undefined body.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Books, call, errorCode, type Harness, signUp, startHarness } from '../helpers/harness.ts';
import { createCustomer, createTaxRate } from '../helpers/receivables.ts';

let harness: Harness;
let books: Books;
const ids: Record<string, string> = {};
before(async () => {
  harness = await startHarness();
  books = await signUp(harness);
  ids.accounts = books.accounts['6300']!;
  ids.customers = (await createCustomer(harness, books.headers)).id;
  ids['tax-rates'] = (await createTaxRate(harness, books.headers)).id;
  const category = await call(harness, 'POST', '/api/v1/tracking-categories', books.headers, {
    name: 'Region',
  });
  ids['tracking-categories'] = category.json().id;
  const option = await call(harness, 'POST', '/api/v1/tracking-options', books.headers, {
    category: category.json().id,
    name: 'North',
  });
  ids['tracking-options'] = option.json().id;
});
after(() => harness.close());

function send(method: 'PATCH' | 'POST', url: string, body?: 'null') {
  return harness.app.inject({
    method,
    url,
    headers: body ? { ...books.headers, 'content-type': 'application/json' } : books.headers,
    ...(body ? { payload: body } : {}),
  });
}

describe('a write with no body', () => {
  for (const resource of ['accounts', 'customers', 'tax-rates', 'tracking-categories', 'tracking-options']) {
    test(`PATCH /api/v1/${resource}/{id} with no body or a null body answers 200 like an empty patch`, async () => {
      const url = `/api/v1/${resource}/${ids[resource]}`;
      const read = (await call(harness, 'GET', url, books.headers)).json();
      for (const body of [undefined, 'null'] as const) {
        const response = await send('PATCH', url, body);
        assert.equal(response.statusCode, 200, response.body);
        const { version: _after, updated_at: _at, ...rest } = response.json();
        const { version: _before, updated_at: _was, ...expected } = read;
        assert.deepEqual(rest, expected);
      }
    });
  }

  test('POST /api/v1/customers with no body answers 400 validation_error naming the required field', async () => {
    const response = await send('POST', '/api/v1/customers');
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok('display_name' in response.json().error.detail.fields, response.body);
  });
});
