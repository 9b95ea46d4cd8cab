// Issue 21: the general ledger of every account (GET /api/v1/reports/general-ledger/all-accounts):
// lines grouped by account (by number), in ledger order within each, 50 a page by keyset cursor, each
// line with its account's running balance, which must be what the account's own general ledger says.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type Books,
  call,
  createKey,
  errorCode,
  type Headers,
  signUp,
  useHarness,
} from '../helpers/harness.ts';
import { createDraft, entryOf } from '../helpers/ledger.ts';

const harness = useHarness();
const ALL = '/api/v1/reports/general-ledger/all-accounts';

interface Line {
  account: string;
  account_number: string;
  journal_entry: string;
  entry_number: string;
  line_no: number;
  txn_date: string;
  debit: string;
  credit: string;
  balance: string;
}
interface Page {
  accounts: { account: string; opening_balance: string; closing_balance: string }[];
  lines: Line[];
  next: string | null;
  previous: string | null;
}

function relative(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

async function read(headers: Headers, path: string): Promise<Page> {
  const response = await call(harness, 'GET', path, headers);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

/** Posts `count` entries in one batch: day by day from `start`, money moving between `pairs`. */
async function postMany(books: Books, start: string, count: number, pairs: [string, string][]) {
  const a = books.accounts;
  const entries = Array.from({ length: count }, (_, index) => {
    const [debit, credit] = pairs[index % pairs.length]!;
    const day = new Date(Date.parse(`${start}T00:00:00Z`) + (index % 28) * 86_400_000);
    return entryOf(day.toISOString().slice(0, 10), [
      { account: a[debit], debit: `${index + 1}.25` },
      { account: a[credit], credit: `${index + 1}.25` },
    ]);
  });
  const response = await call(harness, 'POST', '/api/v1/journal-entries/batch', books.headers, {
    entries,
    post: true,
  });
  assert.equal(response.statusCode, 201, response.body);
}

const key = (line: { journal_entry: string; line_no: number }) => `${line.journal_entry}/${line.line_no}`;

describe('general ledger of every account', () => {
  test('pages forward and back by cursor, grouped by account, each running balance the account ledger’s own', async () => {
    const books = await signUp(harness);
    const pairs: [string, string][] = [
      ['1000', '3000'],
      ['6550', '1000'],
      ['1000', '4100'],
      ['6000', '2150'],
    ];
    await postMany(books, '2026-02-01', 6, pairs); // before the range: opening balances
    await postMany(books, '2026-03-01', 40, pairs); // 80 lines in March
    await createDraft(
      harness,
      books.headers,
      entryOf('2026-03-10', [
        { account: books.accounts['1000'], debit: '999.00' },
        { account: books.accounts['3000'], credit: '999.00' },
      ]),
    ); // a draft never counts
    const range = 'from=2026-03-01&to=2026-03-31';

    const forward: Page[] = [];
    let path: string | null = `${ALL}?${range}`;
    while (path) {
      const page = await read(books.headers, path);
      assert.ok(page.lines.length <= 50);
      forward.push(page);
      path = page.next ? relative(page.next) : null;
    }
    assert.equal(forward.length, 2);
    assert.equal(forward[0]!.previous, null);
    const lines = forward.flatMap((page) => page.lines);
    assert.equal(lines.length, 80, 'every posted line of March once, the draft none');
    assert.equal(new Set(lines.map(key)).size, 80);

    // Grouped by account number, ledger order within an account.
    const order = lines.map((line) => [line.account_number, line.txn_date, line.entry_number, line.line_no]);
    const sorted = [...order].sort((x, y) =>
      x.join('|') < y.join('|') ? -1 : x.join('|') > y.join('|') ? 1 : 0,
    );
    assert.deepEqual(order, sorted);
    assert.deepEqual(
      [...new Set(lines.map((line) => line.account_number))],
      ['1000', '2150', '3000', '4100', '6000', '6550'],
    );

    // Each account's lines and balances are exactly its own general ledger's.
    for (const number of ['1000', '2150', '3000', '4100', '6000', '6550']) {
      const own = await read(
        books.headers,
        `/api/v1/reports/general-ledger?account=${books.accounts[number]}&${range}`,
      );
      const ownLines = own.lines as unknown as Line[];
      const mine = lines.filter((line) => line.account_number === number);
      assert.deepEqual(
        mine.map((line) => [key(line), line.debit, line.credit, line.balance]),
        ownLines.map((line) => [key(line), line.debit, line.credit, line.balance]),
        `account ${number}`,
      );
      // The page listing where the account starts opens it at the account ledger's opening balance.
      const firstPage = forward.find((page) =>
        page.accounts.some((a) => a.account === books.accounts[number]),
      )!;
      const listed = firstPage.accounts.find((a) => a.account === books.accounts[number])!;
      assert.equal(listed.opening_balance, (own as unknown as { opening_balance: string }).opening_balance);
    }

    // Each page's accounts: opening plus the page's lines is closing, the last line's balance.
    for (const page of forward) {
      for (const listed of page.accounts) {
        const its = page.lines.filter((line) => line.account === listed.account);
        assert.ok(its.length > 0);
        assert.equal(its[its.length - 1]!.balance, listed.closing_balance);
      }
    }

    // Back from the last page: the same pages, the same balances.
    const back: Page[] = [forward[forward.length - 1]!];
    path = forward[forward.length - 1]!.previous ? relative(forward[forward.length - 1]!.previous!) : null;
    while (path) {
      const page = await read(books.headers, path);
      back.unshift(page);
      path = page.previous ? relative(page.previous) : null;
    }
    assert.deepEqual(
      back.map((page) => page.lines.map((line) => [key(line), line.balance])),
      forward.map((page) => page.lines.map((line) => [key(line), line.balance])),
    );
    assert.deepEqual(
      back.map((page) => page.accounts),
      forward.map((page) => page.accounts),
    );
  });

  test("shows only the caller's books, and an empty range as no lines", async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    await postMany(other, '2026-03-01', 3, [['1000', '3000']]);
    const page = await read(books.headers, `${ALL}?from=2026-03-01&to=2026-03-31`);
    assert.deepEqual([page.lines, page.accounts, page.next, page.previous], [[], [], null, null]);
  });

  test('refuses bad dates, a reversed range and a cursor of other dates with 400; sales with 403', async () => {
    const books = await signUp(harness);
    await postMany(books, '2026-03-01', 30, [['1000', '3000']]);
    for (const [query, field] of [
      ['from=2026-13-01', 'query/from'],
      ['to=yesterday', 'query/to'],
      ['from=2026-04-01&to=2026-03-01', 'query/from'],
    ] as const) {
      const refused = await call(harness, 'GET', `${ALL}?${query}`, books.headers);
      assert.equal(refused.statusCode, 400, refused.body);
      assert.equal(errorCode(refused), 'validation_error');
      assert.ok(refused.json().error.detail.fields[field], refused.body);
    }
    const first = await read(books.headers, `${ALL}?from=2026-03-01&to=2026-03-31`);
    assert.ok(first.next);
    const cursor = new URL(first.next).searchParams.get('cursor')!;
    const moved = await call(
      harness,
      'GET',
      `${ALL}?from=2026-03-02&to=2026-03-31&cursor=${encodeURIComponent(cursor)}`,
      books.headers,
    );
    assert.equal(moved.statusCode, 400, moved.body);
    assert.equal(errorCode(moved), 'invalid_cursor');
    const forged = await call(harness, 'GET', `${ALL}?cursor=not-a-cursor`, books.headers);
    assert.equal(forged.statusCode, 400, forged.body);
    assert.equal(errorCode(forged), 'invalid_cursor');

    const sales = await createKey(harness, books, 'sales');
    const denied = await call(harness, 'GET', ALL, sales.headers);
    assert.equal(denied.statusCode, 403, denied.body);
    assert.equal(errorCode(denied), 'permission_denied');
    const viewer = await createKey(harness, books, 'viewer');
    const read_ = await call(harness, 'GET', `${ALL}?from=2026-03-01&to=2026-03-31`, viewer.headers);
    assert.equal(read_.statusCode, 200, read_.body);
  });
});
