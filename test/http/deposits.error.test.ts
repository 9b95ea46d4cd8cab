// Deposits (D88), refusals: each answers the envelope naming the field and writes nothing (no deposit,
// no DEP number taken, no entry, no balance moved, no payment changed, no change record). And a payment
// is deposited at most once, also when two deposits naming it race over real sockets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays } from '../../src/domain/dates.ts';
import type { DepositBody } from '../helpers/bodies.ts';
import {
  booksWithUndeposited,
  depositBody,
  makeDeposit,
  postDeposit,
  receivePayment,
} from '../helpers/deposits.ts';
import { type Books, call, countRows, listen, onPostgres, today, useHarness } from '../helpers/harness.ts';
import { createAccount } from '../helpers/ledger.ts';
import { ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

/** PostgreSQL: resolves once `count` sessions of this database wait on a lock (on Citus: on a worker). */
async function waitForLockWaiters(count: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  const [citus] = await harness.db.query<{ view: string | null }>(
    "SELECT to_regclass('citus_stat_activity')::text AS view",
  );
  const activity = citus?.view ? 'citus_stat_activity' : 'pg_stat_activity';
  for (;;) {
    const [row] = await harness.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${activity}
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((row?.n ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} sessions waited on a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The deposit is refused with `code` naming `fields`, and the books did not move. */
async function refusedDeposit(
  books: Books,
  payments: string[],
  extra: Record<string, unknown>,
  code: 'validation_error' | 'invalid_state' | 'period_closed' | 'invalid_money',
  fields: string[],
) {
  const response = await refusedUnchanged(
    harness,
    books,
    () => postDeposit(harness, books, payments, extra),
    code,
    fields,
  );
  return response.json().error;
}

describe('which payments a deposit takes', () => {
  test('a payment received straight into a bank account is 400 validation_error on payments/1, nothing written', async () => {
    const { books, customer, payments } = await booksWithUndeposited(harness, ['10.00']);
    const direct = await receivePayment(harness, books.headers, customer.id, '20.00', {
      deposit_to_account: books.accounts['1000'],
    });
    const error = await refusedDeposit(books, [payments[0]!.id, direct.id], {}, 'validation_error', [
      'payments/1',
    ]);
    assert.match(error.detail.fields['payments/1'][0], /not received into Undeposited Funds/);
    assert.equal(await countRows(harness, 'deposits', books.organizationId), 0);
  });

  test('a void payment is 409 invalid_state on payments/0, nothing written', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00', '20.00']);
    ok(await call(harness, 'POST', `/api/v1/payments-received/${payments[0]!.id}/void`, books.headers));
    const error = await refusedDeposit(books, [payments[0]!.id, payments[1]!.id], {}, 'invalid_state', [
      'payments/0',
    ]);
    assert.equal(error.detail.status, 'void');
  });

  test('a payment already deposited is 409 invalid_state on payments/1 naming its deposit; DEP-000002 is not taken', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00', '20.00', '30.00']);
    const first = await makeDeposit(harness, books, [payments[0]!.id]);
    const error = await refusedDeposit(books, [payments[1]!.id, payments[0]!.id], {}, 'invalid_state', [
      'payments/1',
    ]);
    assert.equal(error.detail.deposit_number, 'DEP-000001');
    assert.equal(error.detail.deposit_id, first.id);
    assert.match(error.message, /DEP-000001/);
    const next = await makeDeposit(harness, books, [payments[1]!.id, payments[2]!.id]);
    assert.equal(next.number, 'DEP-000002', 'the refusal took no number');
  });

  test('the same payment twice, an unknown id, a malformed id and an empty list are 400 naming the field', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    const id = payments[0]!.id;
    await refusedDeposit(books, [id, id], {}, 'validation_error', ['payments/1']);
    await refusedDeposit(books, [id, id.toUpperCase()], {}, 'validation_error', ['payments/1']);
    await refusedDeposit(books, ['00000000-0000-4000-8000-000000000000'], {}, 'validation_error', [
      'payments/0',
    ]);
    await refusedDeposit(books, [id, 'not-a-uuid'], {}, 'validation_error', ['payments/1']);
    await refusedDeposit(books, [], {}, 'validation_error', ['payments']);
  });

  test('a payment received after the deposit date is 400 on payments/0', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    const error = await refusedDeposit(
      books,
      [payments[0]!.id],
      { date: addDays(today, -1) },
      'validation_error',
      ['payments/0'],
    );
    assert.match(error.message, /after the deposit's date/);
  });
});

describe('where and when a deposit goes', () => {
  test('Undeposited Funds, a cash account, a credit card, Accounts Receivable, income and an inactive bank are 400 on deposit_to_account', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    const cash = await createAccount(harness, books.headers, { type: 'asset', detail_type: 'cash' });
    const inactive = await createAccount(harness, books.headers, { type: 'asset', detail_type: 'bank' });
    ok(await call(harness, 'PATCH', `/api/v1/accounts/${inactive.id}`, books.headers, { is_active: false }));
    const refusedAccounts = [
      books.accounts['1010'],
      cash.id,
      books.accounts['2100'],
      books.accounts['1100'],
      books.accounts['4000'],
      '00000000-0000-4000-8000-000000000000',
    ];
    for (const account of refusedAccounts) {
      const error = await refusedDeposit(
        books,
        [payments[0]!.id],
        { deposit_to_account: account },
        'validation_error',
        ['deposit_to_account'],
      );
      assert.ok(error.message.length > 0);
    }
    const error = await refusedDeposit(
      books,
      [payments[0]!.id],
      { deposit_to_account: inactive.id },
      'validation_error',
      ['deposit_to_account'],
    );
    assert.deepEqual(error.detail.fields.deposit_to_account, ['the account is inactive']);
  });

  test('a date in a closed period is 409 period_closed on date; another currency is 400 on currency', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: addDays(today, -5) }));
    await refusedDeposit(books, [payments[0]!.id], { date: addDays(today, -6) }, 'period_closed', ['date']);
    await refusedDeposit(books, [payments[0]!.id], { currency: 'EUR' }, 'validation_error', ['currency']);
    await refusedDeposit(books, [payments[0]!.id], { date: '2026-02-30' }, 'validation_error', []);
  });
});

