// Reconciliation refusals (D76): bad input, a cleared balance that is not the statement's (409 with
// the figures), a statement date before the account's last reconciliation or with no bank line on or
// before it, and what a reconciliation freezes (unmatching a reconciled transaction, voiding the
// document of a reconciled line). Each writes nothing. On PostgreSQL, real concurrent requests: two
// reconciliations of one account, a reconciliation racing an unmatch, and one racing a match; each
// transaction ends up reconciled at most once, and only when its match was counted.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { depositedPayment, match } from '../helpers/banking.ts';
import { call, type Headers, listen, onPostgres, signUp, useHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import {
  bankLineOn,
  ledgerMove,
  matchedPair,
  type ReconciliationBody,
  reconcile,
  transactionOf,
} from '../helpers/reconcile.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

describe('reconcile refusals (D76)', () => {
  test('bad input: 400 on the field, nothing written', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    await matchedPair(harness, books, { bank: '2026-11-02', ledger: '2026-11-02' }, '10.00', 'in-1');
    const post = (body: Record<string, unknown>) =>
      call(harness, 'POST', '/api/v1/bank-reconciliations', books.headers, {
        account: checking,
        statement_date: '2026-11-30',
        statement_balance: '10.00',
        ...body,
      });
    const cases: [Record<string, unknown>, 'validation_error' | 'invalid_money', string][] = [
      [{ account: books.accounts['3000'] }, 'validation_error', 'account'],
      [{ account: books.accounts['1010'] }, 'validation_error', 'account'],
      [{ account: '00000000-0000-4000-8000-000000000000' }, 'validation_error', 'account'],
      [{ account: 'checking' }, 'validation_error', 'account'],
      [{ statement_date: '2026-02-30' }, 'validation_error', 'statement_date'],
      [{ statement_date: '30/11/2026' }, 'validation_error', 'statement_date'],
      [{ statement_balance: '10.005' }, 'invalid_money', 'statement_balance'],
      [{ statement_balance: 10 }, 'invalid_money', 'statement_balance'],
      [{ statement_balance: 'ten' }, 'invalid_money', 'statement_balance'],
      [{ statement_balance: undefined }, 'validation_error', 'statement_balance'],
    ];
    for (const [body, code, field] of cases) {
      await refusedUnchanged(harness, books, () => post(body), code, [field]);
    }
  });

  test('a cleared balance that is not the statement balance: 409 with cleared, statement and difference; nothing written', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    await ledgerMove(harness, books, '2026-10-15', '500.00');
    await matchedPair(harness, books, { bank: '2026-11-02', ledger: '2026-11-01' }, '-120.37', 'out-1');
    await bankLineOn(harness, books, '2026-11-09', '-0.01', 'unmatched-cent');
    const refused = await refusedUnchanged(
      harness,
      books,
      () => reconcile(harness, books.headers, checking, '2026-11-30', '379.62'),
      'invalid_state',
    );
    assert.deepEqual(refused.json().error.detail, {
      cleared_balance: '379.6300',
      statement_balance: '379.6200',
      difference: '-0.0100',
    });
    ok(await reconcile(harness, books.headers, checking, '2026-11-30', '379.63'), 201);
  });

  test('a statement date before the last reconciliation, or with no bank line on or before it: 409 on statement_date, nothing written', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    await matchedPair(harness, books, { bank: '2026-11-12', ledger: '2026-11-12' }, '42.00', 'd-1');
    const early = await refusedUnchanged(
      harness,
      books,
      () => reconcile(harness, books.headers, checking, '2026-11-11', '0.00'),
      'invalid_state',
      ['statement_date'],
    );
    assert.match(early.json().error.message, /no bank transactions dated on or before 2026-11-11/);
    const last: ReconciliationBody = ok(
      await reconcile(harness, books.headers, checking, '2026-11-30', '42.00'),
      201,
    );
    const before = await refusedUnchanged(
      harness,
      books,
      () => reconcile(harness, books.headers, checking, '2026-11-29', '42.00'),
      'invalid_state',
      ['statement_date'],
    );
    assert.deepEqual(
      [before.json().error.detail.last_statement_date, before.json().error.detail.reconciliation],
      ['2026-11-30', last.id],
    );
    // Savings has no bank line at all.
    await refusedUnchanged(
      harness,
      books,
      () => reconcile(harness, books.headers, books.accounts['1050']!, '2026-11-30', '0.00'),
      'invalid_state',
      ['statement_date'],
    );
  });

  test('a reconciled transaction is not unmatched, and the document of its line is not voided: 409, nothing written', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    const { payment, line } = await depositedPayment(harness, books, '75.00');
    const transaction = await bankLineOn(harness, books, '2026-11-10', '75.00', 'pay-1');
    ok(await match(harness, books.headers, transaction.id, [line]));
    const reconciled: ReconciliationBody = ok(
      await reconcile(harness, books.headers, checking, '2026-11-30', '75.00'),
      201,
    );
    const unmatch = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bank-transactions/${transaction.id}/unmatch`, books.headers),
      'invalid_state',
    );
    assert.equal(unmatch.json().error.detail.reconciliation, reconciled.id);
    for (const verb of ['exclude', 'include']) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'POST', `/api/v1/bank-transactions/${transaction.id}/${verb}`, books.headers),
        'invalid_state',
      );
    }
    const voided = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/payments-received/${payment.id}/void`, books.headers),
      'invalid_state',
    );
    assert.equal(voided.json().error.detail.bank_transaction, transaction.id);
  });

  test('an Idempotency-Key replays the reconciliation instead of making a second', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    await matchedPair(harness, books, { bank: '2026-11-02', ledger: '2026-11-02' }, '8.00', 'idem-1');
    const key = { 'idempotency-key': 'reconcile-november' };
    const first = await reconcile(harness, books.headers, checking, '2026-11-30', '8.00', key);
    const again = await reconcile(harness, books.headers, checking, '2026-11-30', '8.00', key);
    assert.deepEqual([first.statusCode, again.statusCode, again.body], [201, 201, first.body]);
    assert.equal(
      ok(await call(harness, 'GET', '/api/v1/bank-reconciliations', books.headers)).results.length,
      1,
    );
  });
});

