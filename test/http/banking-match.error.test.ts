// Matching refusals (D74): lines that do not add up, are on another account, are drafts or reversed,
// or are matched already; transactions in the wrong state or at another version; a document whose
// entry holds a matched line voided or reversed (409 naming the bank transaction). Each writes
// nothing. On PostgreSQL, real concurrent requests: two matches of one line, and a match racing the
// void of the payment it matches: exactly one wins and `folio check` stays clean.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { bankLine, depositedPayment, lineOn, match, postedEntry } from '../helpers/banking.ts';
import { call, type Headers, listen, signUp, useHarness } from '../helpers/harness.ts';
import { createDraft } from '../helpers/ledger.ts';
import { ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

describe('match refusals (D74)', () => {
  test('lines that do not move the account by the amount, or are not the account’s posted lines: 400, nothing written', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    const entry = await postedEntry(harness, books, checking, books.accounts['3000']!, '50.00');
    const transaction = await bankLine(harness, books, '60.00', 'm-1');
    const draft = await createDraft(harness, books.headers, {
      txn_date: '2026-11-09',
      memo: 'draft',
      lines: [
        { account: checking, debit: '60.00' },
        { account: books.accounts['3000'], credit: '60.00' },
      ],
    });
    const reversed = await postedEntry(harness, books, checking, books.accounts['3000']!, '60.00');
    ok(await call(harness, 'POST', `/api/v1/journal-entries/${reversed.id}/reverse`, books.headers), 201);
    const cases: [string[], string][] = [
      [[lineOn(entry, checking)], 'journal_lines'],
      [[lineOn(entry, books.accounts['3000']!)], 'journal_lines/0'],
      [[lineOn(draft, checking)], 'journal_lines/0'],
      [[lineOn(reversed, checking)], 'journal_lines/0'],
      [['00000000-0000-4000-8000-000000000000'], 'journal_lines/0'],
      [['line-1'], 'journal_lines/0'],
      [[lineOn(entry, checking), lineOn(entry, checking)], 'journal_lines/1'],
      [[], 'journal_lines'],
    ];
    for (const [lines, field] of cases) {
      await refusedUnchanged(
        harness,
        books,
        () => match(harness, books.headers, transaction.id, lines),
        'validation_error',
        [field],
      );
    }
  });

  test('a line matched elsewhere, a transaction matched or excluded, or at another version: 409/412, nothing written', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    const entry = await postedEntry(harness, books, checking, books.accounts['3000']!, '25.00');
    const line = lineOn(entry, checking);
    const first = await bankLine(harness, books, '25.00', 'a');
    const second = await bankLine(harness, books, '25.00', 'b');
    ok(await match(harness, books.headers, first.id, [line]));
    const refused = await refusedUnchanged(
      harness,
      books,
      () => match(harness, books.headers, second.id, [line]),
      'invalid_state',
      ['journal_lines/0'],
    );
    assert.equal(refused.json().error.detail.bank_transaction, first.id);
    await refusedUnchanged(
      harness,
      books,
      () => match(harness, books.headers, first.id, [line]),
      'invalid_state',
    );
    const act = (id: string, verb: string, body?: unknown) =>
      call(harness, 'POST', `/api/v1/bank-transactions/${id}/${verb}`, books.headers, body);
    await refusedUnchanged(harness, books, () => act(first.id, 'exclude'), 'invalid_state');
    await refusedUnchanged(harness, books, () => act(first.id, 'include'), 'invalid_state');
    await refusedUnchanged(harness, books, () => act(second.id, 'unmatch'), 'invalid_state');
    await refusedUnchanged(harness, books, () => act(first.id, 'unmatch', { version: 1 }), 'stale_write');
    ok(await act(second.id, 'exclude'));
    const other = await postedEntry(harness, books, checking, books.accounts['3000']!, '25.00');
    await refusedUnchanged(
      harness,
      books,
      () => match(harness, books.headers, second.id, [lineOn(other, checking)]),
      'invalid_state',
    );
    await refusedUnchanged(
      harness,
      books,
      () => match(harness, books.headers, '00000000-0000-4000-8000-000000000000', [line]),
      'not_found',
    );
  });

  test('a document whose entry holds a matched line is voided or reversed only after unmatching: 409 naming the transaction', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    const { payment, line } = await depositedPayment(harness, books, '75.00');
    const transaction = await bankLine(harness, books, '75.00', 'pay-1');
    ok(await match(harness, books.headers, transaction.id, [line]));
    const voided = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/payments-received/${payment.id}/void`, books.headers),
      'invalid_state',
    );
    assert.equal(voided.json().error.detail.bank_transaction, transaction.id);
    assert.match(voided.json().error.message, new RegExp(transaction.id));
    const entry = await postedEntry(harness, books, checking, books.accounts['3000']!, '10.00');
    const other = await bankLine(harness, books, '10.00', 'je-1');
    ok(await match(harness, books.headers, other.id, [lineOn(entry, checking)]));
    const reversed = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/journal-entries/${entry.id}/reverse`, books.headers),
      'invalid_state',
    );
    assert.equal(reversed.json().error.detail.bank_transaction, other.id);
  });
});

