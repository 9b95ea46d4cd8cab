import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import {
  type Books,
  call,
  countRows,
  createKey,
  errorCode,
  type Headers,
  signUp,
  useHarness,
} from '../helpers/harness.ts';
import { requestBodySchema } from '../helpers/openapi.ts';

const harness = useHarness();

async function createRate(books: Books, body: Record<string, unknown> = {}, headers?: Headers) {
  const response = await call(harness, 'POST', '/api/v1/tax-rates', headers ?? books.headers, {
    name: 'State sales tax',
    rate: '6.25',
    ...body,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

async function createGroup(books: Books, rates: string[], name = 'Springfield combined') {
  const response = await call(harness, 'POST', '/api/v1/tax-groups', books.headers, {
    name,
    tax_rates: rates,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

describe('tax rates', () => {
  test('creates a rate with four decimals and the 2200 Sales Tax Payable account by default', async () => {
    const books = await signUp(harness);
    const cursor = await feedCursor(harness, books.headers);
    const rate = await createRate(books, { rate: '8.25', description: 'State of Texas' });
    assert.equal(rate.rate, '8.2500');
    assert.equal(rate.liability_account, books.accounts['2200']);
    assert.equal(rate.liability_account_number, '2200');
    assert.equal(rate.description, 'State of Texas');
    assert.equal(rate.is_active, true);
    assert.equal(rate.version, 1);
    const read = await call(harness, 'GET', `/api/v1/tax-rates/${rate.id}`, books.headers);
    assert.deepEqual(read.json(), rate);
    const list = await call(harness, 'GET', '/api/v1/tax-rates', books.headers);
    assert.deepEqual(list.json().results, [rate]);
    assert.deepEqual(changeTuples(await changesSince(harness, books.headers, cursor, 'tax_rate')), [
      ['tax_rate', rate.id, 'created', 1],
    ]);
  });

  test('accepts 0, 100 and four decimals, and another liability account of the books', async () => {
    const books = await signUp(harness);
    assert.equal((await createRate(books, { rate: '0' })).rate, '0.0000');
    assert.equal((await createRate(books, { rate: '100' })).rate, '100.0000');
    assert.equal((await createRate(books, { rate: '7.1234' })).rate, '7.1234');
    const other = await createRate(books, { liability_account: books.accounts['2320'] });
    assert.equal(other.liability_account_number, '2320');
  });

  test('refuses bad rates with 400 validation_error (a JSON number too, not invalid_money), nothing written', async () => {
    const books = await signUp(harness);
    for (const rate of [8.25, '100.0001', '101', '-1', '8.12345', '', '1e2', 'abc']) {
      const response = await call(harness, 'POST', '/api/v1/tax-rates', books.headers, { name: 'Bad', rate });
      assert.equal(response.statusCode, 400, `${JSON.stringify(rate)}: ${response.body}`);
      assert.equal(errorCode(response), 'validation_error', JSON.stringify(rate));
      assert.ok(response.json().error.detail.fields.rate, JSON.stringify(rate));
    }
    const noName = await call(harness, 'POST', '/api/v1/tax-rates', books.headers, { rate: '5' });
    assert.ok(noName.json().error.detail.fields.name);
    assert.equal(await countRows(harness, 'tax_rates', books.organizationId), 0);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });

  test('refuses a liability_account that is not an active liability account of these books', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const inactive = await call(harness, 'POST', '/api/v1/accounts', books.headers, {
      number: '2290',
      name: 'Old tax',
      type: 'liability',
    });
    await call(harness, 'PATCH', `/api/v1/accounts/${inactive.json().id}`, books.headers, {
      is_active: false,
    });
    for (const account of [
      books.accounts['4100'],
      books.accounts['1000'],
      other.accounts['2200'],
      inactive.json().id,
      'nope',
    ]) {
      const response = await call(harness, 'POST', '/api/v1/tax-rates', books.headers, {
        name: 'Bad account',
        rate: '5',
        liability_account: account,
      });
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(errorCode(response), 'validation_error');
      assert.ok(response.json().error.detail.fields.liability_account);
    }
    assert.equal(await countRows(harness, 'tax_rates', books.organizationId), 0);
  });

  test('PATCH is sparse, may change the rate, checks versions, and each version has a change record', async () => {
    const books = await signUp(harness);
    const rate = await createRate(books);
    const cursor = await feedCursor(harness, books.headers);
    const patched = await call(harness, 'PATCH', `/api/v1/tax-rates/${rate.id}`, books.headers, {
      rate: '6.5',
      version: 1,
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json().rate, '6.5000');
    assert.equal(patched.json().name, 'State sales tax');
    assert.equal(patched.json().version, 2);
    const moved = await call(harness, 'PATCH', `/api/v1/tax-rates/${rate.id}`, books.headers, {
      liability_account: books.accounts['2320'],
    });
    assert.equal(moved.json().liability_account_number, '2320');
    assert.equal(moved.json().rate, '6.5000');
    const stale = await call(harness, 'PATCH', `/api/v1/tax-rates/${rate.id}`, books.headers, {
      name: 'Stale',
      version: 2,
    });
    assert.equal(stale.statusCode, 412);
    assert.deepEqual(stale.json().error.detail, { your_version: 2, current_version: 3 });
    const badRate = await call(harness, 'PATCH', `/api/v1/tax-rates/${rate.id}`, books.headers, {
      rate: '200',
    });
    assert.equal(errorCode(badRate), 'validation_error');
    const badAccount = await call(harness, 'PATCH', `/api/v1/tax-rates/${rate.id}`, books.headers, {
      liability_account: books.accounts['4100'],
    });
    assert.equal(errorCode(badAccount), 'validation_error');
    const read = (await call(harness, 'GET', `/api/v1/tax-rates/${rate.id}`, books.headers)).json();
    assert.equal(read.version, 3);
    assert.equal(read.name, 'State sales tax');
    assert.deepEqual(changeTuples(await changesSince(harness, books.headers, cursor, 'tax_rate')), [
      ['tax_rate', rate.id, 'updated', 2],
      ['tax_rate', rate.id, 'updated', 3],
    ]);
  });

  test('deactivates by POST /deactivate or PATCH is_active; the list filters by is_active', async () => {
    const books = await signUp(harness);
    const first = await createRate(books, { name: 'A' });
    const second = await createRate(books, { name: 'B' });
    const deactivated = await call(
      harness,
      'POST',
      `/api/v1/tax-rates/${first.id}/deactivate`,
      books.headers,
    );
    assert.equal(deactivated.json().is_active, false);
    assert.equal(deactivated.json().version, 2);
    const again = await call(harness, 'POST', `/api/v1/tax-rates/${first.id}/deactivate`, books.headers);
    assert.equal(again.json().version, 2, 'deactivating an inactive rate changes nothing');
    const viaPatch = await call(harness, 'PATCH', `/api/v1/tax-rates/${second.id}`, books.headers, {
      is_active: false,
    });
    assert.equal(viaPatch.json().is_active, false);
    const reactivated = await call(harness, 'PATCH', `/api/v1/tax-rates/${second.id}`, books.headers, {
      is_active: true,
    });
    assert.equal(reactivated.json().version, 3);
    const active = await call(harness, 'GET', '/api/v1/tax-rates?is_active=true', books.headers);
    assert.deepEqual(
      active.json().results.map((r: { id: string }) => r.id),
      [second.id],
    );
    const inactive = await call(harness, 'GET', '/api/v1/tax-rates?is_active=false', books.headers);
    assert.deepEqual(
      inactive.json().results.map((r: { id: string }) => r.id),
      [first.id],
    );
  });

  test('a sales key reads tax rates but writing them answers 403 permission_denied and writes nothing', async () => {
    const books = await signUp(harness);
    const rate = await createRate(books);
    const sales = await createKey(harness, books, 'sales');
    assert.equal((await call(harness, 'GET', '/api/v1/tax-rates', sales.headers)).json().results.length, 1);
    assert.equal((await call(harness, 'GET', `/api/v1/tax-rates/${rate.id}`, sales.headers)).statusCode, 200);
    assert.equal((await call(harness, 'GET', '/api/v1/tax-groups', sales.headers)).statusCode, 200);
    const create = await call(harness, 'POST', '/api/v1/tax-rates', sales.headers, { name: 'X', rate: '1' });
    assert.equal(create.statusCode, 403);
    assert.equal(errorCode(create), 'permission_denied');
    const patch = await call(harness, 'PATCH', `/api/v1/tax-rates/${rate.id}`, sales.headers, { rate: '1' });
    assert.equal(errorCode(patch), 'permission_denied');
    const group = await call(harness, 'POST', '/api/v1/tax-groups', sales.headers, {
      name: 'G',
      tax_rates: [rate.id],
    });
    assert.equal(errorCode(group), 'permission_denied');
    const viewer = await createKey(harness, books, 'viewer');
    const viewerCreate = await call(harness, 'POST', '/api/v1/tax-rates', viewer.headers, {
      name: 'X',
      rate: '1',
    });
    assert.equal(errorCode(viewerCreate), 'permission_denied');
    const deactivate = await call(harness, 'POST', `/api/v1/tax-rates/${rate.id}/deactivate`, viewer.headers);
    assert.equal(errorCode(deactivate), 'permission_denied');
    assert.equal(await countRows(harness, 'tax_rates', books.organizationId), 1);
    assert.equal(await countRows(harness, 'tax_groups', books.organizationId), 0);
    assert.equal(
      (await call(harness, 'GET', `/api/v1/tax-rates/${rate.id}`, books.headers)).json().version,
      1,
    );
  });

  test('an accountant key creates tax rates; a sales key sees their change records', async () => {
    const books = await signUp(harness);
    const accountant = await createKey(harness, books, 'accountant');
    const sales = await createKey(harness, books, 'sales');
    const cursor = await feedCursor(harness, sales.headers);
    const rate = await createRate(books, {}, accountant.headers);
    assert.deepEqual(changeTuples(await changesSince(harness, sales.headers, cursor, 'tax_rate')), [
      ['tax_rate', rate.id, 'created', 1],
    ]);
  });

  test('tax rates of another organization answer 404 not_found', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const rate = await createRate(books);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'x' }],
      ['POST', '/deactivate', undefined],
    ] as const) {
      const response = await call(
        harness,
        method,
        `/api/v1/tax-rates/${rate.id}${suffix}`,
        other.headers,
        body,
      );
      assert.equal(response.statusCode, 404, `${method} ${suffix}`);
      assert.equal(errorCode(response), 'not_found');
    }
    assert.equal((await call(harness, 'GET', '/api/v1/tax-rates', other.headers)).json().results.length, 0);
    assert.equal(
      (await call(harness, 'GET', `/api/v1/tax-rates/${rate.id}`, books.headers)).json().version,
      1,
    );
  });
});

describe('tax groups', () => {
  test('combines rates: ids in order and combined_rate as their sum with four decimals', async () => {
    const books = await signUp(harness);
    const state = await createRate(books, { name: 'State', rate: '6.25' });
    const county = await createRate(books, { name: 'County', rate: '0.5' });
    const city = await createRate(books, { name: 'City', rate: '1.5' });
    const cursor = await feedCursor(harness, books.headers);
    const group = await createGroup(books, [state.id, county.id, city.id]);
    assert.deepEqual(group.tax_rates, [state.id, county.id, city.id]);
    assert.equal(group.combined_rate, '8.2500');
    assert.equal(group.version, 1);
    assert.equal(group.is_active, true);
    assert.deepEqual(
      (await call(harness, 'GET', `/api/v1/tax-groups/${group.id}`, books.headers)).json(),
      group,
    );
    assert.deepEqual((await call(harness, 'GET', '/api/v1/tax-groups', books.headers)).json().results, [
      group,
    ]);
    assert.deepEqual(changeTuples(await changesSince(harness, books.headers, cursor, 'tax_group')), [
      ['tax_group', group.id, 'created', 1],
    ]);
    await call(harness, 'PATCH', `/api/v1/tax-rates/${city.id}`, books.headers, { rate: '2' });
    const reread = (await call(harness, 'GET', `/api/v1/tax-groups/${group.id}`, books.headers)).json();
    assert.equal(reread.combined_rate, '8.7500', 'combined_rate follows the rates');
    assert.equal(reread.version, 1, 'a derived value does not bump the group (D33)');
  });

  test('refuses empty, duplicate, more than ten, unknown, inactive or foreign rates: 400, nothing written', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const rate = await createRate(books);
    const inactive = await createRate(books, { name: 'Old' });
    await call(harness, 'POST', `/api/v1/tax-rates/${inactive.id}/deactivate`, books.headers);
    const foreign = await createRate(other);
    const eleven: string[] = [];
    for (let index = 0; index < 11; index++) eleven.push((await createRate(books, { name: `R${index}` })).id);
    const cases: unknown[] = [
      [],
      [rate.id, rate.id],
      eleven,
      ['00000000-0000-4000-8000-000000000000'],
      [inactive.id],
      [foreign.id],
      ['not-a-uuid'],
      undefined,
    ];
    for (const taxRates of cases) {
      const response = await call(harness, 'POST', '/api/v1/tax-groups', books.headers, {
        name: 'Bad group',
        tax_rates: taxRates,
      });
      assert.equal(response.statusCode, 400, `${JSON.stringify(taxRates)}: ${response.body}`);
      assert.equal(errorCode(response), 'validation_error');
      assert.ok(
        Object.keys(response.json().error.detail.fields).some((key) => key.startsWith('tax_rates')),
        response.body,
      );
    }
    assert.equal(await countRows(harness, 'tax_groups', books.organizationId), 0);
    assert.equal(await countRows(harness, 'tax_group_rates', books.organizationId), 0);
  });

  test('PATCH replaces the rates sparsely with version checks; each version has a change record', async () => {
    const books = await signUp(harness);
    const a = await createRate(books, { name: 'A', rate: '1' });
    const b = await createRate(books, { name: 'B', rate: '2' });
    const c = await createRate(books, { name: 'C', rate: '4' });
    const group = await createGroup(books, [a.id, b.id]);
    const cursor = await feedCursor(harness, books.headers);
    const patched = await call(harness, 'PATCH', `/api/v1/tax-groups/${group.id}`, books.headers, {
      tax_rates: [c.id, a.id],
      version: 1,
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.deepEqual(patched.json().tax_rates, [c.id, a.id]);
    assert.equal(patched.json().combined_rate, '5.0000');
    assert.equal(patched.json().version, 2);
    const renamed = await call(harness, 'PATCH', `/api/v1/tax-groups/${group.id}`, books.headers, {
      name: 'Renamed',
    });
    assert.deepEqual(renamed.json().tax_rates, [c.id, a.id]);
    assert.equal(renamed.json().version, 3);
    const stale = await call(harness, 'PATCH', `/api/v1/tax-groups/${group.id}`, books.headers, {
      tax_rates: [b.id],
      version: 1,
    });
    assert.equal(stale.statusCode, 412);
    assert.equal(errorCode(stale), 'stale_write');
    const bad = await call(harness, 'PATCH', `/api/v1/tax-groups/${group.id}`, books.headers, {
      tax_rates: ['00000000-0000-4000-8000-000000000000'],
    });
    assert.equal(errorCode(bad), 'validation_error');
    const read = (await call(harness, 'GET', `/api/v1/tax-groups/${group.id}`, books.headers)).json();
    assert.deepEqual(read.tax_rates, [c.id, a.id]);
    assert.equal(read.version, 3);
    assert.deepEqual(changeTuples(await changesSince(harness, books.headers, cursor, 'tax_group')), [
      ['tax_group', group.id, 'updated', 2],
      ['tax_group', group.id, 'updated', 3],
    ]);
  });

  test('a rate used by an active group cannot be deactivated (409 invalid_state) until the group is', async () => {
    const books = await signUp(harness);
    const rate = await createRate(books);
    const group = await createGroup(books, [rate.id]);
    const refused = await call(harness, 'POST', `/api/v1/tax-rates/${rate.id}/deactivate`, books.headers);
    assert.equal(refused.statusCode, 409);
    assert.equal(errorCode(refused), 'invalid_state');
    assert.deepEqual(refused.json().error.detail.tax_groups, [group.id]);
    const refusedPatch = await call(harness, 'PATCH', `/api/v1/tax-rates/${rate.id}`, books.headers, {
      is_active: false,
    });
    assert.equal(errorCode(refusedPatch), 'invalid_state');
    assert.equal(
      (await call(harness, 'GET', `/api/v1/tax-rates/${rate.id}`, books.headers)).json().version,
      1,
    );
    const groupOff = await call(harness, 'POST', `/api/v1/tax-groups/${group.id}/deactivate`, books.headers);
    assert.equal(groupOff.json().is_active, false);
    assert.equal(groupOff.json().version, 2);
    const rateOff = await call(harness, 'POST', `/api/v1/tax-rates/${rate.id}/deactivate`, books.headers);
    assert.equal(rateOff.statusCode, 200);
    assert.equal(rateOff.json().is_active, false);
    const reactivate = await call(harness, 'PATCH', `/api/v1/tax-groups/${group.id}`, books.headers, {
      is_active: true,
    });
    assert.equal(reactivate.statusCode, 409);
    assert.equal(errorCode(reactivate), 'invalid_state');
    assert.equal(
      (await call(harness, 'GET', `/api/v1/tax-groups/${group.id}`, books.headers)).json().version,
      2,
    );
    const other = await createRate(books, { name: 'Replacement' });
    const withNewRates = await call(harness, 'PATCH', `/api/v1/tax-groups/${group.id}`, books.headers, {
      is_active: true,
      tax_rates: [other.id],
    });
    assert.equal(withNewRates.statusCode, 200, withNewRates.body);
    assert.equal(withNewRates.json().is_active, true);
  });

  test('tax groups of another organization answer 404 not_found', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const group = await createGroup(books, [(await createRate(books)).id]);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'x' }],
      ['POST', '/deactivate', undefined],
    ] as const) {
      const response = await call(
        harness,
        method,
        `/api/v1/tax-groups/${group.id}${suffix}`,
        other.headers,
        body,
      );
      assert.equal(response.statusCode, 404, `${method} ${suffix}`);
    }
    assert.equal(
      (await call(harness, 'GET', `/api/v1/tax-groups/${group.id}`, books.headers)).json().version,
      1,
    );
  });

  test('OpenAPI shows tax rates and groups with full request and response schemas', async () => {
    const doc = (await call(harness, 'GET', '/api/v1/openapi.json', {})).json();
    const rateBody = requestBodySchema(doc, '/api/v1/tax-rates', 'post');
    assert.ok(rateBody.properties.rate.pattern);
    assert.ok(doc.components.schemas.TaxRate.properties.liability_account_number);
    assert.ok(doc.components.schemas.TaxGroup.properties.combined_rate);
    assert.ok(doc.paths['/api/v1/tax-groups/{id}'].patch);
  });
});
