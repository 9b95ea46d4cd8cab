// Creating from a bank line, refusals (D74): a kind that does not fit the amount's sign, a zero line,
// accounts a bank line may not move (receivables, payables, inventory, Undeposited Funds, the bank
// itself, another bank for spend, an inactive or unknown one), bad tax rates and tracking options, a
// payment's or bill payment's own refusals, a transaction already matched, excluded or reconciled,
// a closed period. Each is refused with nothing written: no entry, no number taken, no change
// record. On PostgreSQL, two /create of one bank line at once over real sockets: exactly one wins.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { bankLine, createFrom } from '../helpers/banking.ts';
import {
  type Books,
  call,
  type Headers,
  listen,
  onPostgres,
  signUp,
  useHarness,
} from '../helpers/harness.ts';
import { createAccount } from '../helpers/ledger.ts';
import { createCustomer, createTaxRate, ok, receivablesSetup, sentInvoice } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

function refused(
  books: Books,
  transaction: string,
  body: unknown,
  code: Parameters<typeof refusedUnchanged>[3],
  fields: string[] = [],
) {
  return refusedUnchanged(
    harness,
    books,
    () => createFrom(harness, books.headers, transaction, body),
    code,
    fields,
  );
}

describe('create refusals (D74)', () => {
  test('a kind that does not fit the sign, or a zero line: 400 on kind, nothing written', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    const moneyIn = await bankLine(harness, books, '10.00', 'in');
    const moneyOut = await bankLine(harness, books, '-10.00', 'out');
    const zero = await bankLine(harness, books, '0.00', 'zero');
    const expense = books.accounts['6300'];
    await refused(books, moneyIn.id, { kind: 'spend', account: expense }, 'validation_error', ['kind']);
    await refused(
      books,
      moneyOut.id,
      { kind: 'receive', account: books.accounts['4000'] },
      'validation_error',
      ['kind'],
    );
    await refused(books, moneyOut.id, { kind: 'payment', customer: customer.id }, 'validation_error', [
      'kind',
    ]);
    await refused(
      books,
      moneyIn.id,
      {
        kind: 'bill_payment',
        vendor: customer.id,
        applications: [{ bill_id: customer.id, amount: '10.00' }],
      },
      'validation_error',
      ['kind'],
    );
    for (const body of [
      { kind: 'spend', account: expense },
      { kind: 'receive', account: expense },
      { kind: 'transfer', account: books.accounts['1050'] },
      { kind: 'payment', customer: customer.id },
    ]) {
      await refused(books, zero.id, body, 'validation_error', ['kind']);
    }
    await refused(books, moneyIn.id, { kind: 'deposit', account: expense }, 'validation_error', ['kind']);
  });

  test('accounts a bank line may not move: 400 on account, nothing written', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const out = await bankLine(harness, books, '-25.00', 'acct');
    const inactive = await createAccount(harness, books.headers);
    ok(await call(harness, 'PATCH', `/api/v1/accounts/${inactive.id}`, books.headers, { is_active: false }));
    const kept = ['1100', '2000', '1200', '1010', '1000', '1050', '2100'].map(
      (number) => books.accounts[number],
    );
    for (const account of [
      ...kept,
      inactive.id,
      other.accounts['6300'],
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
    ]) {
      await refused(books, out.id, { kind: 'spend', account }, 'validation_error', ['account']);
    }
    // A transfer names another bank account: not the line's own, not an expense.
    for (const account of [
      books.accounts['1000'],
      books.accounts['6300'],
      books.accounts['1010'],
      other.accounts['1050'],
    ]) {
      await refused(books, out.id, { kind: 'transfer', account }, 'validation_error', ['account']);
    }
    await refused(books, out.id, { kind: 'spend' }, 'validation_error', ['account']);
  });

  test('tax rates, tracking options and fields of another kind: 400 naming the field', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const out = await bankLine(harness, books, '-25.00', 'tax');
    const inactiveRate = await createTaxRate(harness, books.headers, '5.0000');
    ok(
      await call(harness, 'PATCH', `/api/v1/tax-rates/${inactiveRate.id}`, books.headers, {
        is_active: false,
      }),
    );
    const theirRate = await createTaxRate(harness, other.headers, '5.0000');
    const spend = { kind: 'spend', account: books.accounts['6300'] };
    for (const rate of [inactiveRate.id, theirRate.id, 'nope']) {
      await refused(books, out.id, { ...spend, tax_rate: rate }, 'validation_error', ['tax_rate']);
    }
    await refused(
      books,
      out.id,
      { ...spend, tracking_options: ['00000000-0000-4000-8000-000000000000'] },
      'validation_error',
      ['tracking_options/0'],
    );
    const rate = await createTaxRate(harness, books.headers, '5.0000');
    await refused(
      books,
      out.id,
      { kind: 'transfer', account: books.accounts['1050'], tax_rate: rate.id },
      'validation_error',
      ['tax_rate'],
    );
    await refused(books, out.id, { ...spend, customer: 'x' }, 'validation_error', ['customer']);
    await refused(books, out.id, { ...spend, amount: '1.00' }, 'validation_error', ['amount']);
  });

  test('a payment’s and a bill payment’s own refusals: their fields, nothing written', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const stranger = await createCustomer(harness, books.headers);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const moneyIn = await bankLine(harness, books, '50.00', 'pay');
    await refused(books, moneyIn.id, { kind: 'payment' }, 'validation_error', ['customer']);
    await refused(
      books,
      moneyIn.id,
      { kind: 'payment', customer: stranger.id, applications: [{ invoice_id: invoice.id, amount: '50.00' }] },
      'validation_error',
      ['applications/0/invoice_id'],
    );
    await refused(
      books,
      moneyIn.id,
      { kind: 'payment', customer: customer.id, applications: [{ invoice_id: invoice.id, amount: '60.00' }] },
      'validation_error',
      ['applications'],
    );
    await refused(
      books,
      moneyIn.id,
      { kind: 'payment', customer: customer.id, applications: [{ amount: '5.00' }] },
      'validation_error',
      ['applications/0/invoice_id'],
    );
    const out = await bankLine(harness, books, '-50.00', 'bill');
    const vendor = ok(
      await call(harness, 'POST', '/api/v1/vendors', books.headers, { display_name: 'V' }),
      201,
    );
    await refused(
      books,
      out.id,
      { kind: 'bill_payment', vendor: vendor.id, applications: [] },
      'validation_error',
      ['applications'],
    );
    await refused(
      books,
      out.id,
      { kind: 'bill_payment', vendor: vendor.id, applications: [{ bill_id: invoice.id, amount: '50.00' }] },
      'validation_error',
      ['applications/0/bill_id'],
    );
  });

  test('a transaction matched, excluded or reconciled: 409; unknown: 404; a closed period: period_closed', async () => {
    const books = await signUp(harness);
    const spend = { kind: 'spend', account: books.accounts['6300'] };
    const matched = await bankLine(harness, books, '-5.00', 'matched');
    ok(await createFrom(harness, books.headers, matched.id, spend), 201);
    await refused(books, matched.id, spend, 'invalid_state');
    const excluded = await bankLine(harness, books, '-5.00', 'excluded');
    ok(await call(harness, 'POST', `/api/v1/bank-transactions/${excluded.id}/exclude`, books.headers));
    await refused(books, excluded.id, spend, 'invalid_state');
    // Reconciliation (D76) is another helper's; its stored state is what /create must respect.
    const reconciled = await bankLine(harness, books, '-5.00', 'reconciled');
    ok(await createFrom(harness, books.headers, reconciled.id, spend), 201);
    ok(await call(harness, 'POST', `/api/v1/bank-transactions/${reconciled.id}/unmatch`, books.headers));
    ok(await createFrom(harness, books.headers, reconciled.id, spend), 201);
    await harness.db.query(
      `WITH r AS (INSERT INTO bank_reconciliations (organization_id, id, account_id, statement_date, statement_balance,
                    cleared_balance) VALUES ($1, gen_random_uuid(), $2, '2026-11-30', 0, 0) RETURNING id)
       UPDATE bank_transactions SET reconciliation_id = (SELECT id FROM r) WHERE organization_id = $1 AND id = $3`,
      [books.organizationId, books.accounts['1000']!, reconciled.id],
    );
    const answer = await refused(books, reconciled.id, spend, 'invalid_state');
    assert.match(answer.json().error.message, /reconciled/);
    await refused(books, '00000000-0000-4000-8000-000000000000', spend, 'not_found');
    const late = await bankLine(harness, books, '-5.00', 'late');
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: '2026-11-30' }));
    await refused(books, late.id, spend, 'period_closed', ['date']);
  });
});

