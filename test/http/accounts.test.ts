import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, test } from 'node:test';
import {
  type Books,
  call,
  countRows,
  errorCode,
  listen,
  signUp,
  today,
  useHarness,
} from '../helpers/harness.ts';
import { createAccount, entryOf, postEntry } from '../helpers/ledger.ts';

const harness = useHarness();

/** The path and query of an absolute next/previous URL, for inject. */
function relative(url: string): string {
  const parsed = new URL(url);
  assert.match(parsed.protocol, /^https?:$/);
  return parsed.pathname + parsed.search;
}

/** Books whose chart fills more than one page (50 accounts). */
async function booksOfTwoPages(): Promise<Books> {
  const books = await signUp(harness);
  for (let i = Object.keys(books.accounts).length; i <= 50; i++)
    await createAccount(harness, books.headers, { number: `7${String(i).padStart(3, '0')}` });
  return books;
}

/** GET over a real socket with a Host header of the caller's choosing (fetch would not send it). */
function getOverSocket(url: string, books: Books, host: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { headers: { ...books.headers, host } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        assert.equal(response.statusCode, 200, text);
        resolve(JSON.parse(text));
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('chart of accounts', () => {
  test('the list pages 50 at a time with absolute next/previous URLs, forwards and back, none lost', async () => {
    const books = await signUp(harness);
    const seeded = Object.keys(books.accounts).length;
    for (let i = 0; seeded + i <= 60; i++)
      await createAccount(harness, books.headers, { number: `7${String(i).padStart(3, '0')}` });
    const total = await countRows(harness, 'accounts', books.organizationId);
    assert.ok(total > 50 && total <= 110);

    const forward: string[][] = [];
    let url: string | null = '/api/v1/accounts';
    let first = true;
    while (url) {
      const response = await call(harness, 'GET', first ? url : relative(url), books.headers);
      assert.equal(response.statusCode, 200, response.body);
      const page = response.json();
      assert.equal(page.previous === null, first);
      assert.ok(page.results.length <= 50);
      forward.push(page.results.map((account: { id: string }) => account.id));
      url = page.next;
      if (url) assert.match(url, /^http:\/\/[^/]+\/api\/v1\/accounts\?cursor=/);
      first = false;
    }
    assert.equal(forward.length, 2);
    assert.equal(forward[0]!.length, 50);
    const all = forward.flat();
    assert.equal(all.length, total);
    assert.equal(new Set(all).size, total);

    // Back from the last page with previous: the same pages in reverse.
    const firstPage = await call(harness, 'GET', '/api/v1/accounts', books.headers);
    let previous: string | null = firstPage.json().next;
    const lastResponse = await call(harness, 'GET', relative(previous!), books.headers);
    assert.deepEqual(
      lastResponse.json().results.map((account: { id: string }) => account.id),
      forward[1],
    );
    previous = lastResponse.json().previous;
    const backward: string[][] = [];
    while (previous) {
      const response = await call(harness, 'GET', relative(previous), books.headers);
      backward.push(response.json().results.map((account: { id: string }) => account.id));
      previous = response.json().previous;
      assert.ok(response.json().next, 'a previous page always has a next');
    }
    assert.deepEqual(backward, [forward[0]]);
  });

  test('next and previous never follow the Host header: without FOLIO_PUBLIC_URL they name the bound address', async () => {
    const books = await booksOfTwoPages();
    // Through inject there is no socket: the configured HOST and PORT (their defaults here).
    const injected = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/accounts',
      headers: { ...books.headers, host: 'evil.example' },
    });
    assert.equal(injected.statusCode, 200, injected.body);
    assert.match(injected.json().next, /^http:\/\/127\.0\.0\.1:3000\/api\/v1\/accounts\?cursor=/);

    // Over a real socket: the address and port the request reached, whatever Host says.
    const base = await listen(harness);
    const first = await getOverSocket(`${base}/api/v1/accounts`, books, 'evil.example');
    assert.ok(first.next.startsWith(`${base}/api/v1/accounts?cursor=`), first.next);
    const second = await getOverSocket(first.next, books, 'evil.example:8443');
    assert.equal(second.next, null);
    assert.ok(second.previous.startsWith(`${base}/api/v1/accounts?cursor=`), second.previous);
    assert.doesNotMatch(JSON.stringify([first.next, second.previous]), /evil/);
  });

  test('with FOLIO_PUBLIC_URL set, next is on it whatever the Host header says', async () => {
    const books = await booksOfTwoPages();
    harness.deps.config.publicUrl = 'https://books.folio.example';
    try {
      const response = await harness.app.inject({
        method: 'GET',
        url: '/api/v1/accounts',
        headers: { ...books.headers, host: 'evil.example' },
      });
      assert.match(response.json().next, /^https:\/\/books\.folio\.example\/api\/v1\/accounts\?cursor=/);
    } finally {
      delete harness.deps.config.publicUrl;
    }
  });

  test('the next URL keeps the filters of the request', async () => {
    const books = await signUp(harness);
    for (let i = 0; i < 51; i++)
      await createAccount(harness, books.headers, {
        number: `8${String(i).padStart(3, '0')}`,
        type: 'income',
      });
    const page = await call(harness, 'GET', '/api/v1/accounts?type=income', books.headers);
    assert.equal(page.json().results.length, 50);
    assert.match(page.json().next, /type=income/);
    const rest = await call(harness, 'GET', relative(page.json().next), books.headers);
    for (const account of rest.json().results) assert.equal(account.type, 'income');
    const incomeRows = await harness.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM accounts WHERE organization_id = $1 AND type = 'income'",
      [books.organizationId],
    );
    assert.equal(50 + rest.json().results.length, incomeRows[0]!.n);
  });

  test('create answers 201 and writes a change record; a duplicate number answers 409 number_conflict', async () => {
    const books = await signUp(harness);
    const account = await createAccount(harness, books.headers, { number: '7100' });
    assert.equal(account.number, '7100');
    assert.equal(account.is_active, true);
    assert.equal(account.is_system, false);
    assert.equal(account.balance, '0.0000');
    assert.equal(account.version, 1);
    const [change] = await harness.db.query<{ entity_id: string; operation: string; entity_version: number }>(
      'SELECT entity_id, operation, entity_version FROM changes WHERE organization_id = $1',
      [books.organizationId],
    );
    assert.deepEqual(change, { entity_id: account.id, operation: 'created', entity_version: 1 });

    const before = await countRows(harness, 'accounts', books.organizationId);
    for (const number of ['7100', '1000']) {
      const duplicate = await call(harness, 'POST', '/api/v1/accounts', books.headers, {
        number,
        name: 'Again',
        type: 'expense',
      });
      assert.equal(duplicate.statusCode, 409, number);
      assert.equal(errorCode(duplicate), 'number_conflict', number);
    }
    const renumber = await call(harness, 'PATCH', `/api/v1/accounts/${account.id}`, books.headers, {
      number: '1000',
    });
    assert.equal(errorCode(renumber), 'number_conflict');
    assert.equal(await countRows(harness, 'accounts', books.organizationId), before);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 1);
  });

  test('concurrent creates or renumbers to one number: one wins, the rest answer 409 number_conflict', async () => {
    const books = await signUp(harness);
    const before = await countRows(harness, 'accounts', books.organizationId);
    const creates = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(harness, 'POST', '/api/v1/accounts', books.headers, {
          number: '7100',
          name: `n${i}`,
          type: 'expense',
        }),
      ),
    );
    const statuses = creates.map((response) => response.statusCode).sort();
    assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of creates.filter((r) => r.statusCode === 409)) {
      assert.equal(errorCode(response), 'number_conflict');
    }
    assert.equal(await countRows(harness, 'accounts', books.organizationId), before + 1);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 1);

    const other = await createAccount(harness, books.headers, { number: '7200' });
    const winner = creates.find((response) => response.statusCode === 201)!.json();
    const renumbers = await Promise.all(
      [winner.id, other.id].map((id) =>
        call(harness, 'PATCH', `/api/v1/accounts/${id}`, books.headers, { number: '7300' }),
      ),
    );
    assert.deepEqual(renumbers.map((response) => response.statusCode).sort(), [200, 409]);
    assert.equal(errorCode(renumbers.find((response) => response.statusCode === 409)!), 'number_conflict');
  });

  test('a list cursor of another organization answers 400 invalid_cursor', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    for (let i = 0; i < 20; i++)
      await createAccount(harness, other.headers, { number: `7${String(i).padStart(3, '0')}` });
    const page = await call(harness, 'GET', '/api/v1/accounts', other.headers);
    const foreign = relative(page.json().next);
    const response = await call(harness, 'GET', foreign, books.headers);
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'invalid_cursor');
  });

  test('rename changes the name and bumps the version', async () => {
    const books = await signUp(harness);
    const account = await createAccount(harness, books.headers, { number: '7100' });
    const renamed = await call(harness, 'PATCH', `/api/v1/accounts/${account.id}`, books.headers, {
      name: 'Travel and meals',
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json().name, 'Travel and meals');
    assert.equal(renamed.json().version, 2);
    const read = await call(harness, 'GET', `/api/v1/accounts/${account.id}`, books.headers);
    assert.equal(read.json().name, 'Travel and meals');
  });

  test('a deactivated account refuses new journal lines with 400 validation_error', async () => {
    const books = await signUp(harness);
    const account = await createAccount(harness, books.headers, { number: '7100' });
    const off = await call(harness, 'PATCH', `/api/v1/accounts/${account.id}`, books.headers, {
      is_active: false,
    });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().is_active, false);
    const inactive = await call(harness, 'GET', '/api/v1/accounts?is_active=false', books.headers);
    assert.deepEqual(
      inactive.json().results.map((a: { id: string }) => a.id),
      [account.id],
    );
    const entry = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
      txn_date: today,
      lines: [
        { account: account.id, debit: '10.00' },
        { account: books.accounts['1000'], credit: '10.00' },
      ],
    });
    assert.equal(entry.statusCode, 400, entry.body);
    assert.equal(errorCode(entry), 'validation_error');
    assert.ok(entry.json().error.detail.fields['lines/0/account']);
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
  });

  test('deactivating a system account (1100) answers 409 invalid_state and leaves it active', async () => {
    const books = await signUp(harness);
    const id = books.accounts['1100']!;
    const response = await call(harness, 'PATCH', `/api/v1/accounts/${id}`, books.headers, {
      is_active: false,
    });
    assert.equal(response.statusCode, 409);
    assert.equal(errorCode(response), 'invalid_state');
    const read = await call(harness, 'GET', `/api/v1/accounts/${id}`, books.headers);
    assert.equal(read.json().is_active, true);
    assert.equal(read.json().is_system, true);
    assert.equal(read.json().version, 1);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });

  test('balances follow posted entries in the natural sign; drafts do not count', async () => {
    const books = await signUp(harness);
    const a = books.accounts;
    await postEntry(
      harness,
      books.headers,
      entryOf(today, [
        { account: a['1000']!, debit: '1000.00' },
        { account: a['3000']!, credit: '1000.00' },
      ]),
    );
    await postEntry(
      harness,
      books.headers,
      entryOf(today, [
        { account: a['6600']!, debit: '250.50' },
        { account: a['1000']!, credit: '250.50' },
      ]),
    );
    await postEntry(
      harness,
      books.headers,
      entryOf(today, [
        { account: a['1050']!, debit: '99.99' },
        { account: a['4000']!, credit: '99.99' },
      ]),
    );
    await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
      txn_date: today,
      lines: [
        { account: a['1000']!, debit: '5000.00' },
        { account: a['3000']!, credit: '5000.00' },
      ],
    });
    const balance = async (number: string) =>
      (await call(harness, 'GET', `/api/v1/accounts/${a[number]}`, books.headers)).json().balance;
    assert.equal(await balance('1000'), '749.5000');
    assert.equal(await balance('3000'), '1000.0000');
    assert.equal(await balance('6600'), '250.5000');
    assert.equal(await balance('1050'), '99.9900');
    assert.equal(await balance('4000'), '99.9900');
    const list = await call(harness, 'GET', '/api/v1/accounts', books.headers);
    const listed = list.json().results.find((account: { number: string }) => account.number === '1000');
    assert.equal(listed.balance, '749.5000');
  });
});
