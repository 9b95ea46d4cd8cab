// Matching and who may do it (D77, D10): viewers and sales never match, exclude or unmatch; another
// organization's bank transaction is 404 and its ledger lines are no lines of these books.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bankLine, lineOn, match, postedEntry } from '../helpers/banking.ts';
import { addMember, call, createKey, signUp, useHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

describe('matching across roles and books', () => {
  test('viewer, sales and a viewer key are refused every matching action; nothing is written', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    const entry = await postedEntry(harness, books, checking, books.accounts['3000']!, '12.00');
    const transaction = await bankLine(harness, books, '12.00', 'sec-1');
    const viewer = await addMember(harness, books, 'viewer');
    const sales = await addMember(harness, books, 'sales');
    const key = await createKey(harness, books, 'viewer');
    for (const headers of [viewer.headers, sales.headers, key.headers]) {
      await refusedUnchanged(
        harness,
        books,
        () => match(harness, headers, transaction.id, [lineOn(entry, checking)]),
        'permission_denied',
      );
      for (const verb of ['exclude', 'unmatch', 'include']) {
        await refusedUnchanged(
          harness,
          books,
          () => call(harness, 'POST', `/api/v1/bank-transactions/${transaction.id}/${verb}`, headers),
          'permission_denied',
        );
      }
    }
    const accountantKey = await createKey(harness, books, 'accountant');
    assert.equal(
      ok(await match(harness, accountantKey.headers, transaction.id, [lineOn(entry, checking)])).status,
      'matched',
    );
  });

  test('another organization’s transaction is 404; its ledger lines are not lines of these books', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const theirEntry = await postedEntry(
      harness,
      other,
      other.accounts['1000']!,
      other.accounts['3000']!,
      '9.00',
    );
    const theirLine = await bankLine(harness, other, '9.00', 'theirs');
    const mine = await bankLine(harness, books, '9.00', 'mine');
    await refusedUnchanged(
      harness,
      books,
      () => match(harness, books.headers, theirLine.id, [lineOn(theirEntry, other.accounts['1000']!)]),
      'not_found',
    );
    await refusedUnchanged(
      harness,
      books,
      () => match(harness, books.headers, mine.id, [lineOn(theirEntry, other.accounts['1000']!)]),
      'validation_error',
      ['journal_lines/0'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bank-transactions/${theirLine.id}/exclude`, books.headers),
      'not_found',
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'GET', `/api/v1/bank-transactions/${theirLine.id}/suggestions`, books.headers),
      'not_found',
    );
    const sales = await addMember(harness, books, 'sales');
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'GET', `/api/v1/bank-transactions/${mine.id}/suggestions`, sales.headers),
      'permission_denied',
    );
    // Their open ledger line of the same amount is never suggested here.
    const suggested = ok(
      await call(harness, 'GET', `/api/v1/bank-transactions/${mine.id}/suggestions`, books.headers),
    );
    assert.deepEqual(suggested.results, []);
  });
});
