// D58 (create and post in one request) and D59 (batches of entries): all or nothing, consecutive
// numbers in request order, refusals that point into the batch, one Idempotency-Key for all of it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import { addMember, type Books, call, listen, signUp, today, useHarness } from '../helpers/harness.ts';
import { balancedEntry, postEntry, trackingOptions } from '../helpers/ledger.ts';
import { assertEnvelope, refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();
const BATCH = '/api/v1/journal-entries/batch';

/** A balanced entry of `amount` from 3000 Owner's Equity into 1000 Cash, memo naming `index`. */
function entry(books: Books, index: number, amount = '10.00') {
  return { ...balancedEntry(books, amount), memo: `entry ${index}` };
}

function entries(books: Books, count: number, amount = '10.00') {
  return Array.from({ length: count }, (_, index) => entry(books, index, amount));
}

async function balanceOf(books: Books, number: string): Promise<string> {
  const response = await call(harness, 'GET', `/api/v1/accounts/${books.accounts[number]}`, books.headers);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().balance;
}

/** The journal entries' change records written since `cursor`. */
async function entryChanges(books: Books, cursor: string) {
  return changesSince(harness, books.headers, cursor, 'journal_entry');
}

describe('one-request posting (D58)', () => {
  test('post: true answers 201 with a posted, numbered entry at version 1, and the balances move', async () => {
    const books = await signUp(harness);
    const cursor = await feedCursor(harness, books.headers);
    const response = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
      ...balancedEntry(books, '250.00'),
      post: true,
    });
    assert.equal(response.statusCode, 201, response.body);
    const posted = response.json();
    assert.equal(posted.status, 'posted');
    assert.equal(posted.entry_number, 'JE-000001');
    assert.equal(posted.version, 1);
    assert.equal(posted.source_type, 'manual');
    assert.ok(posted.posted_at);
    assert.equal(posted.lines[0].account_number, '1000');
    assert.equal(posted.lines[0].debit, '250.0000');
    assert.equal(await balanceOf(books, '1000'), '250.0000');
    assert.equal(await balanceOf(books, '3000'), '250.0000');
    const read = await call(harness, 'GET', `/api/v1/journal-entries/${posted.id}`, books.headers);
    assert.deepEqual(read.json(), posted);
    assert.deepEqual(changeTuples(await entryChanges(books, cursor)), [
      ['journal_entry', posted.id, 'created', 1],
    ]);
    // Draft-then-post continues the same gapless sequence.
    const next = await postEntry(harness, books.headers, balancedEntry(books));
    assert.equal(next.entry_number, 'JE-000002');
  });

  test('post: false or absent still saves a draft without a number', async () => {
    const books = await signUp(harness);
    for (const body of [balancedEntry(books), { ...balancedEntry(books), post: false }]) {
      const response = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, body);
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json().status, 'draft');
      assert.equal(response.json().entry_number, null);
    }
    assert.equal(await balanceOf(books, '1000'), '0.0000');
  });

  test('an unbalanced post: true is refused, writes nothing and takes no number', async () => {
    const books = await signUp(harness);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
          ...balancedEntry(books, '100.00', '99.99'),
          post: true,
        }),
      'unbalanced_entry',
    );
    const posted = await postEntry(harness, books.headers, balancedEntry(books));
    assert.equal(posted.entry_number, 'JE-000001');
  });

  test('post: true into a closed period is refused with period_closed and writes nothing', async () => {
    const books = await signUp(harness);
    const close = await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: today });
    assert.equal(close.statusCode, 200, close.body);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
          ...balancedEntry(books),
          post: true,
        }),
      'period_closed',
      ['txn_date'],
    );
  });

  test('post must be a boolean', async () => {
    const books = await signUp(harness);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
          ...balancedEntry(books),
          post: 'yes',
        }),
      'validation_error',
      ['post'],
    );
  });
});