describe('voids around a deposit', () => {
  test('a deposited payment cannot be voided: 409 invalid_state naming the deposit, nothing written', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    const deposit = await makeDeposit(harness, books, [payments[0]!.id]);
    const response = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/payments-received/${payments[0]!.id}/void`, books.headers),
      'invalid_state',
    );
    const error = response.json().error;
    assert.match(error.message, /DEP-000001/);
    assert.equal(error.detail.deposit_id, deposit.id);
  });

  test("the deposit's entries change only through the deposit: reversing them by hand is 409 naming it", async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    const deposit = await makeDeposit(harness, books, [payments[0]!.id]);
    const response = await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', `/api/v1/journal-entries/${deposit.journal_entry}/reverse`, books.headers, {}),
      'invalid_state',
    );
    assert.match(response.json().error.message, /deposit DEP-000001; void the deposit instead/);
  });

  test('voiding a void deposit is 409 invalid_state, a stale version 412, an unknown one 404; nothing written', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    const deposit = await makeDeposit(harness, books, [payments[0]!.id]);
    const voidIt = (body: unknown) =>
      call(harness, 'POST', `/api/v1/deposits/${deposit.id}/void`, books.headers, body);
    await refusedUnchanged(harness, books, () => voidIt({ version: 7 }), 'stale_write');
    ok(await voidIt({ version: 1 }));
    await refusedUnchanged(harness, books, () => voidIt({}), 'invalid_state');
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/deposits/00000000-0000-4000-8000-000000000000/void', books.headers),
      'not_found',
    );
  });

  test('voiding a deposit dated in a closed period is 409 period_closed on date; reopened, it voids', async () => {
    const books = (await booksWithUndeposited(harness, [])).books;
    const customer = ok(
      await call(harness, 'POST', '/api/v1/customers', books.headers, { display_name: 'Old' }),
      201,
    );
    const payment = await receivePayment(harness, books.headers, customer.id, '10.00', {
      payment_date: addDays(today, -10),
    });
    const deposit = await makeDeposit(harness, books, [payment.id], { date: addDays(today, -8) });
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: addDays(today, -5) }));
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/deposits/${deposit.id}/void`, books.headers),
      'period_closed',
      ['date'],
    );
    ok(
      await call(harness, 'POST', '/api/v1/periods/reopen', books.headers, { through: addDays(today, -20) }),
    );
    const voided = ok<DepositBody>(
      await call(harness, 'POST', `/api/v1/deposits/${deposit.id}/void`, books.headers),
    );
    assert.equal(voided.status, 'void');
  });
  test('voiding a deposit whose bank line is matched is 409 invalid_state naming the bank transaction; unmatched, it voids (D88)', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['100.00', '250.50']);
    const deposit = await makeDeposit(
      harness,
      books,
      payments.map((payment) => payment.id),
    );
    const entry = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${deposit.journal_entry}`, books.headers),
    );
    const bankLine = entry.lines.find((line: { account: string }) => line.account === books.accounts['1000']);
    const pushed = ok(
      await call(harness, 'POST', '/api/v1/bank-transactions', books.headers, {
        account: books.accounts['1000'],
        transactions: [
          { date: today, amount: '350.50', description: 'DEPOSIT', bank_reference: 'dep-guard' },
        ],
      }),
      201,
    );
    const transaction = pushed.results[0].id;
    ok(
      await call(harness, 'POST', `/api/v1/bank-transactions/${transaction}/match`, books.headers, {
        journal_lines: [bankLine.id],
      }),
    );
    const refused = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/deposits/${deposit.id}/void`, books.headers),
      'invalid_state',
    );
    assert.equal(refused.json().error.detail.bank_transaction, transaction);
    assert.match(refused.json().error.message, new RegExp(transaction));
    ok(await call(harness, 'POST', `/api/v1/bank-transactions/${transaction}/unmatch`, books.headers));
    assert.equal(
      ok(await call(harness, 'POST', `/api/v1/deposits/${deposit.id}/void`, books.headers)).status,
      'void',
    );
  });
});

