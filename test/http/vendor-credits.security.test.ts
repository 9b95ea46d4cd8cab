// Vendor credits (D87), who may see and do what: another organization's credits answer 404 on every
// route and its bills and vendors are no such thing in these books; roles are as bills (accountant and
// above write, viewer reads, sales neither); sandbox books keep their own credits and VC numbers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changesSince, feedCursor } from '../helpers/feed.ts';
import { type Books, call, createKey, signUp, useHarness } from '../helpers/harness.ts';
import { createTaxRate, ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';
import {
  applyCredit,
  createVendor,
  creditBody,
  issuedCredit,
  openBill,
  postCredit,
  URL,
} from '../helpers/vendor-credits.ts';

const harness = useHarness({}, 30);

async function setup() {
  const books = await signUp(harness);
  const vendor = await createVendor(harness, books.headers);
  const tax = await createTaxRate(harness, books.headers, '10.0000');
  return { books, vendor, tax };
}

describe('vendor credits: other organizations', () => {
  test('another organization’s credit is 404 on every route; its bills and vendors are not in these books', async () => {
    const mine = await setup();
    const theirs = await setup();
    const bill = await openBill(harness, theirs.books, theirs.vendor.id);
    const issued = await issuedCredit(harness, theirs.books, theirs.vendor.id, theirs.tax.id);
    const draft = ok(
      await postCredit(harness, theirs.books, creditBody(theirs.books, theirs.vendor.id, theirs.tax.id)),
      201,
    );
    const { books } = mine;
    const attempts: [string, () => ReturnType<typeof call>][] = [
      ['GET', () => call(harness, 'GET', `${URL}/${issued.id}`, books.headers)],
      ['PATCH', () => call(harness, 'PATCH', `${URL}/${draft.id}`, books.headers, { memo: 'x' })],
      ['DELETE', () => call(harness, 'DELETE', `${URL}/${draft.id}`, books.headers)],
      ['issue', () => call(harness, 'POST', `${URL}/${draft.id}/issue`, books.headers)],
      ['apply', () => applyCredit(harness, books.headers, issued.id, [{ bill_id: bill.id, amount: '1.00' }])],
      ['void', () => call(harness, 'POST', `${URL}/${issued.id}/void`, books.headers)],
    ];
    for (const [, attempt] of attempts) await refusedUnchanged(harness, books, attempt, 'not_found');
    for (const [, attempt] of attempts) await refusedUnchanged(harness, theirs.books, attempt, 'not_found');
    assert.equal(ok(await call(harness, 'GET', URL, books.headers)).results.length, 0);
    // Their vendor and bill, named from my books: no such vendor, no such bill.
    await refusedUnchanged(
      harness,
      books,
      () => postCredit(harness, books, creditBody(books, theirs.vendor.id, mine.tax.id)),
      'validation_error',
      ['vendor'],
    );
    const credit = await issuedCredit(harness, books, mine.vendor.id, mine.tax.id);
    const refused = await refusedUnchanged(
      harness,
      books,
      () => applyCredit(harness, books.headers, credit.id, [{ bill_id: bill.id, amount: '1.00' }]),
      'validation_error',
      ['applications/0/bill_id'],
    );
    assert.match(refused.json().error.detail.fields['applications/0/bill_id'][0], /no such bill/);
    const theirBill = ok(await call(harness, 'GET', `/api/v1/bills/${bill.id}`, theirs.books.headers));
    assert.equal(theirBill.amount_credited, '0.0000');
  });
});

describe('vendor credits: roles', () => {
  test('an accountant key writes; a viewer key reads but may not write; a sales key may do neither', async () => {
    const { books, vendor, tax } = await setup();
    const bill = await openBill(harness, books, vendor.id);
    const accountant = await createKey(harness, books, 'accountant');
    const viewer = await createKey(harness, books, 'viewer');
    const sales = await createKey(harness, books, 'sales');
    const cursor = await feedCursor(harness, sales.headers);
    const body = creditBody(books, vendor.id, tax.id);
    const draft = ok(await postCredit(harness, books, body, accountant.headers), 201);
    ok(await call(harness, 'POST', `${URL}/${draft.id}/issue`, accountant.headers));
    ok(await applyCredit(harness, accountant.headers, draft.id, [{ bill_id: bill.id, amount: '5.00' }]));
    for (const headers of [viewer.headers, sales.headers]) {
      const denied = [
        await postCredit(harness, books, body, headers),
        await call(harness, 'PATCH', `${URL}/${draft.id}`, headers, { memo: 'x' }),
        await call(harness, 'DELETE', `${URL}/${draft.id}`, headers),
        await call(harness, 'POST', `${URL}/${draft.id}/issue`, headers),
        await applyCredit(harness, headers, draft.id, [{ bill_id: bill.id, amount: '1.00' }]),
        await call(harness, 'POST', `${URL}/${draft.id}/void`, headers),
      ];
      for (const response of denied) {
        assert.equal(response.statusCode, 403, response.body);
        assert.equal(response.json().error.code, 'permission_denied');
      }
    }
    const read = ok(await call(harness, 'GET', `${URL}/${draft.id}`, viewer.headers));
    assert.equal(read.amount_applied, '5.0000');
    assert.equal(ok(await call(harness, 'GET', URL, viewer.headers)).results.length, 1);
    assert.equal((await call(harness, 'GET', `${URL}/${draft.id}`, sales.headers)).statusCode, 403);
    assert.equal((await call(harness, 'GET', URL, sales.headers)).statusCode, 403);
    const types = new Set(
      (await changesSince(harness, sales.headers, cursor)).map((change) => change.entity_type),
    );
    assert.ok(
      !types.has('vendor_credit') && !types.has('bill'),
      'a sales key sees no vendor credits or bills',
    );
  });
});

describe('vendor credits: sandbox', () => {
  test('sandbox books keep their own credits and VC numbers; the live books see none', async () => {
    const books = await signUp(harness);
    const sandbox: Books = { ...books, headers: books.sandboxHeaders, accounts: {} };
    for (const account of ok(await call(harness, 'GET', '/api/v1/accounts', books.sandboxHeaders)).results)
      sandbox.accounts[account.number] = account.id;
    const vendor = await createVendor(harness, sandbox.headers);
    const bill = await openBill(harness, sandbox, vendor.id);
    const credit = await issuedCredit(harness, sandbox, vendor.id, null);
    assert.equal(credit.number, 'VC-000001');
    ok(await applyCredit(harness, sandbox.headers, credit.id, [{ bill_id: bill.id, amount: '56.00' }]));
    assert.equal(
      ok(await call(harness, 'GET', `/api/v1/bills/${bill.id}`, sandbox.headers)).balance_due,
      '44.0000',
    );
    assert.equal(ok(await call(harness, 'GET', URL, books.headers)).results.length, 0, 'live books see none');
    assert.equal((await call(harness, 'GET', `${URL}/${credit.id}`, books.headers)).statusCode, 404);
    const live = await createVendor(harness, books.headers);
    assert.equal((await issuedCredit(harness, books, live.id, null)).number, 'VC-000001');
  });
});