describe('batches of entries (D59)', () => {
  test('a posted batch is numbered consecutively in request order and moves the balances', async () => {
    const books = await signUp(harness);
    await postEntry(harness, books.headers, balancedEntry(books, '1.00'));
    const cursor = await feedCursor(harness, books.headers);
    const body = {
      post: true,
      entries: [entry(books, 0, '10.00'), entry(books, 1, '20.00'), entry(books, 2, '30.00')],
    };
    const response = await call(harness, 'POST', BATCH, books.headers, body);
    assert.equal(response.statusCode, 201, response.body);
    const results = response.json().results;
    assert.deepEqual(
      results.map((result: { entry_number: string }) => result.entry_number),
      ['JE-000002', 'JE-000003', 'JE-000004'],
    );
    assert.deepEqual(
      results.map((result: { memo: string }) => result.memo),
      ['entry 0', 'entry 1', 'entry 2'],
    );
    assert.deepEqual(
      results.map((result: { total_debit: string }) => result.total_debit),
      ['10.0000', '20.0000', '30.0000'],
    );
    for (const result of results) {
      assert.equal(result.status, 'posted');
      assert.equal(result.version, 1);
      const read = await call(harness, 'GET', `/api/v1/journal-entries/${result.id}`, books.headers);
      assert.deepEqual(read.json(), result);
    }
    assert.equal(await balanceOf(books, '1000'), '61.0000');
    assert.deepEqual(
      changeTuples(await entryChanges(books, cursor)),
      results.map((result: { id: string }) => ['journal_entry', result.id, 'created', 1]),
    );
  });

  test('a batch without post saves drafts, unnumbered, and the balances stay', async () => {
    const books = await signUp(harness);
    const response = await call(harness, 'POST', BATCH, books.headers, { entries: entries(books, 2) });
    assert.equal(response.statusCode, 201, response.body);
    for (const result of response.json().results) {
      assert.equal(result.status, 'draft');
      assert.equal(result.entry_number, null);
    }
    assert.equal(await balanceOf(books, '1000'), '0.0000');
  });

  test('entries of different dates land on their own days in the balance summary', async () => {
    const books = await signUp(harness);
    const body = {
      post: true,
      entries: [
        { ...entry(books, 0, '5.00'), txn_date: '2026-01-15' },
        { ...entry(books, 1, '7.00'), txn_date: '2026-02-15' },
        { ...entry(books, 2, '11.00'), txn_date: '2026-01-15' },
      ],
    };
    const response = await call(harness, 'POST', BATCH, books.headers, body);
    assert.equal(response.statusCode, 201, response.body);
    const january = await call(
      harness,
      'GET',
      '/api/v1/reports/trial-balance?as_of=2026-01-31',
      books.headers,
    );
    assert.equal(january.statusCode, 200, january.body);
    const cash = january
      .json()
      .lines.find((row: { account_number: string }) => row.account_number === '1000');
    assert.equal(cash.debit, '16.0000');
    assert.equal(await balanceOf(books, '1000'), '23.0000');
  });

  test('1000 entries post in one request as JE-000001 to JE-001000', async () => {
    const books = await signUp(harness);
    const response = await call(harness, 'POST', BATCH, books.headers, {
      post: true,
      entries: entries(books, 1000, '0.01'),
    });
    assert.equal(response.statusCode, 201, response.body.slice(0, 500));
    const numbers = response.json().results.map((result: { entry_number: string }) => result.entry_number);
    assert.equal(numbers.length, 1000);
    numbers.forEach((number: string, index: number) => {
      assert.equal(number, `JE-${String(index + 1).padStart(6, '0')}`);
    });
    assert.equal(await balanceOf(books, '1000'), '10.0000');
  });

  test('one bad entry refuses the whole batch, names it, and writes nothing (no numbers taken)', async () => {
    const books = await signUp(harness);
    const cases: {
      patch: (body: { entries: Record<string, unknown>[] }) => void;
      code: string;
      field: string;
    }[] = [
      {
        patch: (body) => {
          (body.entries[2]!.lines as { debit?: string }[])[0]!.debit = '-5.00';
        },
        code: 'invalid_money',
        field: 'entries/2/lines/0/debit',
      },
      {
        patch: (body) => {
          (body.entries[1]!.lines as { debit?: unknown }[])[0]!.debit = 5;
        },
        code: 'invalid_money',
        field: 'entries/1/lines/0/debit',
      },
      {
        patch: (body) => {
          (body.entries[1]!.lines as { debit?: string }[])[0]!.debit = '10.01';
        },
        code: 'unbalanced_entry',
        field: 'entries/1/lines',
      },
      {
        patch: (body) => {
          (body.entries[2]!.lines as { account?: string }[])[1]!.account = randomUUID();
        },
        code: 'validation_error',
        field: 'entries/2/lines/1/account',
      },
      {
        patch: (body) => {
          body.entries[0]!.txn_date = '2026-02-30';
        },
        code: 'validation_error',
        field: 'entries/0/txn_date',
      },
      {
        patch: (body) => {
          body.entries[1]!.currency = 'EUR';
        },
        code: 'validation_error',
        field: 'entries/1/currency',
      },
      {
        patch: (body) => {
          body.entries[2]!.lines = [(body.entries[2]!.lines as unknown[])[0]];
        },
        code: 'validation_error',
        field: 'entries/2/lines',
      },
    ];
    for (const { patch, code, field } of cases) {
      const body = { post: true, entries: entries(books, 3) as unknown as Record<string, unknown>[] };
      patch(body);
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'POST', BATCH, books.headers, body),
        code as 'validation_error',
        [field],
      );
    }
    const posted = await postEntry(harness, books.headers, balancedEntry(books));
    assert.equal(posted.entry_number, 'JE-000001');
  });

  test('a tracking option of no such kind names its place in the batch', async () => {
    const books = await signUp(harness);
    const options = await trackingOptions(harness, books);
    const good = {
      ...entry(books, 0),
      lines: [
        { account: books.accounts['1000'], debit: '10.00', tracking_options: [options.east.id] },
        { account: books.accounts['3000'], credit: '10.00' },
      ],
    };
    const twoRegions = {
      ...entry(books, 1),
      lines: [
        { account: books.accounts['1000'], debit: '10.00' },
        {
          account: books.accounts['3000'],
          credit: '10.00',
          tracking_options: [options.east.id, options.west.id],
        },
      ],
    };
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', BATCH, books.headers, { post: true, entries: [good, twoRegions] }),
      'validation_error',
      ['entries/1/lines/1/tracking_options/1'],
    );
    const response = await call(harness, 'POST', BATCH, books.headers, { post: true, entries: [good, good] });
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(response.json().results[1].lines[0].tracking_options, [options.east.id]);
  });

  test('a batch dated into a closed period is refused with period_closed on that entry', async () => {
    const books = await signUp(harness);
    const close = await call(harness, 'POST', '/api/v1/periods/close', books.headers, {
      through: '2026-01-31',
    });
    assert.equal(close.statusCode, 200, close.body);
    const body = { post: true, entries: [entry(books, 0), { ...entry(books, 1), txn_date: '2026-01-31' }] };
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', BATCH, books.headers, body),
      'period_closed',
      ['entries/1/txn_date'],
    );
  });

  test('a body over the batch route’s 8 MiB answers 413 naming 8 MiB, where other routes name 1 MiB', async () => {
    const books = await signUp(harness);
    const memo = 'x'.repeat(9 * 1024);
    const nineMiB = Array.from({ length: 1024 }, (_, index) => ({ ...entry(books, index), memo }));
    const batch = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', BATCH, books.headers, { post: true, entries: nineMiB }),
      'payload_too_large',
    );
    assert.equal(batch.json().error.message, 'the request body is larger than 8 MiB, this route’s limit');
    const single = await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
          ...entry(books, 0),
          memo: 'x'.repeat(1024 * 1024),
        }),
      'payload_too_large',
    );
    assert.equal(single.json().error.message, 'the request body is larger than 1 MiB, this route’s limit');
  });

  test('no entries, more than 1000, or more than 20,000 lines are refused and write nothing', async () => {
    const books = await signUp(harness);
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', BATCH, books.headers, { post: true, entries: [] }),
      'validation_error',
      ['entries'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', BATCH, books.headers, { post: true, entries: entries(books, 1001) }),
      'validation_error',
      ['entries'],
    );
    const wide = Array.from({ length: 41 }, (_, index) => ({
      txn_date: today,
      lines: Array.from({ length: 500 }, (_, line) =>
        line % 2 === 0
          ? { account: books.accounts['1000'], debit: '0.01' }
          : { account: books.accounts['3000'], credit: '0.01' },
      ),
      memo: `wide ${index}`,
    }));
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', BATCH, books.headers, { post: true, entries: wide }),
      'validation_error',
      ['entries'],
    );
  });

  test('one Idempotency-Key covers the batch: a repeat replays it, another body is refused', async () => {
    const books = await signUp(harness);
    const headers = { ...books.headers, 'idempotency-key': `batch-${randomUUID()}` };
    const body = { post: true, entries: entries(books, 5) };
    const first = await call(harness, 'POST', BATCH, headers, body);
    assert.equal(first.statusCode, 201, first.body);
    const again = await call(harness, 'POST', BATCH, headers, body);
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body, first.body);
    assert.equal(await balanceOf(books, '1000'), '50.0000');
    const other = await call(harness, 'POST', BATCH, headers, { post: true, entries: entries(books, 4) });
    assertEnvelope(other, 'idempotency_conflict');
    assert.equal(await balanceOf(books, '1000'), '50.0000');
  });

  test('a viewer and a sales member may not post batches', async () => {
    const books = await signUp(harness);
    for (const role of ['viewer', 'sales']) {
      const member = await addMember(harness, books, role);
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'POST', BATCH, member.headers, { post: true, entries: entries(books, 2) }),
        'permission_denied',
      );
    }
  });

  test('concurrent batches and single postings keep every number once, each batch consecutive', async () => {
    const books = await signUp(harness);
    const base = await listen(harness);
    const send = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...books.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const answers = await Promise.all([
      send(BATCH, { post: true, entries: entries(books, 40) }),
      send(BATCH, { post: true, entries: entries(books, 40) }),
      ...Array.from({ length: 8 }, () =>
        send('/api/v1/journal-entries', { ...balancedEntry(books), post: true }),
      ),
    ]);
    const numbers: number[] = [];
    for (const answer of answers) {
      assert.equal(answer.status, 201, JSON.stringify(answer.body).slice(0, 300));
      const results = answer.body.results ?? [answer.body];
      const own = results.map((result: { entry_number: string }) => Number(result.entry_number.slice(3)));
      own.forEach((number: number, index: number) => {
        assert.equal(number, own[0] + index, 'a batch takes consecutive numbers');
      });
      numbers.push(...own);
    }
    numbers.sort((a, b) => a - b);
    assert.deepEqual(
      numbers,
      Array.from({ length: 88 }, (_, index) => index + 1),
    );
    assert.equal(await balanceOf(books, '1000'), `${40 * 10 * 2 + 8 * 100}.0000`);
  });
});