describe('create races (PostgreSQL, real sockets)', { skip: !onPostgres }, () => {
  async function post(base: string, headers: Headers, path: string, body: unknown) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  test('two /create of one bank line at once: exactly one wins, one entry, folio check clean', async () => {
    const books = await signUp(harness);
    const base = await listen(harness);
    const customer = await createCustomer(harness, books.headers);
    for (let round = 0; round < 5; round += 1) {
      const transaction = await bankLine(harness, books, '21.00', `race-${round}`);
      const bodies = [
        { kind: 'receive', account: books.accounts['4000'] },
        round % 2 === 0
          ? { kind: 'receive', account: books.accounts['3000'] }
          : { kind: 'payment', customer: customer.id },
      ];
      const answers = await Promise.all(
        bodies.map((body) =>
          post(base, books.headers, `/api/v1/bank-transactions/${transaction.id}/create`, body),
        ),
      );
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 409], JSON.stringify(answers));
      const [row] = await harness.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM bank_matches WHERE organization_id = $1 AND bank_transaction_id = $2`,
        [books.organizationId, transaction.id],
      );
      assert.equal(row?.n, 1);
    }
    const [entries] = await harness.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM journal_entries WHERE organization_id = $1`,
      [books.organizationId],
    );
    assert.equal(entries?.n, 5, 'one entry per bank line, none from the losers');
    const report = await checkBooks(harness.db, { organizationId: books.organizationId });
    assert.deepEqual(report.violations, []);
  });

  test('a /create racing a /match of the same bank line: exactly one wins', async () => {
    const books = await signUp(harness);
    const base = await listen(harness);
    for (let round = 0; round < 5; round += 1) {
      const transaction = await bankLine(harness, books, '-8.00', `match-race-${round}`);
      const entry = ok(
        await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
          txn_date: '2026-11-10',
          post: true,
          lines: [
            { account: books.accounts['6300'], debit: '8.00' },
            { account: books.accounts['1000'], credit: '8.00' },
          ],
        }),
        201,
      );
      const line = entry.lines.find(
        (candidate: { account: string }) => candidate.account === books.accounts['1000'],
      );
      const answers = await Promise.all([
        post(base, books.headers, `/api/v1/bank-transactions/${transaction.id}/create`, {
          kind: 'spend',
          account: books.accounts['6300'],
        }),
        post(base, books.headers, `/api/v1/bank-transactions/${transaction.id}/match`, {
          journal_lines: [line.id],
        }),
      ]);
      assert.equal(answers.filter((answer) => answer.status < 300).length, 1, JSON.stringify(answers));
      assert.equal(answers.filter((answer) => answer.status === 409).length, 1, JSON.stringify(answers));
    }
    const report = await checkBooks(harness.db, { organizationId: books.organizationId });
    assert.deepEqual(report.violations, []);
  });
});