describe('reconciliation races (PostgreSQL, real sockets)', { skip: !onPostgres }, () => {
  async function post(base: string, headers: Headers, path: string, body: unknown = {}) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }
  const reconcileAt = (base: string, headers: Headers, account: string, balance: string) =>
    post(base, headers, '/api/v1/bank-reconciliations', {
      account,
      statement_date: '2026-11-30',
      statement_balance: balance,
    });

  /** The cleared balance a reconciliation on 2026-11-30 would count now, in cents. */
  async function clearedCents(headers: Headers, account: string): Promise<bigint> {
    const report = ok(
      await call(
        harness,
        'GET',
        `/api/v1/reports/bank-reconciliation?account=${account}&as_of=2026-11-30`,
        headers,
      ),
    );
    return report.cleared_balance === null ? 0n : BigInt(report.cleared_balance.replace('.', '')) / 100n;
  }
  const money = (cents: bigint) =>
    `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`;

  test('two reconciliations of one account at once: each transaction is reconciled by exactly one', async () => {
    const books = await signUp(harness);
    const base = await listen(harness);
    const checking = books.accounts['1000']!;
    for (let round = 0; round < 5; round += 1) {
      const pair = await matchedPair(
        harness,
        books,
        { bank: `2026-11-1${round}`, ledger: `2026-11-1${round}` },
        `1${round}.25`,
        `both-${round}`,
      );
      const balance = money(await clearedCents(books.headers, checking));
      const answers = await Promise.all([
        reconcileAt(base, books.headers, checking, balance),
        reconcileAt(base, books.headers, checking, balance),
      ]);
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [201, 201],
        JSON.stringify(answers),
      );
      assert.deepEqual(answers.map((answer) => answer.body.transactions_reconciled).sort(), [0, 1]);
      const winner = answers.find((answer) => answer.body.transactions_reconciled === 1)!;
      assert.equal(
        (await transactionOf(harness, books.headers, pair.transaction.id)).reconciliation,
        winner.body.id,
      );
    }
    assert.deepEqual((await checkBooks(harness.db, { organizationId: books.organizationId })).violations, []);
  });

  test('a reconciliation racing the unmatch of a transaction it counts: one of them is refused, and the books agree', async (t) => {
    const books = await signUp(harness);
    const base = await listen(harness);
    const checking = books.accounts['1000']!;
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const pair = await matchedPair(
        harness,
        books,
        { bank: `2026-11-2${round}`, ledger: `2026-11-2${round}` },
        `-3.0${round}`,
        `unmatch-${round}`,
      );
      const balance = money(await clearedCents(books.headers, checking));
      const [reconciled, unmatched] = await Promise.all([
        reconcileAt(base, books.headers, checking, balance),
        post(base, books.headers, `/api/v1/bank-transactions/${pair.transaction.id}/unmatch`),
      ]);
      const after = await transactionOf(harness, books.headers, pair.transaction.id);
      if (reconciled.status === 201) {
        assert.equal(unmatched.status, 409, JSON.stringify({ reconciled, unmatched }));
        assert.equal(unmatched.body.error.code, 'invalid_state');
        assert.deepEqual([after.status, after.reconciliation], ['matched', reconciled.body.id]);
        outcomes.add('reconciled first');
      } else {
        assert.deepEqual([reconciled.status, unmatched.status], [409, 200], JSON.stringify({ reconciled }));
        assert.equal(reconciled.body.error.detail.difference, pair.transaction.amount);
        assert.deepEqual([after.status, after.reconciliation], ['unmatched', null]);
        outcomes.add('unmatched first');
      }
    }
    t.diagnostic(`orders seen: ${[...outcomes].join(', ')}`);
    assert.deepEqual((await checkBooks(harness.db, { organizationId: books.organizationId })).violations, []);
  });

  test('a reconciliation racing the match of a transaction: reconciled only with its match counted', async () => {
    const books = await signUp(harness);
    const base = await listen(harness);
    const checking = books.accounts['1000']!;
    await matchedPair(harness, books, { bank: '2026-11-01', ledger: '2026-11-01' }, '100.00', 'start');
    for (let round = 0; round < 5; round += 1) {
      const moved = await ledgerMove(harness, books, `2026-11-1${round}`, `2.${round}0`);
      const line = await bankLineOn(harness, books, `2026-11-1${round}`, `2.${round}0`, `match-${round}`);
      const withIt = money((await clearedCents(books.headers, checking)) + BigInt(200 + round * 10));
      const [reconciled, matched] = await Promise.all([
        reconcileAt(base, books.headers, checking, withIt),
        post(base, books.headers, `/api/v1/bank-transactions/${line.id}/match`, {
          journal_lines: [moved.line],
        }),
      ]);
      assert.equal(matched.status, 200, JSON.stringify(matched));
      const after = await transactionOf(harness, books.headers, line.id);
      if (reconciled.status === 201) {
        assert.equal(after.reconciliation, reconciled.body.id);
        assert.equal(reconciled.body.transactions_reconciled, 1);
      } else {
        assert.equal(reconciled.status, 409, JSON.stringify(reconciled));
        assert.equal(after.reconciliation, null);
        // Reconciling now counts it.
        ok(await reconcile(harness, books.headers, checking, '2026-11-30', withIt), 201);
      }
    }
    assert.deepEqual((await checkBooks(harness.db, { organizationId: books.organizationId })).violations, []);
  });
});
