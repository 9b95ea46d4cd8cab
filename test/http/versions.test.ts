import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { call, countRows, errorCode, type Headers, signUp, useHarness } from '../helpers/harness.ts';
import { balancedEntry, createAccount, createDraft } from '../helpers/ledger.ts';

const harness = useHarness();

function assertStale(response: LightMyRequestResponse, yours: number, current: number) {
  assert.equal(response.statusCode, 412, response.body);
  assert.equal(errorCode(response), 'stale_write');
  assert.deepEqual(response.json().error.detail, { your_version: yours, current_version: current });
}

const EQUIPMENT = { number: '1590', name: 'Equipment', type: 'asset', description: 'Machines' };

/** The three ways to name the version a writer read (D34). */
const staleWays: [string, (version: number) => { headers: Headers; body: Record<string, unknown> }][] = [
  ['body version', (version) => ({ headers: {}, body: { version } })],
  ['If-Unmodified-Since', (version) => ({ headers: { 'if-unmodified-since': String(version) }, body: {} })],
  ['If-Match ETag', (version) => ({ headers: { 'if-match': `"${version}"` }, body: {} })],
];

describe('optimistic concurrency on accounts', () => {
  for (const [way, make] of staleWays) {
    test(`a stale version by ${way} answers 412 stale_write and changes nothing`, async () => {
      const books = await signUp(harness);
      const account = await createAccount(harness, books.headers, EQUIPMENT);
      const read = await call(harness, 'GET', `/api/v1/accounts/${account.id}`, books.headers);
      assert.equal(read.headers.etag, '"1"');
      const first = await call(harness, 'PATCH', `/api/v1/accounts/${account.id}`, books.headers, {
        name: 'Equipment and tools',
      });
      assert.equal(first.json().version, 2);
      const changesBefore = await countRows(harness, 'changes', books.organizationId);

      const stale = make(1);
      const response = await call(
        harness,
        'PATCH',
        `/api/v1/accounts/${account.id}`,
        { ...books.headers, ...stale.headers },
        { name: 'Lost update', ...stale.body },
      );
      assertStale(response, 1, 2);
      const after = await call(harness, 'GET', `/api/v1/accounts/${account.id}`, books.headers);
      assert.equal(after.json().name, 'Equipment and tools');
      assert.equal(after.json().version, 2);
      assert.equal(await countRows(harness, 'changes', books.organizationId), changesBefore);

      const fresh = make(2);
      const ok = await call(
        harness,
        'PATCH',
        `/api/v1/accounts/${account.id}`,
        { ...books.headers, ...fresh.headers },
        { name: 'Plant', ...fresh.body },
      );
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json().version, 3);
      assert.equal(ok.json().name, 'Plant');
    });
  }

  test('omitting the version is last writer wins', async () => {
    const books = await signUp(harness);
    const account = await createAccount(harness, books.headers, EQUIPMENT);
    const a = await call(harness, 'PATCH', `/api/v1/accounts/${account.id}`, books.headers, { name: 'A' });
    const b = await call(harness, 'PATCH', `/api/v1/accounts/${account.id}`, books.headers, { name: 'B' });
    assert.equal(a.statusCode, 200);
    assert.equal(b.statusCode, 200);
    assert.equal(b.json().version, 3);
    const read = await call(harness, 'GET', `/api/v1/accounts/${account.id}`, books.headers);
    assert.equal(read.json().name, 'B');
    assert.equal(read.headers.etag, '"3"');
  });

  test('PATCH is sparse: only the fields sent change', async () => {
    const books = await signUp(harness);
    const account = await createAccount(harness, books.headers, EQUIPMENT);
    const patched = await call(harness, 'PATCH', `/api/v1/accounts/${account.id}`, books.headers, {
      name: 'Renamed',
    });
    assert.equal(patched.statusCode, 200);
    const { name, version, updated_at, ...rest } = patched.json();
    const { name: _n, version: _v, updated_at: _u, ...before } = account;
    assert.equal(name, 'Renamed');
    assert.equal(version, 2);
    assert.deepEqual(rest, before);
    const described = await call(harness, 'PATCH', `/api/v1/accounts/${account.id}`, books.headers, {
      description: 'Heavy machines',
    });
    assert.equal(described.json().name, 'Renamed');
    assert.equal(described.json().number, '1590');
    assert.equal(described.json().description, 'Heavy machines');
  });

  test('If-Match: * writes over any current version, and a missing resource still answers 404', async () => {
    const books = await signUp(harness);
    const account = await createAccount(harness, books.headers, EQUIPMENT);
    const first = await call(harness, 'PATCH', `/api/v1/accounts/${account.id}`, books.headers, {
      name: 'One',
    });
    assert.equal(first.json().version, 2);
    const any = await call(
      harness,
      'PATCH',
      `/api/v1/accounts/${account.id}`,
      { ...books.headers, 'if-match': '*' },
      { name: 'Two' },
    );
    assert.equal(any.statusCode, 200, any.body);
    assert.equal(any.json().version, 3);
    assert.equal(any.json().name, 'Two');
    const missing = await call(
      harness,
      'PATCH',
      '/api/v1/accounts/00000000-0000-4000-8000-000000000000',
      { ...books.headers, 'if-match': '*' },
      { name: 'Three' },
    );
    assert.equal(missing.statusCode, 404);
    assert.equal(errorCode(missing), 'not_found');
  });

  test('a malformed If-Match answers 400 validation_error naming the header', async () => {
    const books = await signUp(harness);
    const account = await createAccount(harness, books.headers, EQUIPMENT);
    const response = await call(
      harness,
      'PATCH',
      `/api/v1/accounts/${account.id}`,
      { ...books.headers, 'if-match': 'yesterday' },
      { name: 'X' },
    );
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['header/if-match']);
    const read = await call(harness, 'GET', `/api/v1/accounts/${account.id}`, books.headers);
    assert.equal(read.json().version, 1);
  });
});

