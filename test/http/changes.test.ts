import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  call,
  countRows,
  createKey,
  errorCode,
  type Headers,
  onPostgres,
  signUp,
  useHarness,
} from '../helpers/harness.ts';
import { balancedEntry, createAccount, createDraft } from '../helpers/ledger.ts';

const harness = useHarness();

interface Change {
  entity_type: string;
  entity_id: string;
  operation: string;
  entity_version: number;
  occurred_at: string;
}

async function feed(headers: Headers, query = '') {
  const response = await call(harness, 'GET', `/api/v1/changes${query}`, headers);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as { changes: Change[]; cursor: string; has_more: boolean };
}

async function startCursor(headers: Headers): Promise<string> {
  const first = await feed(headers);
  assert.deepEqual(first.changes, []);
  assert.equal(first.has_more, false);
  return first.cursor;
}

const summary = (changes: Change[]) =>
  changes.map((c) => [c.entity_type, c.entity_id, c.entity_version, c.operation]);

describe('change feed', () => {
  test('the first call returns no changes and a cursor; the next returns every version written since', async () => {
    const books = await signUp(harness);
    const cursor = await startCursor(books.headers);
    const account = (await createAccount(harness, books.headers, { number: '7100' })).id;
    await call(harness, 'PATCH', `/api/v1/accounts/${account}`, books.headers, { name: 'Travel' });
    const entry = (await createDraft(harness, books.headers, balancedEntry(books, '10.00'))).id;
    await call(harness, 'PATCH', `/api/v1/journal-entries/${entry}`, books.headers, { memo: 'm' });
    await call(harness, 'POST', `/api/v1/journal-entries/${entry}/post`, books.headers);
    const draft = (await createDraft(harness, books.headers, balancedEntry(books, '3.00'))).id;
    await call(harness, 'DELETE', `/api/v1/journal-entries/${draft}`, books.headers);

    const page = await feed(books.headers, `?cursor=${cursor}`);
    assert.deepEqual(summary(page.changes), [
      ['account', account, 1, 'created'],
      ['account', account, 2, 'updated'],
      ['journal_entry', entry, 1, 'created'],
      ['journal_entry', entry, 2, 'updated'],
      ['journal_entry', entry, 3, 'updated'],
      ['journal_entry', draft, 1, 'created'],
      ['journal_entry', draft, 2, 'deleted'],
    ]);
    assert.equal(page.has_more, false);
    for (const change of page.changes) assert.ok(!Number.isNaN(Date.parse(change.occurred_at)));
    const idle = await feed(books.headers, `?cursor=${page.cursor}`);
    assert.deepEqual(idle.changes, []);
    assert.equal(idle.cursor, page.cursor);
  });

  test('a refused write leaves no change record', async () => {
    const books = await signUp(harness);
    const cursor = await startCursor(books.headers);
    const response = await call(harness, 'POST', '/api/v1/accounts', books.headers, {
      number: '1000',
      name: 'Duplicate',
      type: 'asset',
    });
    assert.equal(errorCode(response), 'number_conflict');
    assert.deepEqual((await feed(books.headers, `?cursor=${cursor}`)).changes, []);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });

  test('entity_types=account narrows the feed; an unknown type answers 400 validation_error', async () => {
    const books = await signUp(harness);
    const cursor = await startCursor(books.headers);
    const account = (await createAccount(harness, books.headers, { number: '7100' })).id;
    await createDraft(harness, books.headers, balancedEntry(books, '10.00'));
    const page = await feed(books.headers, `?cursor=${cursor}&entity_types=account`);
    assert.deepEqual(summary(page.changes), [['account', account, 1, 'created']]);
    const both = await feed(books.headers, `?cursor=${cursor}&entity_types=account,journal_entry`);
    assert.equal(both.changes.length, 2);
    const bad = await call(
      harness,
      'GET',
      `/api/v1/changes?cursor=${cursor}&entity_types=planet`,
      books.headers,
    );
    assert.equal(bad.statusCode, 400);
    assert.equal(errorCode(bad), 'validation_error');
    assert.ok(bad.json().error.detail.fields['query/entity_types']);
  });

  test('limit=2 pages through with has_more', async () => {
    const books = await signUp(harness);
    let cursor = await startCursor(books.headers);
    const ids: string[] = [];
    for (const number of ['7101', '7102', '7103', '7104', '7105'])
      ids.push((await createAccount(harness, books.headers, { number })).id);
    const seen: string[] = [];
    const pages: boolean[] = [];
    for (;;) {
      const page = await feed(books.headers, `?cursor=${cursor}&limit=2`);
      assert.ok(page.changes.length <= 2);
      seen.push(...page.changes.map((change) => change.entity_id));
      pages.push(page.has_more);
      cursor = page.cursor;
      if (!page.has_more) break;
    }
    assert.deepEqual(pages, [true, true, false]);
    assert.deepEqual(seen, ids);
  });

  test('a cursor of another organization or a malformed cursor answers 400 invalid_cursor', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const foreign = await startCursor(other.headers);
    for (const cursor of [foreign, 'not-a-cursor', Buffer.from('{"o":1}').toString('base64url')]) {
      const response = await call(harness, 'GET', `/api/v1/changes?cursor=${cursor}`, books.headers);
      assert.equal(response.statusCode, 400, cursor);
      assert.equal(errorCode(response), 'invalid_cursor', cursor);
    }
    const sandbox = await startCursor(books.sandboxHeaders);
    const response = await call(harness, 'GET', `/api/v1/changes?cursor=${sandbox}`, books.headers);
    assert.equal(errorCode(response), 'invalid_cursor');
  });

  test('limit=0 or limit=1001 answers 400 validation_error on query/limit', async () => {
    const books = await signUp(harness);
    for (const limit of ['0', '1001', '-1']) {
      const response = await call(harness, 'GET', `/api/v1/changes?limit=${limit}`, books.headers);
      assert.equal(response.statusCode, 400, limit);
      assert.equal(errorCode(response), 'validation_error', limit);
      assert.ok(response.json().error.detail.fields['query/limit'], limit);
    }
    assert.equal((await call(harness, 'GET', '/api/v1/changes?limit=1000', books.headers)).statusCode, 200);
  });

  test('a sales key never sees journal_entry records', async () => {
    const books = await signUp(harness);
    const sales = await createKey(harness, books, 'sales');
    const cursor = await startCursor(sales.headers);
    const ownerCursor = await startCursor(books.headers);
    await createDraft(harness, books.headers, balancedEntry(books, '10.00'));
    const account = (await createAccount(harness, books.headers, { number: '7100' })).id;
    await createDraft(harness, books.headers, balancedEntry(books, '20.00'));
    const page = await feed(sales.headers, `?cursor=${cursor}`);
    assert.deepEqual(summary(page.changes), [['account', account, 1, 'created']]);
    const asked = await feed(sales.headers, `?cursor=${cursor}&entity_types=journal_entry`);
    assert.deepEqual(asked.changes, []);
    assert.equal((await feed(books.headers, `?cursor=${ownerCursor}`)).changes.length, 3);
  });

  test('concurrent writers with a poller following the feed: every (entity, version) is seen exactly once', {
    timeout: 120_000,
  }, async () => {
    const books = await signUp(harness);
    let cursor = await startCursor(books.headers);
    const seen: Change[] = [];
    let writing = true;
    const poll = async () => {
      for (;;) {
        const done = !writing;
        const page = await feed(books.headers, `?cursor=${cursor}&limit=7`);
        seen.push(...page.changes);
        cursor = page.cursor;
        if (done && !page.has_more) return;
        // A real poller waits between empty polls; it also lets the writers' requests run.
        if (!page.has_more) await sleep(5);
      }
    };
    const writer = async (w: number) => {
      for (let round = 0; round < (onPostgres ? 4 : 2); round++) {
        const account = (await createAccount(harness, books.headers, { number: `9${w}${round}0` })).id;
        for (const name of ['first', 'second']) {
          const renamed = await call(harness, 'PATCH', `/api/v1/accounts/${account}`, books.headers, {
            name,
          });
          assert.equal(renamed.statusCode, 200, renamed.body);
        }
        const entry = (await createDraft(harness, books.headers, balancedEntry(books, `${w + 1}.${round}0`)))
          .id;
        const memo = await call(harness, 'PATCH', `/api/v1/journal-entries/${entry}`, books.headers, {
          memo: `w${w} r${round}`,
        });
        assert.equal(memo.statusCode, 200, memo.body);
        const posted = await call(harness, 'POST', `/api/v1/journal-entries/${entry}/post`, books.headers);
        assert.equal(posted.statusCode, 200, posted.body);
      }
    };
    const poller = poll();
    try {
      await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    } finally {
      writing = false;
    }
    await poller;

    const stored = await harness.db.query<{ entity_id: string; entity_version: number }>(
      'SELECT entity_id, entity_version FROM changes WHERE organization_id = $1',
      [books.organizationId],
    );
    const keyOf = (c: { entity_id: string; entity_version: number }) => `${c.entity_id}@${c.entity_version}`;
    const seenKeys = seen.map(keyOf);
    assert.equal(new Set(seenKeys).size, seenKeys.length, 'no (entity, version) seen twice');
    assert.deepEqual(new Set(seenKeys), new Set(stored.map(keyOf)));
    const rounds = onPostgres ? 4 : 2;
    assert.equal(seen.length, 8 * rounds * 6);
    // Each record's versions arrive 1, 2, 3 ... in feed order.
    const last = new Map<string, number>();
    for (const change of seen) {
      assert.equal(change.entity_version, (last.get(change.entity_id) ?? 0) + 1);
      last.set(change.entity_id, change.entity_version);
    }
  });
});
