import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { call, countRows, createKey, errorCode, signUp, today, useHarness } from '../helpers/harness.ts';
import { balancedEntry } from '../helpers/ledger.ts';

const harness = useHarness();

describe('Idempotency-Key', () => {
  test('the same key and body replay the same status and body, flagged Idempotent-Replayed, one record', async () => {
    const books = await signUp(harness);
    const headers = { ...books.headers, 'idempotency-key': `k-${randomUUID()}` };
    const first = await call(
      harness,
      'POST',
      '/api/v1/journal-entries',
      headers,
      balancedEntry(books, '250.00'),
    );
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    // Key order in the body does not change the request.
    const reordered = {
      lines: balancedEntry(books, '250.00').lines,
      memo: 'Owner investment',
      txn_date: today,
    };
    const second = await call(harness, 'POST', '/api/v1/journal-entries', headers, reordered);
    assert.equal(second.statusCode, 201);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(second.body, first.body);
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 1);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 1);

    // An action: posting twice with one key posts once and allocates one number.
    const post = { ...books.headers, 'idempotency-key': `p-${randomUUID()}` };
    const url = `/api/v1/journal-entries/${first.json().id}/post`;
    const posted = await call(harness, 'POST', url, post);
    const replayed = await call(harness, 'POST', url, post);
    assert.equal(posted.statusCode, 200, posted.body);
    assert.equal(replayed.statusCode, 200);
    assert.equal(replayed.body, posted.body);
    assert.equal(replayed.json().entry_number, 'JE-000001');
  });

  test('the same key with a different body answers 409 idempotency_conflict and writes nothing', async () => {
    const books = await signUp(harness);
    const headers = { ...books.headers, 'idempotency-key': `k-${randomUUID()}` };
    const first = await call(
      harness,
      'POST',
      '/api/v1/journal-entries',
      headers,
      balancedEntry(books, '250.00'),
    );
    assert.equal(first.statusCode, 201);
    const changed = await call(
      harness,
      'POST',
      '/api/v1/journal-entries',
      headers,
      balancedEntry(books, '251.00'),
    );
    assert.equal(changed.statusCode, 409);
    assert.equal(errorCode(changed), 'idempotency_conflict');
    const otherPath = await call(harness, 'POST', '/api/v1/accounts', headers, {
      number: '1999',
      name: 'Other',
      type: 'asset',
    });
    assert.equal(errorCode(otherPath), 'idempotency_conflict');
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 1);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 1);
  });

  test('a stored refusal (400 unbalanced_entry) replays identically', async () => {
    const books = await signUp(harness);
    const headers = { ...books.headers, 'idempotency-key': `k-${randomUUID()}` };
    const body = balancedEntry(books, '250.00');
    body.lines[0]!.debit = '250.01';
    const first = await call(harness, 'POST', '/api/v1/journal-entries', headers, body);
    assert.equal(first.statusCode, 400);
    assert.equal(errorCode(first), 'unbalanced_entry');
    const second = await call(harness, 'POST', '/api/v1/journal-entries', headers, body);
    assert.equal(second.statusCode, 400);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(second.body, first.body);
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });

  test('keys are scoped per credential: the same key from another credential creates a second record', async () => {
    const books = await signUp(harness);
    const apiKey = await createKey(harness, books);
    const otherKey = await createKey(harness, books);
    const idempotencyKey = `k-${randomUUID()}`;
    const responses = [];
    for (const headers of [books.headers, apiKey.headers, otherKey.headers]) {
      const response = await call(
        harness,
        'POST',
        '/api/v1/journal-entries',
        { ...headers, 'idempotency-key': idempotencyKey },
        balancedEntry(books, '250.00'),
      );
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.headers['idempotent-replayed'], undefined);
      responses.push(response.json().id);
    }
    assert.equal(new Set(responses).size, 3);
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 3);
  });

  test('a key longer than 255 characters answers 400 validation_error and writes nothing', async () => {
    const books = await signUp(harness);
    const response = await call(
      harness,
      'POST',
      '/api/v1/journal-entries',
      { ...books.headers, 'idempotency-key': 'k'.repeat(256) },
      balancedEntry(books, '250.00'),
    );
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['header/idempotency-key']);
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
  });

  test('10 concurrent duplicates create exactly one journal entry and all answer the same body', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books);
    const headers = { ...key.headers, 'idempotency-key': `k-${randomUUID()}` };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(harness, 'POST', '/api/v1/journal-entries', headers, balancedEntry(books, '250.00')),
      ),
    );
    for (const response of responses) assert.equal(response.statusCode, 201, response.body);
    assert.equal(new Set(responses.map((response) => response.body)).size, 1);
    const replays = responses.filter((response) => response.headers['idempotent-replayed'] === 'true');
    assert.equal(replays.length, 9);
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 1);
    assert.equal(await countRows(harness, 'idempotency_keys', books.organizationId), 1);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 1);
  });

  test('10 concurrent duplicate posts of one draft post it once with one number', async () => {
    const books = await signUp(harness);
    const draft = (
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, balancedEntry(books, '250.00'))
    ).json();
    const headers = { ...books.headers, 'idempotency-key': `k-${randomUUID()}` };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, headers),
      ),
    );
    for (const response of responses) assert.equal(response.statusCode, 200, response.body);
    assert.equal(new Set(responses.map((response) => response.body)).size, 1);
    assert.equal(responses[0]!.json().entry_number, 'JE-000001');
    const bank = await call(harness, 'GET', `/api/v1/accounts/${books.accounts['1000']}`, books.headers);
    assert.equal(bank.json().balance, '250.0000');
  });
});
