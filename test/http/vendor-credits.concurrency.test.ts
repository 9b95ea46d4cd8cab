// Vendor credits (D87) under real concurrency, over sockets: applies racing for the last of a credit
// never over-apply it (the credit's row lock, then the bills' in id order, money-movements.ts); an apply
// racing a void ends as exactly one of them; an apply and a bill payment racing for a bill's last
// balance never settle more than its total. The books check clean after each race.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Books, call, listen, onPostgres, signUp, useHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import { assertBooksCheck, createVendor, issuedCredit, openBill, URL } from '../helpers/vendor-credits.ts';

const harness = useHarness({}, 30);
const on = onPostgres ? 'PostgreSQL' : 'PGlite';

/** Sends every request at once over real sockets; answers each status and body, in order. */
async function race(books: Books, requests: { url: string; body?: unknown }[]) {
  const base = await listen(harness);
  return Promise.all(
    requests.map(async ({ url, body }) => {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers:
          body === undefined ? books.headers : { ...books.headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.json() };
    }),
  );
}

const applying = (credit: string, bill: string, amount: string) => ({
  url: `${URL}/${credit}/apply`,
  body: { applications: [{ bill_id: bill, amount }] },
});

async function setup() {
  const books = await signUp(harness);
  const vendor = await createVendor(harness, books.headers);
  return { books, vendor };
}

describe('vendor credits: concurrency over real sockets', () => {
  test('two applies racing for the last of a credit: one wins, the other is application_exceeds_balance', async () => {
    const { books, vendor } = await setup();
    const bills = [await openBill(harness, books, vendor.id), await openBill(harness, books, vendor.id)];
    const credit = await issuedCredit(harness, books, vendor.id, null); // 56.00
    ok(
      await call(harness, 'POST', `${URL}/${credit.id}/apply`, books.headers, {
        applications: [{ bill_id: bills[0]!.id, amount: '46.00' }],
      }),
    );
    const answers = await race(books, [
      applying(credit.id, bills[0]!.id, '10.00'),
      applying(credit.id, bills[1]!.id, '10.00'),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    assert.deepEqual(statuses, [200, 409], `one apply of the last 10.00 wins on ${on}`);
    assert.equal(answers.find((a) => a.status === 409)!.body.error.code, 'application_exceeds_balance');
    const after = ok(await call(harness, 'GET', `${URL}/${credit.id}`, books.headers));
    assert.deepEqual([after.amount_applied, after.remaining_credit, after.version], ['56.0000', '0.0000', 4]);
    await assertBooksCheck(harness, books);
  });

  test('twenty applies of one credit at once never over-apply it', async () => {
    const { books, vendor } = await setup();
    const bills: { id: string }[] = [];
    for (let index = 0; index < 3; index++) bills.push(await openBill(harness, books, vendor.id));
    const credit = await issuedCredit(harness, books, vendor.id, null); // 56.00: five of 10.00 fit
    const answers = await race(
      books,
      Array.from({ length: 20 }, (_, index) => applying(credit.id, bills[index % 3]!.id, '10.00')),
    );
    assert.equal(answers.filter((a) => a.status === 200).length, 5, `exactly five fit on ${on}`);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      assert.equal(answer.status, 409);
      assert.equal(answer.body.error.code, 'application_exceeds_balance');
    }
    let credited = 0;
    for (const bill of bills) {
      const read = ok(await call(harness, 'GET', `/api/v1/bills/${bill.id}`, books.headers));
      credited += Number(read.amount_credited);
    }
    assert.equal(credited, 50, 'the bills took exactly what the credit gave');
    await assertBooksCheck(harness, books);
  });

  test('an apply racing a void: exactly one of them happens, and the books agree', async () => {
    const { books, vendor } = await setup();
    const bill = await openBill(harness, books, vendor.id);
    for (let round = 0; round < 4; round++) {
      const credit = await issuedCredit(harness, books, vendor.id, null);
      const [applied, voided] = await race(books, [
        applying(credit.id, bill.id, '5.00'),
        { url: `${URL}/${credit.id}/void` },
      ]);
      const after = ok(await call(harness, 'GET', `${URL}/${credit.id}`, books.headers));
      if (applied!.status === 200) {
        assert.equal(voided!.status, 409, JSON.stringify(voided!.body));
        assert.equal(voided!.body.error.code, 'invalid_state');
        assert.deepEqual([after.status, after.amount_applied], ['issued', '5.0000']);
      } else {
        assert.equal(voided!.status, 200, JSON.stringify(voided!.body));
        assert.equal(applied!.status, 409);
        assert.equal(applied!.body.error.code, 'invalid_state');
        assert.deepEqual([after.status, after.amount_applied], ['void', '0.0000']);
      }
    }
    await assertBooksCheck(harness, books);
  });

  test('an apply and a bill payment racing for a bill’s last balance never settle more than its total', async () => {
    const { books, vendor } = await setup();
    const bill = await openBill(harness, books, vendor.id, '50.00');
    const credit = await issuedCredit(harness, books, vendor.id, null);
    const answers = await race(books, [
      applying(credit.id, bill.id, '50.00'),
      {
        url: '/api/v1/bill-payments',
        body: {
          vendor: vendor.id,
          payment_date: '2026-03-20',
          amount: '50.00',
          method: 'ach',
          paid_from_account: books.accounts['1000'],
          applications: [{ bill_id: bill.id, amount: '50.00' }],
        },
      },
    ]);
    const won = answers.filter((a) => a.status === 200 || a.status === 201);
    assert.equal(won.length, 1, JSON.stringify(answers.map((a) => a.status)));
    const lost = answers.find((a) => a.status === 409);
    assert.equal(lost?.body.error.code, 'application_exceeds_balance');
    const after = ok(await call(harness, 'GET', `/api/v1/bills/${bill.id}`, books.headers));
    assert.deepEqual([after.status, after.balance_due], ['paid', '0.0000']);
    await assertBooksCheck(harness, books);
  });
});
