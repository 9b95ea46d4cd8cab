// Vendor credits (D87), the refusals: each answers the envelope with its code and field, and writes
// nothing (every table of the books and the feed compared before and after): bad drafts (an inventory
// item, no account, another currency, a zero total, an unknown vendor), a second issue, a stale version,
// a closed period, applies past the remaining credit or a bill's balance, to another vendor's bill or
// a draft bill, of a draft credit; a void of an applied or draft credit; edits past draft; and a bill
// with credit applied that is voided or overpaid.
import { describe, test } from 'node:test';
import { addDays } from '../../src/domain/dates.ts';
import { type Books, call, signUp, today, useHarness } from '../helpers/harness.ts';
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

const post = (books: Books, body: unknown) => () => postCredit(harness, books, body);

describe('vendor credits: refused drafts write nothing', () => {
  test('an inventory item, a line without account, a negative cost, another currency, a zero total, an unknown vendor', async () => {
    const { books, vendor, tax } = await setup();
    const stock = ok(
      await call(harness, 'POST', '/api/v1/items', books.headers, {
        name: 'Widget',
        type: 'inventory',
        purchase_cost: '4.00',
        sale_price: '10.00',
        income_account: books.accounts['4000'],
      }),
      201,
    );
    const line = (extra: Record<string, unknown>) => ({
      vendor: vendor.id,
      lines: [{ quantity: '1', ...extra }],
    });
    await refusedUnchanged(harness, books, post(books, line({ item: stock.id })), 'validation_error', [
      'lines/0/item',
    ]);
    await refusedUnchanged(harness, books, post(books, line({ unit_cost: '5.00' })), 'validation_error', [
      'lines/0/account',
    ]);
    await refusedUnchanged(
      harness,
      books,
      post(books, line({ unit_cost: '-5.00', account: books.accounts['6300'] })),
      'invalid_money',
      ['lines/0/unit_cost'],
    );
    await refusedUnchanged(
      harness,
      books,
      post(books, creditBody(books, vendor.id, tax.id, { currency: 'EUR' })),
      'validation_error',
      ['currency'],
    );
    await refusedUnchanged(
      harness,
      books,
      post(books, line({ unit_cost: '0', account: books.accounts['6300'] })),
      'validation_error',
      ['lines'],
    );
    await refusedUnchanged(
      harness,
      books,
      post(books, creditBody(books, '00000000-0000-4000-8000-000000000000', tax.id)),
      'validation_error',
      ['vendor'],
    );
    // An inventory item put on a draft by PATCH is refused the same way.
    const draft = ok(await postCredit(harness, books, creditBody(books, vendor.id, tax.id)), 201);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `${URL}/${draft.id}`, books.headers, {
          lines: [{ item: stock.id, quantity: '1' }],
        }),
      'validation_error',
      ['lines/0/item'],
    );
  });
});

describe('vendor credits: refused issues, edits and voids write nothing', () => {
  test('a second issue, a stale version, a closed period; PATCH and DELETE past draft; void of a draft', async () => {
    const { books, vendor, tax } = await setup();
    const draft = ok(await postCredit(harness, books, creditBody(books, vendor.id, tax.id)), 201);
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `${URL}/${draft.id}/issue`, books.headers, { version: 7 }),
      'stale_write',
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `${URL}/${draft.id}/void`, books.headers),
      'invalid_state',
    );
    const issued = ok(await call(harness, 'POST', `${URL}/${draft.id}/issue`, books.headers));
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `${URL}/${issued.id}/issue`, books.headers),
      'invalid_state',
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'PATCH', `${URL}/${issued.id}`, books.headers, { memo: 'x' }),
      'immutable_entry',
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'DELETE', `${URL}/${issued.id}`, books.headers),
      'immutable_entry',
    );
    const old = ok(
      await postCredit(
        harness,
        books,
        creditBody(books, vendor.id, tax.id, { credit_date: addDays(today, -10) }),
      ),
      201,
    );
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: addDays(today, -5) }));
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `${URL}/${old.id}/issue`, books.headers),
      'period_closed',
    );
  });
});

