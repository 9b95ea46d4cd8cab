import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addMember, call, countRows, createKey, errorCode, signUp, useHarness } from '../helpers/harness.ts';

const harness = useHarness();

/** A connection's body for the books' checking account (D89). */
function connection(books: { accounts: Record<string, string> }, institution_name = 'First National') {
  return { account: books.accounts['1000'], source: 'file', institution_name };
}

describe('bank connections (D29, D89)', () => {
  test('in live books a connection is active at once and listed', async () => {
    const books = await signUp(harness);
    const created = await call(harness, 'POST', '/api/v1/bank-connections', books.headers, connection(books));
    assert.equal(created.statusCode, 201, created.body);
    const body = created.json();
    assert.equal(body.institution_name, 'First National');
    assert.equal(body.status, 'active');
    assert.match(body.id, /^[0-9a-f-]{36}$/);
    assert.ok(!Number.isNaN(Date.parse(body.created_at)));
    const list = await call(harness, 'GET', '/api/v1/bank-connections', books.headers);
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json().results, [body]);
    assert.equal(list.json().next, null);
    const other = await signUp(harness);
    assert.deepEqual(
      (await call(harness, 'GET', '/api/v1/bank-connections', other.headers)).json().results,
      [],
    );
  });

  test('in sandbox books it answers 403 sandbox_restricted and writes nothing, not even the idempotency key', async () => {
    const books = await signUp(harness);
    const response = await call(
      harness,
      'POST',
      '/api/v1/bank-connections',
      { ...books.sandboxHeaders, 'idempotency-key': 'bank-1' },
      connection(books),
    );
    assert.equal(response.statusCode, 403, response.body);
    assert.equal(errorCode(response), 'sandbox_restricted');
    assert.equal(await countRows(harness, 'bank_connections', books.sandboxId), 0);
    assert.equal(await countRows(harness, 'idempotency_keys', books.sandboxId), 0);
    assert.equal(await countRows(harness, 'changes', books.sandboxId), 0);
    const list = await call(harness, 'GET', '/api/v1/bank-connections', books.sandboxHeaders);
    assert.deepEqual(list.json().results, []);
  });

  test('in sandbox books it answers 403 sandbox_restricted whatever the body holds: none, empty, invalid, malformed or valid', async () => {
    const books = await signUp(harness);
    const headers = { ...books.sandboxHeaders, 'idempotency-key': 'bank-any-body' };
    const bodies: { name: string; payload?: string }[] = [
      { name: 'no body' },
      { name: 'empty object', payload: '{}' },
      { name: 'invalid', payload: JSON.stringify({ institution_name: 7, surprise: true }) },
      { name: 'blank name', payload: JSON.stringify({ institution_name: '   ' }) },
      { name: 'malformed JSON', payload: '{"institution_name":' },
      { name: 'valid', payload: JSON.stringify(connection(books)) },
    ];
    for (const { name, payload } of bodies) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/bank-connections',
        headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      assert.equal(response.statusCode, 403, `${name}: ${response.body}`);
      assert.equal(errorCode(response), 'sandbox_restricted', name);
      assert.equal(response.json().error.detail.mode, 'sandbox', name);
    }
    assert.equal(await countRows(harness, 'bank_connections', books.sandboxId), 0);
    assert.equal(await countRows(harness, 'idempotency_keys', books.sandboxId), 0);
    assert.equal(await countRows(harness, 'changes', books.sandboxId), 0);
  });

  test('in live books an empty or invalid body still answers 400 validation_error (the sandbox check does not change live books)', async () => {
    const books = await signUp(harness);
    for (const payload of [undefined, '{}', JSON.stringify({ institution_name: 7 })]) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/bank-connections',
        headers:
          payload === undefined ? books.headers : { ...books.headers, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      assert.equal(response.statusCode, 400, `${payload}: ${response.body}`);
      assert.equal(errorCode(response), 'validation_error');
    }
    assert.equal(await countRows(harness, 'bank_connections', books.organizationId), 0);
  });

  test('honours Idempotency-Key in live books: a repeat replays and records one connection', async () => {
    const books = await signUp(harness);
    const headers = { ...books.headers, 'idempotency-key': 'bank-1' };
    const first = await call(
      harness,
      'POST',
      '/api/v1/bank-connections',
      headers,
      connection(books, 'Chase'),
    );
    const second = await call(
      harness,
      'POST',
      '/api/v1/bank-connections',
      headers,
      connection(books, 'Chase'),
    );
    assert.equal(second.statusCode, 201);
    assert.equal(second.body, first.body);
    assert.equal(await countRows(harness, 'bank_connections', books.organizationId), 1);
  });

  test('refuses a missing or blank institution_name with 400 validation_error, nothing written', async () => {
    const books = await signUp(harness);
    for (const name of [undefined, '', '   ', 7]) {
      const body = { ...connection(books), institution_name: name };
      const response = await call(harness, 'POST', '/api/v1/bank-connections', books.headers, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(errorCode(response), 'validation_error');
      assert.ok(response.json().error.detail.fields.institution_name);
    }
    assert.equal(await countRows(harness, 'bank_connections', books.organizationId), 0);
  });

  test('is internal: API keys get 403 not_part_of_public_api and OpenAPI does not list it', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books, 'accountant');
    const post = await call(harness, 'POST', '/api/v1/bank-connections', key.headers, connection(books, 'X'));
    assert.equal(post.statusCode, 403);
    assert.equal(errorCode(post), 'not_part_of_public_api');
    const list = await call(harness, 'GET', '/api/v1/bank-connections', key.headers);
    assert.equal(errorCode(list), 'not_part_of_public_api');
    assert.equal(await countRows(harness, 'bank_connections', books.organizationId), 0);
    const doc = (await call(harness, 'GET', '/api/v1/openapi.json', {})).json();
    assert.equal(doc.paths['/api/v1/bank-connections'], undefined);
  });

  test('a viewer lists connections, sales may not (D77); neither connects one: 403 permission_denied', async () => {
    const books = await signUp(harness);
    for (const role of ['viewer', 'sales']) {
      const { headers } = await addMember(harness, books, role);
      const post = await call(harness, 'POST', '/api/v1/bank-connections', headers, connection(books, 'X'));
      assert.equal(post.statusCode, 403, `${role}: ${post.body}`);
      assert.equal(errorCode(post), 'permission_denied');
      assert.equal(
        (await call(harness, 'GET', '/api/v1/bank-connections', headers)).statusCode,
        role === 'viewer' ? 200 : 403,
      );
    }
    const accountant = (await addMember(harness, books, 'accountant')).headers;
    const allowed = await call(
      harness,
      'POST',
      '/api/v1/bank-connections',
      accountant,
      connection(books, 'Y'),
    );
    assert.equal(allowed.statusCode, 201, allowed.body);
    assert.equal(await countRows(harness, 'bank_connections', books.organizationId), 1);
  });
});