describe('matching races over real sockets (PGlite serializes them; PostgreSQL runs them at once)', () => {
  async function post(base: string, headers: Headers, path: string, body: unknown = {}) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  test('two requests matching one ledger line to two bank lines at once: exactly one wins', async () => {
    const books = await signUp(harness);
    const base = await listen(harness);
    const checking = books.accounts['1000']!;
    for (let round = 0; round < 5; round += 1) {
      const entry = await postedEntry(harness, books, checking, books.accounts['3000']!, '33.00');
      const line = lineOn(entry, checking);
      const a = await bankLine(harness, books, '33.00', `race-a-${round}`);
      const b = await bankLine(harness, books, '33.00', `race-b-${round}`);
      const answers = await Promise.all([
        post(base, books.headers, `/api/v1/bank-transactions/${a.id}/match`, { journal_lines: [line] }),
        post(base, books.headers, `/api/v1/bank-transactions/${b.id}/match`, { journal_lines: [line] }),
      ]);
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409], JSON.stringify(answers));
      const [row] = await harness.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM bank_matches WHERE organization_id = $1 AND journal_line_id = $2',
        [books.organizationId, line],
      );
      assert.equal(row?.n, 1);
    }
  });

  test('two requests matching one bank line to two ledger lines at once: exactly one wins', async () => {
    const books = await signUp(harness);
    const base = await listen(harness);
    const checking = books.accounts['1000']!;
    const transaction = await bankLine(harness, books, '44.00', 'one-bank-line');
    const lines = await Promise.all(
      [0, 1].map(async () =>
        lineOn(await postedEntry(harness, books, checking, books.accounts['3000']!, '44.00'), checking),
      ),
    );
    const answers = await Promise.all(
      lines.map((line) =>
        post(base, books.headers, `/api/v1/bank-transactions/${transaction.id}/match`, {
          journal_lines: [line],
        }),
      ),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409], JSON.stringify(answers));
  });

  test('a payment voided while its bank line is matched: one is refused, and folio check stays clean', async () => {
    const books = await signUp(harness);
    const base = await listen(harness);
    for (let round = 0; round < 5; round += 1) {
      const { payment, line } = await depositedPayment(harness, books, '19.00');
      const transaction = await bankLine(harness, books, '19.00', `void-race-${round}`);
      const [matched, voided] = await Promise.all([
        post(base, books.headers, `/api/v1/bank-transactions/${transaction.id}/match`, {
          journal_lines: [line],
        }),
        post(base, books.headers, `/api/v1/payments-received/${payment.id}/void`),
      ]);
      const statuses = [matched.status, voided.status];
      assert.ok(
        (statuses[0] === 200 && voided.status === 409) || (statuses[0] !== 200 && voided.status === 200),
        JSON.stringify({ matched, voided }),
      );
      if (matched.status !== 200) assert.ok([400, 409].includes(matched.status), JSON.stringify(matched));
    }
    const report = await checkBooks(harness.db, { organizationId: books.organizationId });
    assert.deepEqual(report.violations, []);
  });
});