describe('optimistic concurrency on journal entries', () => {
  for (const [way, make] of staleWays) {
    test(`a stale version by ${way} answers 412 stale_write and changes nothing`, async () => {
      const books = await signUp(harness);
      const draft = await createDraft(
        harness,
        books.headers,
        balancedEntry(books, '10.00', '10.00', { memo: 'First memo' }),
      );
      const read = await call(harness, 'GET', `/api/v1/journal-entries/${draft.id}`, books.headers);
      assert.equal(read.headers.etag, '"1"');
      const first = await call(harness, 'PATCH', `/api/v1/journal-entries/${draft.id}`, books.headers, {
        memo: 'Second memo',
      });
      assert.equal(first.json().version, 2);
      const changesBefore = await countRows(harness, 'changes', books.organizationId);

      const stale = make(1);
      const response = await call(
        harness,
        'PATCH',
        `/api/v1/journal-entries/${draft.id}`,
        { ...books.headers, ...stale.headers },
        { memo: 'Lost update', ...stale.body },
      );
      assertStale(response, 1, 2);
      const after = await call(harness, 'GET', `/api/v1/journal-entries/${draft.id}`, books.headers);
      assert.equal(after.json().memo, 'Second memo');
      assert.equal(after.json().version, 2);
      assert.equal(await countRows(harness, 'changes', books.organizationId), changesBefore);

      const post = await call(
        harness,
        'POST',
        `/api/v1/journal-entries/${draft.id}/post`,
        { ...books.headers, ...stale.headers },
        stale.body,
      );
      assertStale(post, 1, 2);
      const still = await call(harness, 'GET', `/api/v1/journal-entries/${draft.id}`, books.headers);
      assert.equal(still.json().status, 'draft');
    });
  }

  test('omitting the version is last writer wins', async () => {
    const books = await signUp(harness);
    const draft = await createDraft(
      harness,
      books.headers,
      balancedEntry(books, '10.00', '10.00', { memo: 'First memo' }),
    );
    await call(harness, 'PATCH', `/api/v1/journal-entries/${draft.id}`, books.headers, { memo: 'A' });
    const b = await call(harness, 'PATCH', `/api/v1/journal-entries/${draft.id}`, books.headers, {
      memo: 'B',
    });
    assert.equal(b.statusCode, 200);
    assert.equal(b.json().version, 3);
    assert.equal(b.json().memo, 'B');
  });

  test('PATCH is sparse: a memo change keeps the date and lines; a lines change keeps the memo', async () => {
    const books = await signUp(harness);
    const draft = await createDraft(
      harness,
      books.headers,
      balancedEntry(books, '10.00', '10.00', { memo: 'First memo' }),
    );
    const memo = await call(harness, 'PATCH', `/api/v1/journal-entries/${draft.id}`, books.headers, {
      memo: 'Only the memo',
    });
    assert.equal(memo.statusCode, 200, memo.body);
    assert.equal(memo.json().txn_date, draft.txn_date);
    assert.deepEqual(memo.json().lines, draft.lines);
    const lines = await call(harness, 'PATCH', `/api/v1/journal-entries/${draft.id}`, books.headers, {
      lines: [
        { account: books.accounts['1000'], debit: '20.00' },
        { account: books.accounts['3000'], credit: '20.00' },
      ],
    });
    assert.equal(lines.statusCode, 200, lines.body);
    assert.equal(lines.json().memo, 'Only the memo');
    assert.equal(lines.json().total_debit, '20.0000');
    assert.equal(lines.json().version, 3);
  });
});
