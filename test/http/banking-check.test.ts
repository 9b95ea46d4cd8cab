// `folio check` over banking (D78): books with imported, pushed, matched, excluded and unmatched bank
// lines pass; a matched transaction whose amount no longer equals its lines, a match pointing at a
// line of another account, and a transaction unmatched while its matches stay, are each reported as
// bank_transaction_agrees. Every break is repaired in the same test (the PostgreSQL suite shares one
// database, which folio check verifies after the suite).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { bankLine, createFrom, importFixture, lineOn, match, OFX, postedEntry } from '../helpers/banking.ts';
import { call, type Harness, signUp, startHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import type { Statements } from '../helpers/tamper.ts';
import * as checked from '../helpers/tamper.ts';

let harness: Harness;
before(async () => {
  harness = await startHarness({}, 10, { skipBooksCheck: true });
});
after(() => harness.close());

const brokenThenRepaired = (organizationId: string, breakIt: Statements, repair: Statements) =>
  checked.brokenThenRepaired(harness, organizationId, breakIt, repair);

async function bankedBooks() {
  const harnessBooks = await signUp(harness);
  const books = harnessBooks;
  const checking = books.accounts['1000']!;
  await importFixture(harness, books, 'checking-ofx1.ofx', OFX);
  const entry = await postedEntry(harness, books, checking, books.accounts['3000']!, '64.00');
  const matched = await bankLine(harness, books, '64.00', 'chk-1');
  ok(await match(harness, books.headers, matched.id, [lineOn(entry, checking)]));
  const excluded = await bankLine(harness, books, '-1.00', 'chk-2');
  ok(await call(harness, 'POST', `/api/v1/bank-transactions/${excluded.id}/exclude`, books.headers));
  const other = await postedEntry(harness, books, books.accounts['1050']!, books.accounts['3000']!, '64.00');
  return { books, matched, otherLine: lineOn(other, books.accounts['1050']!), line: lineOn(entry, checking) };
}

describe('folio check with banking (D78)', () => {
  test('books with imported, matched, excluded and unmatched bank lines pass', async () => {
    const { books } = await bankedBooks();
    assert.deepEqual(await checkBooks(harness.db, { organizationId: books.organizationId }), {
      organizationsChecked: 1,
      violations: [],
    });
  });

  test('a matched transaction whose amount is not its lines’ sum is reported', async () => {
    const { books, matched } = await bankedBooks();
    const org = books.organizationId;
    const found = await brokenThenRepaired(
      org,
      [
        [
          'UPDATE bank_transactions SET amount = amount + 1 WHERE organization_id = $1 AND id = $2',
          [org, matched.id],
        ],
      ],
      [
        [
          'UPDATE bank_transactions SET amount = amount - 1 WHERE organization_id = $1 AND id = $2',
          [org, matched.id],
        ],
      ],
    );
    assert.deepEqual(
      found.map((violation) => [violation.invariant, violation.detail?.record_id]),
      [['bank_transaction_agrees', matched.id]],
    );
    assert.match(found[0]!.message, /lines summing to 65\.0000 on its account/);
  });

  test('a match pointing at a line of another account is reported', async () => {
    const { books, matched, line, otherLine } = await bankedBooks();
    const org = books.organizationId;
    const found = await brokenThenRepaired(
      org,
      [
        [
          'UPDATE bank_matches SET journal_line_id = $2 WHERE organization_id = $1 AND journal_line_id = $3',
          [org, otherLine, line],
        ],
      ],
      [
        [
          'UPDATE bank_matches SET journal_line_id = $3 WHERE organization_id = $1 AND journal_line_id = $2',
          [org, otherLine, line],
        ],
      ],
    );
    assert.deepEqual(
      found.map((violation) => violation.invariant),
      ['bank_transaction_agrees'],
    );
    assert.equal(found[0]!.detail?.record_id, matched.id);
    assert.match(found[0]!.message, /1 on another account/);
  });

  test('a transaction that is no longer matched while its matches stay is reported', async () => {
    const { books, matched } = await bankedBooks();
    const org = books.organizationId;
    const found = await brokenThenRepaired(
      org,
      [
        [
          "UPDATE bank_transactions SET status = 'unmatched' WHERE organization_id = $1 AND id = $2",
          [org, matched.id],
        ],
      ],
      [
        [
          "UPDATE bank_transactions SET status = 'matched' WHERE organization_id = $1 AND id = $2",
          [org, matched.id],
        ],
      ],
    );
    assert.deepEqual(
      found.map((violation) => [violation.invariant, violation.detail?.rule]),
      [['bank_transaction_agrees', 'a bank transaction that is not matched has no matched ledger lines']],
    );
  });

  test('entries created from bank lines pass; one whose source is no bank transaction, or that misses its account, is reported', async () => {
    const { books } = await bankedBooks();
    const org = books.organizationId;
    const spent = await bankLine(harness, books, '-12.50', 'created-1');
    const created = ok(
      await createFrom(harness, books.headers, spent.id, { kind: 'spend', account: books.accounts['6300'] }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/bank-transactions/${spent.id}/unmatch`, books.headers));
    const other = await bankLine(harness, books, '-3.00', 'created-2');
    const found = await brokenThenRepaired(
      org,
      [
        [
          'UPDATE journal_entries SET source_id = $3 WHERE organization_id = $1 AND id = $2',
          [org, created.journal_entry, other.id],
        ],
      ],
      [
        [
          'UPDATE journal_entries SET source_id = $3 WHERE organization_id = $1 AND id = $2',
          [org, created.journal_entry, spent.id],
        ],
      ],
    );
    assert.deepEqual(
      found.map((violation) => [violation.invariant, violation.detail?.record_id]),
      [['bank_transaction_agrees', created.journal_entry]],
    );
    assert.match(found[0]!.message, /lines moving it by -12\.5000/);
    const gone = await brokenThenRepaired(
      org,
      [
        [
          'UPDATE journal_entries SET source_id = $2 WHERE organization_id = $1 AND id = $3',
          [org, org, created.journal_entry],
        ],
      ],
      [
        [
          'UPDATE journal_entries SET source_id = $3 WHERE organization_id = $1 AND id = $2',
          [org, created.journal_entry, spent.id],
        ],
      ],
    );
    assert.match(gone[0]!.message, /is no bank transaction of these books/);
  });
});
