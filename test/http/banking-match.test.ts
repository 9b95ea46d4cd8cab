// Matching, what works (D74): a bank line matched to the ledger lines that moved its bank account by
// exactly its amount (a payment's deposit, a bill payment, several journal entries), shown on both
// sides (the transaction's `matched`, the journal line's `bank_transaction`), unmatched, excluded and
// included; each change a bank_transaction record in the feed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bankLine, depositedPayment, lineOn, match, postedEntry } from '../helpers/banking.ts';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import { call, signUp, useHarness } from '../helpers/harness.ts';
import { ok, receivablesSetup, sentInvoice } from '../helpers/receivables.ts';

const harness = useHarness();

describe('matching (D74)', () => {
  test('journal entry lines carry their id and the bank transaction they are matched to', async () => {
    const books = await signUp(harness);
    const { payment, entry, line } = await depositedPayment(harness, books, '120.00');
    assert.ok(
      entry.lines.every(
        (candidate: { id: string; bank_transaction: null }) => candidate.bank_transaction === null,
      ),
    );
    assert.equal(
      new Set(entry.lines.map((candidate: { id: string }) => candidate.id)).size,
      entry.lines.length,
    );
    const transaction = await bankLine(harness, books, '120.00', 'dep-1');
    const cursor = await feedCursor(harness, books.headers);
    const matched = ok(await match(harness, books.headers, transaction.id, [line]));
    assert.equal(matched.status, 'matched');
    assert.equal(matched.version, 2);
    assert.deepEqual(matched.matched, [{ journal_line: line, journal_entry: entry.id, amount: '120.0000' }]);
    const after = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${payment.journal_entry}`, books.headers),
    );
    assert.equal(after.version, entry.version, 'matching does not change the entry');
    assert.deepEqual(
      after.lines.map((candidate: { id: string; bank_transaction: string | null }) => [
        candidate.id,
        candidate.bank_transaction,
      ]),
      entry.lines.map((candidate: { id: string }) => [
        candidate.id,
        candidate.id === line ? transaction.id : null,
      ]),
    );
    assert.deepEqual(changeTuples(await changesSince(harness, books.headers, cursor)), [
      ['bank_transaction', transaction.id, 'updated', 2],
    ]);
    const listed = ok(await call(harness, 'GET', '/api/v1/bank-transactions?status=matched', books.headers));
    assert.deepEqual(listed.results, [matched]);
  });

  test('several lines match one bank line when they add up to it exactly; unmatch frees them', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    const first = await postedEntry(harness, books, checking, books.accounts['3000']!, '50.00');
    const second = await postedEntry(harness, books, checking, books.accounts['3000']!, '70.25');
    const transaction = await bankLine(harness, books, '120.25', 'sum-1');
    const lines = [lineOn(first, checking), lineOn(second, checking)];
    const matched = ok(await match(harness, books.headers, transaction.id, lines));
    assert.deepEqual(
      matched.matched
        .map((row: { journal_line: string; amount: string }) => [row.journal_line, row.amount])
        .sort(),
      [
        [lines[0], '50.0000'],
        [lines[1], '70.2500'],
      ].sort(),
    );
    const unmatched = ok(
      await call(harness, 'POST', `/api/v1/bank-transactions/${transaction.id}/unmatch`, books.headers),
    );
    assert.deepEqual([unmatched.status, unmatched.matched, unmatched.version], ['unmatched', [], 3]);
    // Free again: another bank line of the same amount takes them.
    const other = await bankLine(harness, books, '120.25', 'sum-2');
    assert.equal(ok(await match(harness, books.headers, other.id, lines)).status, 'matched');
  });

  test('money out: a bill payment paid from checking matches a negative bank line; a credit card line matches its card', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    const expense = await postedEntry(
      harness,
      books,
      books.accounts['6300'] ?? books.accounts['3000']!,
      checking,
      '80.00',
    );
    const out = await bankLine(harness, books, '-80.00', 'out-1');
    assert.equal(
      ok(await match(harness, books.headers, out.id, [lineOn(expense, checking)])).matched[0].amount,
      '-80.0000',
    );
    const card = books.accounts['2100']!;
    const payoff = await postedEntry(harness, books, card, checking, '500.00');
    const cardLine = await bankLine(harness, books, '500.00', 'card-1', card);
    assert.equal(
      ok(await match(harness, books.headers, cardLine.id, [lineOn(payoff, card)])).status,
      'matched',
    );
  });

  test('exclude and include: an excluded line leaves the unmatched list and comes back', async () => {
    const books = await signUp(harness);
    const transaction = await bankLine(harness, books, '-3.20', 'dup-1');
    const excluded = ok(
      await call(harness, 'POST', `/api/v1/bank-transactions/${transaction.id}/exclude`, books.headers),
    );
    assert.deepEqual([excluded.status, excluded.version], ['excluded', 2]);
    assert.deepEqual(
      ok(await call(harness, 'GET', '/api/v1/bank-transactions?status=unmatched', books.headers)).results,
      [],
    );
    const included = ok(
      await call(harness, 'POST', `/api/v1/bank-transactions/${transaction.id}/include`, books.headers, {
        version: 2,
      }),
    );
    assert.deepEqual([included.status, included.version], ['unmatched', 3]);
  });

  test('after unmatching, the document voids as before', async () => {
    const books = await signUp(harness);
    const { payment, line } = await depositedPayment(harness, books, '40.00');
    const transaction = await bankLine(harness, books, '40.00', 'void-1');
    ok(await match(harness, books.headers, transaction.id, [line]));
    ok(await call(harness, 'POST', `/api/v1/bank-transactions/${transaction.id}/unmatch`, books.headers));
    const voided = ok(
      await call(harness, 'POST', `/api/v1/payments-received/${payment.id}/void`, books.headers),
    );
    assert.equal(voided.status, 'void');
  });
});

describe('suggestions (D74)', () => {
  test('ledger lines of the same amount within 14 days, nearest first, and open invoices of that balance, each with reasons', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const checking = books.accounts['1000']!;
    const near = await postedEntry(harness, books, checking, books.accounts['3000']!, '108.25');
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const transaction = await bankLine(
      harness,
      books,
      invoice.total.replace(/00$/, ''),
      `sug-${invoice.number}`,
    );
    const suggestions = ok(
      await call(harness, 'GET', `/api/v1/bank-transactions/${transaction.id}/suggestions`, books.headers),
    );
    const invoiceSuggestion = suggestions.results.find(
      (result: { kind: string }) => result.kind === 'invoice',
    );
    assert.deepEqual(
      { ...invoiceSuggestion, amount: '-' },
      {
        kind: 'invoice',
        journal_line: null,
        journal_entry: null,
        document: invoice.id,
        number: invoice.number,
        date: null,
        amount: '-',
        rule: null,
        reasons: [{ reason: 'amount_equal' }, { reason: 'reference_found', reference: invoice.number }],
      },
    );
    assert.equal(suggestions.results[0].kind, 'invoice', 'a reference found ranks first');
    const other = await bankLine(harness, books, '108.25', 'sug-line');
    const lines = ok(
      await call(harness, 'GET', `/api/v1/bank-transactions/${other.id}/suggestions`, books.headers),
    );
    assert.deepEqual(lines.results[0].reasons, [
      { reason: 'amount_equal' },
      { reason: 'date_within_days', days: 1 },
    ]);
    assert.equal(lines.results[0].journal_line, lineOn(near, checking));
    ok(await match(harness, books.headers, other.id, [lineOn(near, checking)]));
    const third = await bankLine(harness, books, '108.25', 'sug-again');
    const after = ok(
      await call(harness, 'GET', `/api/v1/bank-transactions/${third.id}/suggestions`, books.headers),
    );
    assert.deepEqual(
      after.results.filter((result: { kind: string }) => result.kind === 'journal_line'),
      [],
      'a matched line is no longer suggested',
    );
  });
});
