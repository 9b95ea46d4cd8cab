// Deposits (D88), what works: payments received into Undeposited Funds taken to the bank in one
// DEP-numbered deposit posting one entry (debit the bank with the sum, credit Undeposited Funds once
// per payment); its payments name it; void reverses it and frees them; reads, lists and filters.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DepositBody, JournalEntryBody, PaymentReceivedBody } from '../helpers/bodies.ts';
import {
  booksWithUndeposited,
  depositBody,
  makeDeposit,
  postDeposit,
  receivePayment,
} from '../helpers/deposits.ts';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import { type Books, call, countRows, today, useHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';

const harness = useHarness();

const read = async <T = any>(books: Books, url: string): Promise<T> =>
  ok<T>(await call(harness, 'GET', url, books.headers));
const balance = async (books: Books, number: string) =>
  (await read(books, `/api/v1/accounts/${books.accounts[number]}`)).balance as string;

describe('making a deposit', () => {
  test('three payments into Undeposited Funds become DEP-000001: one entry, debit the bank with 400.00, credit Undeposited Funds once per payment', async () => {
    const { books, customer, payments } = await booksWithUndeposited(harness);
    assert.equal(await balance(books, '1010'), '400.0000');
    const cursor = await feedCursor(harness, books.headers);
    const ids = [payments[1]!.id, payments[0]!.id, payments[2]!.id];
    const deposit = await makeDeposit(harness, books, ids, { memo: 'Friday checks' });
    assert.equal(deposit.number, 'DEP-000001');
    assert.equal(deposit.amount, '400.0000');
    assert.equal(deposit.date, today);
    assert.equal(deposit.status, 'posted');
    assert.equal(deposit.memo, 'Friday checks');
    assert.equal(deposit.currency, 'USD');
    assert.equal(deposit.deposit_to_account, books.accounts['1000']);
    assert.equal(deposit.deposit_to_account_name, 'Business Checking');
    assert.equal(deposit.void_entry, null);
    assert.equal(deposit.version, 1);
    assert.deepEqual(
      deposit.payments.map((p) => [p.payment_id, p.payment_number, p.amount, p.customer, p.customer_name]),
      [
        [payments[1]!.id, 'PMT-000002', '250.5000', customer.id, 'Blue Heron Cafe'],
        [payments[0]!.id, 'PMT-000001', '100.0000', customer.id, 'Blue Heron Cafe'],
        [payments[2]!.id, 'PMT-000003', '49.5000', customer.id, 'Blue Heron Cafe'],
      ],
    );

    const entry = await read<JournalEntryBody>(books, `/api/v1/journal-entries/${deposit.journal_entry}`);
    assert.equal(entry.source_type, 'deposit');
    assert.equal(entry.source_id, deposit.id);
    assert.equal(entry.status, 'posted');
    assert.equal(entry.txn_date, today);
    assert.deepEqual(
      entry.lines.map((line) => [line.account, line.debit, line.credit]),
      [
        [books.accounts['1000'], '400.0000', '0.0000'],
        [books.accounts['1010'], '0.0000', '250.5000'],
        [books.accounts['1010'], '0.0000', '100.0000'],
        [books.accounts['1010'], '0.0000', '49.5000'],
      ],
      'each credit line is one payment, in the order named',
    );
    assert.match(entry.lines[1]!.description, /PMT-000002/);
    assert.equal(await balance(books, '1010'), '0.0000');
    assert.equal(await balance(books, '1000'), '400.0000');

    for (const payment of payments) {
      const after = await read<PaymentReceivedBody>(books, `/api/v1/payments-received/${payment.id}`);
      assert.equal(after.deposit, deposit.id);
      assert.equal(after.version, 2, 'the payment changed: it is in a deposit');
    }
    assert.deepEqual(
      changeTuples(await changesSince(harness, books.headers, cursor)).sort(),
      [
        ['deposit', deposit.id, 'created', 1],
        ['journal_entry', deposit.journal_entry, 'created', 1],
        ...payments.map((p) => ['payment_received', p.id, 'updated', 2]),
      ].sort(),
    );
    assert.deepEqual(await read(books, `/api/v1/deposits/${deposit.id}`), deposit);
    const etag = (await call(harness, 'GET', `/api/v1/deposits/${deposit.id}`, books.headers)).headers.etag;
    assert.equal(etag, '"1"');
  });

  test('a payment received before appears as deposit null; DEP numbers are gapless across deposits', async () => {
    const { books, customer, payments } = await booksWithUndeposited(harness, ['10.00', '20.00']);
    for (const payment of payments) assert.equal(payment.deposit, null);
    const first = await makeDeposit(harness, books, [payments[0]!.id]);
    const second = await makeDeposit(harness, books, [payments[1]!.id], {
      deposit_to_account: books.accounts['1050'],
    });
    const third = await makeDeposit(harness, books, [
      (await receivePayment(harness, books.headers, customer.id, '5.00')).id,
    ]);
    assert.deepEqual([first.number, second.number, third.number], ['DEP-000001', 'DEP-000002', 'DEP-000003']);
    assert.equal(await balance(books, '1050'), '20.0000');
  });

  test('replayed with its Idempotency-Key, a deposit is made once and answers the same', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['75.00']);
    const headers = { ...books.headers, 'idempotency-key': 'deposit-once' };
    const body = depositBody(books, [payments[0]!.id]);
    const first = await call(harness, 'POST', '/api/v1/deposits', headers, body);
    const again = await call(harness, 'POST', '/api/v1/deposits', headers, body);
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body, first.body);
    assert.equal(await countRows(harness, 'deposits', books.organizationId), 1);
  });
});