describe('vendor credits: refused applies write nothing', () => {
  test('past the remaining credit or a bill’s balance, another vendor’s bill, a draft bill, a draft credit, a bill twice, bad amounts', async () => {
    const { books, vendor, tax } = await setup();
    const bill = await openBill(harness, books, vendor.id, '100.00');
    const small = await openBill(harness, books, vendor.id, '20.00');
    const credit = await issuedCredit(harness, books, vendor.id, tax.id); // 60.00
    const apply =
      (applications: { bill_id: string; amount: string }[], id = credit.id) =>
      () =>
        applyCredit(harness, books.headers, id, applications);
    await refusedUnchanged(
      harness,
      books,
      apply([{ bill_id: bill.id, amount: '60.01' }]),
      'application_exceeds_balance',
      ['applications'],
    );
    await refusedUnchanged(
      harness,
      books,
      apply([{ bill_id: small.id, amount: '20.01' }]),
      'application_exceeds_balance',
      ['applications/0/amount'],
    );
    const other = await createVendor(harness, books.headers, 'Other Co');
    const foreign = await openBill(harness, books, other.id, '50.00');
    await refusedUnchanged(
      harness,
      books,
      apply([{ bill_id: foreign.id, amount: '1.00' }]),
      'validation_error',
      ['applications/0/bill_id'],
    );
    const draftBill = ok(
      await call(harness, 'POST', '/api/v1/bills', books.headers, {
        vendor: vendor.id,
        lines: [{ quantity: '1', unit_cost: '5.00', account: books.accounts['6300'] }],
      }),
      201,
    );
    await refusedUnchanged(
      harness,
      books,
      apply([{ bill_id: draftBill.id, amount: '1.00' }]),
      'invalid_state',
      ['applications/0/bill_id'],
    );
    await refusedUnchanged(
      harness,
      books,
      apply([
        { bill_id: bill.id, amount: '1.00' },
        { bill_id: bill.id, amount: '1.00' },
      ]),
      'validation_error',
      ['applications/1/bill_id'],
    );
    await refusedUnchanged(harness, books, apply([{ bill_id: bill.id, amount: '0' }]), 'validation_error', [
      'applications/0/amount',
    ]);
    await refusedUnchanged(harness, books, apply([{ bill_id: bill.id, amount: '1.001' }]), 'invalid_money', [
      'applications/0/amount',
    ]);
    // The second application would fit alone, but the two together pass the credit: nothing is applied.
    await refusedUnchanged(
      harness,
      books,
      apply([
        { bill_id: small.id, amount: '20.00' },
        { bill_id: bill.id, amount: '40.01' },
      ]),
      'application_exceeds_balance',
    );
    const draft = ok(await postCredit(harness, books, creditBody(books, vendor.id, tax.id)), 201);
    await refusedUnchanged(
      harness,
      books,
      apply([{ bill_id: bill.id, amount: '1.00' }], draft.id),
      'invalid_state',
    );
    const missing = '00000000-0000-4000-8000-000000000000';
    await refusedUnchanged(
      harness,
      books,
      apply([{ bill_id: bill.id, amount: '1.00' }], missing),
      'not_found',
    );
  });

  test('an applied credit is not voided; a bill with credit applied is not voided, nor paid past what is left', async () => {
    const { books, vendor, tax } = await setup();
    const bill = await openBill(harness, books, vendor.id, '100.00');
    const credit = await issuedCredit(harness, books, vendor.id, tax.id);
    ok(await applyCredit(harness, books.headers, credit.id, [{ bill_id: bill.id, amount: '60.00' }]));
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `${URL}/${credit.id}/void`, books.headers),
      'invalid_state',
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bills/${bill.id}/void`, books.headers),
      'invalid_state',
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/bill-payments', books.headers, {
          vendor: vendor.id,
          payment_date: '2026-03-20',
          amount: '40.01',
          method: 'ach',
          paid_from_account: books.accounts['1000'],
          applications: [{ bill_id: bill.id, amount: '40.01' }],
        }),
      'application_exceeds_balance',
    );
  });
});
