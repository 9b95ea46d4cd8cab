import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { call, countRows, createKey, signUp, today, useHarness } from '../helpers/harness.ts';
import { assertEnvelope } from '../helpers/refusals.ts';

const harness = useHarness();

describe('framework errors use the envelope', () => {
  test('malformed JSON answers 400 invalid_json and writes nothing', async () => {
    const books = await signUp(harness);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers: { ...books.headers, 'content-type': 'application/json' },
      payload: '{"number": "1999", "name": ',
    });
    assertEnvelope(response, 'invalid_json', 400);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });

  test('a text/plain body answers 415 unsupported_media_type and writes nothing', async () => {
    const books = await signUp(harness);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers: { ...books.headers, 'content-type': 'text/plain' },
      payload: JSON.stringify({ number: '1999', name: 'Plain', type: 'asset' }),
    });
    assertEnvelope(response, 'unsupported_media_type', 415);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });

  test('a body over 1 MiB answers 413 payload_too_large and writes nothing', async () => {
    const books = await signUp(harness);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers: { ...books.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({
        number: '1999',
        name: 'Big',
        type: 'asset',
        description: 'x'.repeat(1024 * 1024 + 10),
      }),
    });
    assertEnvelope(response, 'payload_too_large', 413);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });

  test('an unknown route answers 404 not_found and a known path with another method 405', async () => {
    const books = await signUp(harness);
    // A GET outside /api/ belongs to the web app (D41, test/http/web-app.test.ts); other methods do not.
    assertEnvelope(await call(harness, 'POST', '/nowhere', {}, {}), 'not_found', 404);
    assertEnvelope(await call(harness, 'GET', '/api/v1/nowhere', books.headers), 'not_found', 404);
    const put = await call(harness, 'PUT', '/api/v1/accounts', books.headers, {});
    assertEnvelope(put, 'method_not_allowed', 405);
  });

  test('every response carries X-Request-Id, and an incoming X-Request-Id is echoed', async () => {
    const books = await signUp(harness);
    const responses = [
      await call(harness, 'GET', '/healthz', {}),
      await call(harness, 'GET', '/api/v1/accounts', books.headers),
      await call(harness, 'GET', '/api/v1/accounts', {}),
      await call(harness, 'GET', '/api/v1/nowhere', {}),
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, { lines: [] }),
    ];
    const ids = responses.map((response) => String(response.headers['x-request-id'] ?? ''));
    for (const id of ids) assert.match(id, /^[0-9a-f-]{36}$/);
    assert.equal(new Set(ids).size, ids.length);
    const mine = `trace-${randomUUID()}`;
    for (const headers of [{ ...books.headers, 'x-request-id': mine }, { 'x-request-id': mine }]) {
      const echoed = await call(harness, 'GET', '/api/v1/accounts', headers);
      assert.equal(echoed.headers['x-request-id'], mine);
    }
  });
});

describe('records that are not there', () => {
  test('an unknown account id, a non-uuid id, and an id of another organization answer 404 not_found', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const key = await createKey(harness, books);
    for (const id of [randomUUID(), 'not-a-uuid', other.accounts['1000']]) {
      for (const headers of [books.headers, key.headers]) {
        assertEnvelope(await call(harness, 'GET', `/api/v1/accounts/${id}`, headers), 'not_found', 404);
        const patch = await call(harness, 'PATCH', `/api/v1/accounts/${id}`, headers, { name: 'Mine now' });
        assertEnvelope(patch, 'not_found', 404);
      }
    }
    const foreign = await call(harness, 'GET', `/api/v1/accounts/${other.accounts['1000']}`, other.headers);
    assert.notEqual(foreign.json().name, 'Mine now');
    assert.equal(await countRows(harness, 'changes', other.organizationId), 0);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });
});

describe('validation_error detail', () => {
  test('fields use body paths like lines/0/account', async () => {
    const books = await signUp(harness);
    const response = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
      txn_date: today,
      lines: [{ debit: '1.00' }, { account: books.accounts['3000'], credit: '1.00' }],
    });
    assertEnvelope(response, 'validation_error', 400);
    assert.deepEqual(Object.keys(response.json().error.detail.fields), ['lines/0/account']);
    assert.ok(Array.isArray(response.json().error.detail.fields['lines/0/account']));
    const missing = await call(harness, 'POST', '/api/v1/accounts', books.headers, { number: '1999' });
    assertEnvelope(missing, 'validation_error', 400);
    assert.ok(missing.json().error.detail.fields.name);
    assert.ok(missing.json().error.detail.fields.type);
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
  });

  test('fields use query paths like query/limit', async () => {
    const books = await signUp(harness);
    for (const limit of ['abc', '0', '1.5']) {
      const response = await call(harness, 'GET', `/api/v1/changes?limit=${limit}`, books.headers);
      assertEnvelope(response, 'validation_error', 400);
      assert.deepEqual(Object.keys(response.json().error.detail.fields), ['query/limit'], limit);
    }
    const type = await call(harness, 'GET', '/api/v1/accounts?type=planet', books.headers);
    assertEnvelope(type, 'validation_error', 400);
    assert.ok(type.json().error.detail.fields['query/type']);
  });
});
