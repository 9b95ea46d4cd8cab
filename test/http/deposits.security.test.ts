// Deposits (D88), who may do what: another organization's payments, accounts and deposits are ones
// that do not exist here; roles are those of payments received (payments:read, payments:write); the
// change feed shows `deposit` records to whoever reads payments.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { booksWithUndeposited, depositBody, makeDeposit, postDeposit } from '../helpers/deposits.ts';
import { changesSince, feedCursor } from '../helpers/feed.ts';
import { addMember, call, countRows, createKey, errorCode, useHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

describe('deposits across books', () => {
  test("another organization's payment is 400 on payments/0 and stays undeposited; nothing written in either books", async () => {
    const mine = await booksWithUndeposited(harness, ['10.00']);
    const theirs = await booksWithUndeposited(harness, ['20.00']);
    await refusedUnchanged(
      harness,
      mine.books,
      () => postDeposit(harness, mine.books, [theirs.payments[0]!.id]),
      'validation_error',
      ['payments/0'],
    );
    await refusedUnchanged(
      harness,
      mine.books,
      () => postDeposit(harness, mine.books, [mine.payments[0]!.id, theirs.payments[0]!.id]),
      'validation_error',
      ['payments/1'],
    );
    const theirPayment = ok(
      await call(harness, 'GET', `/api/v1/payments-received/${theirs.payments[0]!.id}`, theirs.books.headers),
    );
    assert.equal(theirPayment.deposit, null);
    assert.equal(theirPayment.version, 1);
  });

  test("another organization's bank account is 400 on deposit_to_account", async () => {
    const mine = await booksWithUndeposited(harness, ['10.00']);
    const theirs = await booksWithUndeposited(harness, []);
    await refusedUnchanged(
      harness,
      mine.books,
      () =>
        postDeposit(harness, mine.books, [mine.payments[0]!.id], {
          deposit_to_account: theirs.books.accounts['1000'],
        }),
      'validation_error',
      ['deposit_to_account'],
    );
  });

  test("another organization's deposit is 404 to read and to void, and its payments stay in it", async () => {
    const theirs = await booksWithUndeposited(harness, ['10.00']);
    const deposit = await makeDeposit(harness, theirs.books, [theirs.payments[0]!.id]);
    const mine = await booksWithUndeposited(harness, []);
    for (const id of [deposit.id, 'not-a-uuid']) {
      const read = await call(harness, 'GET', `/api/v1/deposits/${id}`, mine.books.headers);
      assert.equal(errorCode(read), 'not_found');
    }
    await refusedUnchanged(
      harness,
      mine.books,
      () => call(harness, 'POST', `/api/v1/deposits/${deposit.id}/void`, mine.books.headers),
      'not_found',
    );
    const list = ok(await call(harness, 'GET', '/api/v1/deposits', mine.books.headers));
    assert.deepEqual(list.results, []);
    const still = ok(await call(harness, 'GET', `/api/v1/deposits/${deposit.id}`, theirs.books.headers));
    assert.equal(still.status, 'posted');
  });

  test('a live payment named from the sandbox is one the sandbox does not have: 400, nothing written there', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    const refused = await call(
      harness,
      'POST',
      '/api/v1/deposits',
      books.sandboxHeaders,
      depositBody(books, [payments[0]!.id]),
    );
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal(await countRows(harness, 'deposits', books.sandboxId), 0);
  });
});

describe('deposit roles: those of payments received', () => {
  test('a viewer key reads deposits and may not make or void one (403, nothing written); a sales key may', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00', '20.00']);
    const viewer = await createKey(harness, books, 'viewer');
    const sales = await createKey(harness, books, 'sales');
    await refusedUnchanged(
      harness,
      books,
      () => postDeposit(harness, books, [payments[0]!.id], {}, viewer.headers),
      'permission_denied',
    );
    const made = await postDeposit(harness, books, [payments[0]!.id], {}, sales.headers);
    assert.equal(made.statusCode, 201, made.body);
    const deposit = made.json();
    assert.equal((await call(harness, 'GET', '/api/v1/deposits', viewer.headers)).statusCode, 200);
    assert.equal(
      (await call(harness, 'GET', `/api/v1/deposits/${deposit.id}`, viewer.headers)).statusCode,
      200,
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/deposits/${deposit.id}/void`, viewer.headers),
      'permission_denied',
    );
    const voided = await call(harness, 'POST', `/api/v1/deposits/${deposit.id}/void`, sales.headers);
    assert.equal(voided.statusCode, 200, voided.body);
  });

  test('a sales member deposits through the app session; a viewer member may not', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    const viewer = await addMember(harness, books, 'viewer');
    const sales = await addMember(harness, books, 'sales');
    await refusedUnchanged(
      harness,
      books,
      () => postDeposit(harness, books, [payments[0]!.id], {}, viewer.headers),
      'permission_denied',
    );
    const made = await postDeposit(harness, books, [payments[0]!.id], {}, sales.headers);
    assert.equal(made.statusCode, 201, made.body);
  });

  test('the change feed shows deposit records to a sales key (it reads payments) with the payments it moved', async () => {
    const { books, payments } = await booksWithUndeposited(harness, ['10.00']);
    const sales = await createKey(harness, books, 'sales');
    const cursor = await feedCursor(harness, sales.headers);
    const deposit = await makeDeposit(harness, books, [payments[0]!.id]);
    const changes = await changesSince(harness, sales.headers, cursor);
    assert.deepEqual(
      changes.map((c) => [c.entity_type, c.entity_id, c.operation]).sort(),
      [
        ['deposit', deposit.id, 'created'],
        ['payment_received', payments[0]!.id, 'updated'],
      ].sort(),
      'sales sees no journal_entry record',
    );
    const onlyDeposits = await changesSince(harness, sales.headers, cursor, 'deposit');
    assert.equal(onlyDeposits.length, 1);
  });
});
