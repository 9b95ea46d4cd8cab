// Vendor credits (D87), the happy paths: a draft priced like a bill with no number; issue posts a bill's
// entry mirrored under VC-000001; apply lowers open bills' balance_due (versions, feed) down to paid;
// the vendor's balance and AP aging count the remaining credit; void reverses an unapplied credit;
// list filters; an apply replayed under its Idempotency-Key applies once; the OpenAPI paths; and
// `folio check` clean after each.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import { type Books, call, signUp, today, useHarness } from '../helpers/harness.ts';
import { createTaxRate, ok } from '../helpers/receivables.ts';
import {
  applyCredit,
  assertBooksCheck,
  createVendor,
  creditBody,
  entryLines,
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

async function balanceOf(books: Books, number: string): Promise<string> {
  return ok(await call(harness, 'GET', `/api/v1/accounts/${books.accounts[number]}`, books.headers)).balance;
}

const read = async (books: Books, url: string) => ok(await call(harness, 'GET', url, books.headers));

describe('vendor credits: drafts and issue', () => {
  test('a draft is priced like a bill, has no number and posts nothing; PATCH and DELETE change drafts only', async () => {
    const { books, vendor, tax } = await setup();
    const draft = ok(await postCredit(harness, books, creditBody(books, vendor.id, tax.id)), 201);
    assert.deepEqual(
      [draft.status, draft.number, draft.vendor_name, draft.vendor_reference, draft.credit_date],
      ['draft', null, 'Northwind Supplies', 'NW-CR-7', '2026-03-05'],
    );
    assert.deepEqual([draft.subtotal, draft.tax_total, draft.total], ['56.0000', '4.0000', '60.0000']);
    assert.deepEqual(
      [draft.amount_applied, draft.remaining_credit, draft.journal_entry],
      ['0.0000', '0.0000', null],
    );
    assert.equal(draft.lines[0].account, books.accounts['6300']);
    assert.equal(draft.lines[0].tax_amount, '4.0000');
    assert.equal(await balanceOf(books, '2000'), '0.0000');
    const edited = ok(
      await call(harness, 'PATCH', `${URL}/${draft.id}`, books.headers, {
        memo: 'returned damaged',
        lines: [{ quantity: '2', unit_cost: '5.00', account: books.accounts['6300'] }],
        version: 1,
      }),
    );
    assert.deepEqual(
      [edited.total, edited.memo, edited.version, edited.lines.length],
      ['10.0000', 'returned damaged', 2, 1],
    );
    assert.equal((await call(harness, 'DELETE', `${URL}/${draft.id}`, books.headers)).statusCode, 204);
    assert.equal((await call(harness, 'GET', `${URL}/${draft.id}`, books.headers)).statusCode, 404);
    // A deleted draft never had a number: the next issue is VC-000001.
    const issued = await issuedCredit(harness, books, vendor.id, tax.id);
    assert.equal(issued.number, 'VC-000001');
    await assertBooksCheck(harness, books);
  });

  test('issue numbers it VC-000001 and posts the mirror of a bill: debit Accounts Payable, credit each line and the tax', async () => {
    const { books, vendor, tax } = await setup();
    await openBill(harness, books, vendor.id, '100.00');
    const credit = await issuedCredit(harness, books, vendor.id, tax.id);
    assert.deepEqual(
      [credit.status, credit.number, credit.remaining_credit, credit.version],
      ['issued', 'VC-000001', '60.0000', 2],
    );
    assert.ok(credit.issued_at);
    assert.deepEqual(await entryLines(harness, books, credit.journal_entry), [
      '2000 60.0000 0.0000',
      '2200 0.0000 4.0000',
      '6300 0.0000 40.0000',
      '6500 0.0000 16.0000',
    ]);
    const entry = await read(books, `/api/v1/journal-entries/${credit.journal_entry}`);
    assert.deepEqual(
      [entry.txn_date, entry.source_type, entry.source_id],
      ['2026-03-05', 'vendor_credit', credit.id],
    );
    assert.equal(
      await balanceOf(books, '2000'),
      '40.0000',
      'the bill owes 100.00, the credit takes 60.00 off',
    );
    const second = await issuedCredit(harness, books, vendor.id, null);
    assert.deepEqual([second.number, second.total], ['VC-000002', '56.0000']);
    await assertBooksCheck(harness, books);
  });

  test('an item line takes the item’s defaults: a non-inventory item’s expense account and purchase cost', async () => {
    const { books, vendor } = await setup();
    const item = ok(
      await call(harness, 'POST', '/api/v1/items', books.headers, {
        name: 'Toner',
        type: 'non_inventory',
        purchase_cost: '25.00',
        expense_account: books.accounts['6300'],
      }),
      201,
    );
    const draft = ok(
      await postCredit(harness, books, { vendor: vendor.id, lines: [{ item: item.id, quantity: '2' }] }),
      201,
    );
    assert.deepEqual(
      [draft.lines[0].account, draft.lines[0].unit_cost, draft.lines[0].description, draft.total],
      [books.accounts['6300'], '25.0000', 'Toner', '50.0000'],
    );
  });
});

describe('vendor credits: apply and void', () => {
  test('apply lowers open bills’ balance_due, bumps their versions and pays a bill it settles', async () => {
    const { books, vendor, tax } = await setup();
    const first = await openBill(harness, books, vendor.id, '100.00');
    const second = await openBill(harness, books, vendor.id, '25.00');
    const credit = await issuedCredit(harness, books, vendor.id, tax.id);
    const applied = ok(
      await applyCredit(harness, books.headers, credit.id, [
        { bill_id: first.id, amount: '30.00' },
        { bill_id: second.id, amount: '25.00' },
      ]),
    );
    assert.deepEqual(
      [applied.amount_applied, applied.remaining_credit, applied.version],
      ['55.0000', '5.0000', 3],
    );
    assert.deepEqual(
      applied.applications.map(
        (a: { bill_number: string; amount: string }) => `${a.bill_number} ${a.amount}`,
      ),
      [`${first.number} 30.0000`, `${second.number} 25.0000`],
    );
    const firstAfter = await read(books, `/api/v1/bills/${first.id}`);
    assert.deepEqual(
      [firstAfter.status, firstAfter.amount_credited, firstAfter.balance_due, firstAfter.version],
      ['open', '30.0000', '70.0000', first.version + 1],
    );
    const secondAfter = await read(books, `/api/v1/bills/${second.id}`);
    assert.deepEqual([secondAfter.status, secondAfter.balance_due], ['paid', '0.0000']);
    // A payment then pays only what the credit left.
    const payment = await call(harness, 'POST', '/api/v1/bill-payments', books.headers, {
      vendor: vendor.id,
      payment_date: '2026-03-20',
      amount: '70.00',
      method: 'ach',
      paid_from_account: books.accounts['1000'],
      applications: [{ bill_id: first.id, amount: '70.00' }],
    });
    assert.equal(payment.statusCode, 201, payment.body);
    assert.equal((await read(books, `/api/v1/bills/${first.id}`)).status, 'paid');
    assert.equal(await balanceOf(books, '2000'), '-5.0000', 'the credit left over is owed to the books');
    await assertBooksCheck(harness, books);
  });

  test('the vendor’s balance counts the remaining credit, and AP aging shows it as negative unapplied', async () => {
    const { books, vendor, tax } = await setup();
    const bill = await openBill(harness, books, vendor.id, '100.00');
    const credit = await issuedCredit(harness, books, vendor.id, tax.id);
    let standing = await read(books, `/api/v1/vendors/${vendor.id}`);
    assert.equal(standing.balance, '40.0000');
    let aging = await read(books, '/api/v1/reports/ap-aging?as_of=2026-03-10');
    assert.deepEqual(
      [aging.vendors[0].current, aging.vendors[0].unapplied, aging.vendors[0].total],
      ['100.0000', '-60.0000', '40.0000'],
    );
    assert.equal(aging.totals.total, '40.0000');
    // Before the credit's date it is not there yet.
    aging = await read(books, '/api/v1/reports/ap-aging?as_of=2026-03-04');
    assert.deepEqual([aging.vendors[0].unapplied, aging.totals.total], ['0.0000', '100.0000']);
    ok(await applyCredit(harness, books.headers, credit.id, [{ bill_id: bill.id, amount: '60.00' }]));
    standing = await read(books, `/api/v1/vendors/${vendor.id}`);
    assert.equal(standing.balance, '40.0000', 'applying moves credit onto the bill: the balance stays');
    aging = await read(books, '/api/v1/reports/ap-aging');
    assert.deepEqual([aging.vendors[0].unapplied, aging.totals.total], ['0.0000', '40.0000']);
    assert.equal(aging.totals.total, await balanceOf(books, '2000'));
    await assertBooksCheck(harness, books);
  });

  test("the journal lists a credit's entries by source_type and refuses to reverse them: the credit names itself (D63)", async () => {
    const { books, vendor, tax } = await setup();
    await openBill(harness, books, vendor.id, '100.00');
    const credit = await issuedCredit(harness, books, vendor.id, tax.id);
    const entry = `/api/v1/journal-entries/${credit.journal_entry}`;
    const reverse = await call(harness, 'POST', `${entry}/reverse`, books.headers, {});
    assert.equal(reverse.statusCode, 409, reverse.body);
    assert.match(
      reverse.json().error.message,
      /was posted by vendor credit VC-000001; void the vendor credit instead$/,
    );
    const voided = ok(await call(harness, 'POST', `${URL}/${credit.id}/void`, books.headers));
    const issued = await read(books, '/api/v1/journal-entries?source_type=vendor_credit');
    const voids = await read(books, '/api/v1/journal-entries?source_type=vendor_credit_void');
    assert.deepEqual(
      [issued.results.map((e: { id: string }) => e.id), voids.results.map((e: { id: string }) => e.id)],
      [[credit.journal_entry], [voided.void_entry]],
    );
  });

  test('void reverses an issued credit with nothing applied; its number stays used', async () => {
    const { books, vendor, tax } = await setup();
    await openBill(harness, books, vendor.id, '100.00');
    const credit = await issuedCredit(harness, books, vendor.id, tax.id);
    const voided = ok(await call(harness, 'POST', `${URL}/${credit.id}/void`, books.headers));
    assert.deepEqual([voided.status, voided.remaining_credit, voided.version], ['void', '0.0000', 3]);
    assert.ok(voided.void_entry && voided.voided_at);
    assert.deepEqual(await entryLines(harness, books, voided.void_entry), [
      '2000 0.0000 60.0000',
      '2200 4.0000 0.0000',
      '6300 40.0000 0.0000',
      '6500 16.0000 0.0000',
    ]);
    assert.equal(await balanceOf(books, '2000'), '100.0000');
    assert.equal((await read(books, `/api/v1/vendors/${vendor.id}`)).balance, '100.0000');
    const next = await issuedCredit(harness, books, vendor.id, tax.id);
    assert.equal(next.number, 'VC-000002');
    await assertBooksCheck(harness, books);
  });
});

describe('vendor credits: the tax summary (D91)', () => {
  test('purchases are bills less vendor credits: the credit’s tax lowers tax paid, and no tax movement is left unexplained', async () => {
    const { books, vendor, tax } = await setup();
    const draft = ok(
      await call(harness, 'POST', '/api/v1/bills', books.headers, {
        vendor: vendor.id,
        bill_date: '2026-03-01',
        lines: [{ quantity: '1', unit_cost: '100.00', account: books.accounts['6300'], tax_rate: tax.id }],
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers));
    const credit = await issuedCredit(harness, books, vendor.id, tax.id); // 40.00 taxed at 10%
    let report = await read(books, '/api/v1/reports/tax-summary?from=2026-03-01&to=2026-03-31');
    assert.deepEqual(
      [report.totals.taxable_purchases, report.totals.tax_paid, report.other_movement],
      ['60.0000', '6.0000', '0.0000'],
    );
    ok(await call(harness, 'POST', `${URL}/${credit.id}/void`, books.headers));
    report = await read(books, `/api/v1/reports/tax-summary?from=2026-03-01&to=${today}`);
    assert.deepEqual([report.totals.tax_paid, report.other_movement], ['10.0000', '0.0000']);
  });
});

describe('vendor credits: lists, feed, idempotency, OpenAPI', () => {
  test('the list pages with filters on status and vendor', async () => {
    const { books, vendor, tax } = await setup();
    const other = await createVendor(harness, books.headers, 'Other Co');
    const issued = await issuedCredit(harness, books, vendor.id, tax.id);
    const draft = ok(await postCredit(harness, books, creditBody(books, other.id, tax.id)), 201);
    const ids = async (query: string) =>
      (await read(books, `${URL}${query}`)).results.map((row: { id: string }) => row.id);
    assert.deepEqual(await ids(''), [issued.id, draft.id]);
    assert.deepEqual(await ids('?status=draft'), [draft.id]);
    assert.deepEqual(await ids(`?vendor=${vendor.id}`), [issued.id]);
    assert.deepEqual(await ids(`?vendor=${other.id}&status=issued`), []);
    const page = await read(books, URL);
    assert.equal(page.results[0].lines.length, 2);
  });

  test('the feed carries vendor_credit records and the bills it moves', async () => {
    const { books, vendor, tax } = await setup();
    const bill = await openBill(harness, books, vendor.id);
    const cursor = await feedCursor(harness, books.headers);
    const gone = ok(await postCredit(harness, books, creditBody(books, vendor.id, tax.id)), 201);
    assert.equal((await call(harness, 'DELETE', `${URL}/${gone.id}`, books.headers)).statusCode, 204);
    const credit = await issuedCredit(harness, books, vendor.id, tax.id);
    ok(await applyCredit(harness, books.headers, credit.id, [{ bill_id: bill.id, amount: '10.00' }]));
    assert.deepEqual(changeTuples(await changesSince(harness, books.headers, cursor, 'vendor_credit')), [
      ['vendor_credit', gone.id, 'created', 1],
      ['vendor_credit', gone.id, 'deleted', 2],
      ['vendor_credit', credit.id, 'created', 1],
      ['vendor_credit', credit.id, 'updated', 2],
      ['vendor_credit', credit.id, 'updated', 3],
    ]);
    assert.deepEqual(changeTuples(await changesSince(harness, books.headers, cursor, 'bill')), [
      ['bill', bill.id, 'updated', bill.version + 1],
    ]);
  });

  test('an apply replayed under the same Idempotency-Key applies once', async () => {
    const { books, vendor, tax } = await setup();
    const bill = await openBill(harness, books, vendor.id);
    const credit = await issuedCredit(harness, books, vendor.id, tax.id);
    const headers = { ...books.headers, 'idempotency-key': `apply-${credit.id}` };
    const body = [{ bill_id: bill.id, amount: '25.00' }];
    const first = await applyCredit(harness, headers, credit.id, body);
    const second = await applyCredit(harness, headers, credit.id, body);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.deepEqual(second.json(), first.json());
    assert.equal((await read(books, `/api/v1/bills/${bill.id}`)).amount_credited, '25.0000');
  });

  test('every vendor-credit operation is published, with money as strings', async () => {
    const doc = ok(await call(harness, 'GET', '/api/v1/openapi.json', {}));
    const operations = {
      [URL]: ['get', 'post'],
      [`${URL}/{id}`]: ['get', 'patch', 'delete'],
      [`${URL}/{id}/issue`]: ['post'],
      [`${URL}/{id}/apply`]: ['post'],
      [`${URL}/{id}/void`]: ['post'],
    };
    for (const [path, methods] of Object.entries(operations))
      for (const method of methods) assert.ok(doc.paths[path]?.[method]?.operationId, `${method} ${path}`);
    assert.ok(doc.paths[`${URL}/{id}/apply`].post.responses['409'], 'apply declares 409');
    assert.equal(doc.components.schemas.VendorCredit.properties.remaining_credit.type, 'string');
    assert.equal(doc.components.schemas.Bill.properties.amount_credited.type, 'string');
  });
});