describe('one payment, one live deposit, under concurrency', () => {
  test('ten concurrent deposits naming the same payments (in different orders): one 201, nine 409 invalid_state', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00', '20.00', '30.00']);
    const ids = payments.map((p) => p.id);
    const base = await listen(harness);
    const responses = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const order = i % 2 === 0 ? ids : [...ids].reverse();
        const response = await fetch(`${base}/api/v1/deposits`, {
          method: 'POST',
          headers: { ...books.headers, 'content-type': 'application/json' },
          body: JSON.stringify(depositBody(books, order)),
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    const made = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 409);
    assert.equal(
      made.length,
      1,
      `one deposit on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${JSON.stringify(responses.map((r) => r.status))}`,
    );
    assert.equal(refused.length, 9);
    for (const r of refused) assert.equal(r.body.error.code, 'invalid_state');
    assert.equal(made[0]!.body.number, 'DEP-000001');
    assert.equal(await countRows(harness, 'deposits', books.organizationId), 1);
    assert.equal(await countRows(harness, 'deposit_payments', books.organizationId), 3);
    const [counter] = await harness.db.query<{ next_value: string }>(
      "SELECT next_value::text AS next_value FROM sequences WHERE organization_id = $1 AND name = 'deposit'",
      [books.organizationId],
    );
    assert.equal(counter?.next_value, '2', 'no DEP number lost to a refusal');
  });

  test('PostgreSQL: five deposits of one payment held at the journal counter until all wait: one 201, four 409 (the payment lock decides)', {
    skip: !onPostgres && 'PGlite runs one transaction at a time',
  }, async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    const base = await listen(harness);
    const attempts = 5;
    let responses: { status: number; body: any }[] = [];
    // The test holds the books' JE counter, so every deposit reads its payment and then queues; without
    // the payment's row lock each would read it undeposited and all five would post.
    await harness.db.transaction(async (tx) => {
      await tx.query(
        "SELECT next_value FROM sequences WHERE organization_id = $1 AND name = 'journal_entry' FOR UPDATE",
        [books.organizationId],
      );
      const pending = Array.from({ length: attempts }, async () => {
        const response = await fetch(`${base}/api/v1/deposits`, {
          method: 'POST',
          headers: { ...books.headers, 'content-type': 'application/json' },
          body: JSON.stringify(depositBody(books, [payments[0]!.id])),
        });
        return { status: response.status, body: await response.json() };
      });
      await waitForLockWaiters(attempts);
      void Promise.all(pending).then((done) => {
        responses = done;
      });
    });
    const deadline = Date.now() + 20_000;
    while (responses.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(
      responses.map((r) => r.status).sort(),
      [201, 409, 409, 409, 409],
      JSON.stringify(responses.map((r) => r.body.error?.message ?? r.body.number)),
    );
    assert.equal(await countRows(harness, 'deposits', books.organizationId), 1);
  });

  test('deposits racing voids of the same payment: each payment ends either deposited or void, never both', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00', '20.00', '30.00', '40.00']);
    const base = await listen(harness);
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...books.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { url, status: response.status, body: await response.json() };
    };
    const responses = await Promise.all([
      ...payments.map((p) => post('/api/v1/deposits', depositBody(books, [p.id]))),
      ...payments.map((p) => post(`/api/v1/payments-received/${p.id}/void`, {})),
    ]);
    for (const r of responses) assert.ok([200, 201, 409].includes(r.status), JSON.stringify(r.body));
    for (const payment of payments) {
      const after = ok(await call(harness, 'GET', `/api/v1/payments-received/${payment.id}`, books.headers));
      assert.ok(
        (after.status === 'void') !== (after.deposit !== null),
        `${after.number}: status ${after.status}, deposit ${after.deposit}`,
      );
    }
  });
});