describe('voiding a deposit', () => {
  test('posts the reversal on the deposit date, frees its payments (deposit null, a new version) and they deposit again', async () => {
    const { books, payments } = await booksWithUndeposited(harness);
    const deposit = await makeDeposit(
      harness,
      books,
      payments.map((p) => p.id),
    );
    const cursor = await feedCursor(harness, books.headers);
    const voided = ok<DepositBody>(
      await call(harness, 'POST', `/api/v1/deposits/${deposit.id}/void`, books.headers, {
        version: 1,
      }),
    );
    assert.equal(voided.status, 'void');
    assert.equal(voided.version, 2);
    assert.ok(voided.voided_at);
    assert.equal(voided.payments.length, 3, 'a void deposit still says what it took');
    const reversal = await read<JournalEntryBody>(books, `/api/v1/journal-entries/${voided.void_entry}`);
    assert.equal(reversal.source_type, 'deposit_void');
    assert.equal(reversal.reverses_entry, deposit.journal_entry);
    assert.equal(reversal.txn_date, deposit.date);
    const original = await read<JournalEntryBody>(books, `/api/v1/journal-entries/${deposit.journal_entry}`);
    assert.equal(original.reversed_by_entry, voided.void_entry);
    assert.equal(await balance(books, '1010'), '400.0000');
    assert.equal(await balance(books, '1000'), '0.0000');
    for (const payment of payments) {
      const after = await read<PaymentReceivedBody>(books, `/api/v1/payments-received/${payment.id}`);
      assert.equal(after.deposit, null);
      assert.equal(after.version, 3);
    }
    assert.deepEqual(
      changeTuples(await changesSince(harness, books.headers, cursor)).sort(),
      [
        ['deposit', deposit.id, 'updated', 2],
        ['journal_entry', deposit.journal_entry, 'updated', 2],
        ['journal_entry', voided.void_entry, 'created', 1],
        ...payments.map((p) => ['payment_received', p.id, 'updated', 3]),
      ].sort(),
    );
    const again = await makeDeposit(harness, books, [payments[0]!.id]);
    assert.equal(again.number, 'DEP-000002');
    // The payment not deposited again can be voided now.
    const paymentVoid = await call(
      harness,
      'POST',
      `/api/v1/payments-received/${payments[1]!.id}/void`,
      books.headers,
    );
    assert.equal(paymentVoid.statusCode, 200, paymentVoid.body);
  });
});

describe('reading deposits', () => {
  test('the list filters by status, bank account and dates; payments list ?undeposited=true shows what a deposit may take', async () => {
    const { books, customer, payments } = await booksWithUndeposited(harness, ['1.00', '2.00', '3.00']);
    const direct = await receivePayment(harness, books.headers, customer.id, '9.00', {
      deposit_to_account: books.accounts['1000'],
    });
    const toChecking = await makeDeposit(harness, books, [payments[0]!.id]);
    const toSavings = await makeDeposit(harness, books, [payments[1]!.id], {
      deposit_to_account: books.accounts['1050'],
    });
    ok(await call(harness, 'POST', `/api/v1/deposits/${toSavings.id}/void`, books.headers));
    const numbers = async (query: string) =>
      (await read(books, `/api/v1/deposits${query}`)).results.map((d: DepositBody) => d.number);
    assert.deepEqual(await numbers(''), ['DEP-000001', 'DEP-000002']);
    assert.deepEqual(await numbers('?status=void'), ['DEP-000002']);
    assert.deepEqual(await numbers('?status=posted'), ['DEP-000001']);
    assert.deepEqual(await numbers(`?deposit_to_account=${books.accounts['1050']}`), ['DEP-000002']);
    assert.deepEqual(await numbers(`?date_from=${today}&date_to=${today}`), ['DEP-000001', 'DEP-000002']);
    assert.deepEqual(await numbers('?date_to=2000-01-01'), []);
    const listed = (await read(books, '/api/v1/deposits')).results[0] as DepositBody;
    assert.deepEqual(listed, await read(books, `/api/v1/deposits/${toChecking.id}`));

    const undeposited = (await read(books, '/api/v1/payments-received?undeposited=true')).results.map(
      (p: PaymentReceivedBody) => p.number,
    );
    // PMT-000001 is deposited, PMT-000004 went straight to the bank; PMT-000002's deposit is void.
    assert.deepEqual(undeposited, ['PMT-000002', 'PMT-000003']);
    const all = (await read(books, '/api/v1/payments-received')).results as PaymentReceivedBody[];
    assert.equal(all.length, 4);
    assert.equal(all.find((p) => p.id === direct.id)?.deposit, null);
  });

  test('a deposit under many payments keeps them in line order', async () => {
    const amounts = Array.from({ length: 12 }, (_, i) => `${i + 1}.00`);
    const { books, payments } = await booksWithUndeposited(harness, amounts);
    const reversed = [...payments].reverse().map((p) => p.id);
    const deposit = ok<DepositBody>(await postDeposit(harness, books, reversed), 201);
    assert.equal(deposit.amount, '78.0000');
    assert.deepEqual(
      deposit.payments.map((p) => p.payment_id),
      reversed,
    );
  });
});
