// The totals rows of the credit lists (issue 21): GET /credit-notes/totals and /vendor-credits/totals
// count and sum what the list's filters match (status, customer or vendor) over every page, as exact
// decimal strings: the totals and the remaining credit (total less applied while issued; 0 for a
// draft or a void credit). Bad filters are refused in the envelope; another organization's credits
// are never counted; a role that may not read the list may not read its totals.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatMoney, parseMoney } from '../../src/domain/money.ts';
import { call, createKey, type Headers, signUp, useHarness } from '../helpers/harness.ts';
import { createCustomer, createTaxRate, noteBody, ok, sentInvoice } from '../helpers/receivables.ts';
import { assertEnvelope } from '../helpers/refusals.ts';
import {
  applyCredit,
  createVendor,
  creditBody,
  issuedCredit,
  openBill,
  postCredit,
  URL as VENDOR_CREDITS,
} from '../helpers/vendor-credits.ts';

const harness = useHarness({}, 30);
const CREDIT_NOTES = '/api/v1/credit-notes';

interface Credit {
  id: string;
  status: string;
  total: string;
  remaining_credit: string;
}

const get = async (headers: Headers, url: string) => ok(await call(harness, 'GET', url, headers));

/** Every row of a list, following `next`. */
async function everyRow(headers: Headers, url: string): Promise<Credit[]> {
  const rows: Credit[] = [];
  let page = await get(headers, url);
  rows.push(...page.results);
  while (page.next) {
    page = await get(headers, new URL(page.next).pathname + new URL(page.next).search);
    rows.push(...page.results);
  }
  return rows;
}

const sum = (rows: Credit[], field: 'total' | 'remaining_credit') =>
  formatMoney(rows.reduce((total, row) => total + parseMoney(row[field]), 0n));

/** The totals of `list?query` equal to the list's own rows summed, over every page. */
async function assertTotalsOfList(headers: Headers, list: string, query: string) {
  const rows = await everyRow(headers, `${list}${query}`);
  const totals = await get(headers, `${list}/totals${query}`);
  assert.deepEqual(
    totals,
    {
      count: rows.length,
      currency: 'USD',
      total: sum(rows, 'total'),
      remaining_credit: sum(rows, 'remaining_credit'),
    },
    `totals of ${list}${query}`,
  );
  return totals;
}

describe('credit note totals', () => {
  let made: Awaited<ReturnType<typeof makeNotes>> | undefined;
  /** Alder: issued with 50.00 applied, issued, a draft, a void; Birch: issued, a draft. 29 more drafts of Birch's page the list. */
  async function makeNotes() {
    const books = await signUp(harness);
    const alder = await createCustomer(harness, books.headers, { display_name: 'Alder' });
    const birch = await createCustomer(harness, books.headers, { display_name: 'Birch' });
    const tax = await createTaxRate(harness, books.headers, '8.2500');
    const invoice = await sentInvoice(harness, books, alder.id, tax.id);
    const draft = async (customer: string) =>
      ok(await call(harness, 'POST', CREDIT_NOTES, books.headers, noteBody(books, customer, tax.id)), 201);
    const issued = async (customer: string) =>
      ok(await call(harness, 'POST', `${CREDIT_NOTES}/${(await draft(customer)).id}/issue`, books.headers));
    const applied = await issued(alder.id);
    ok(
      await call(harness, 'POST', `${CREDIT_NOTES}/${applied.id}/apply`, books.headers, {
        applications: [{ invoice_id: invoice.id, amount: '50.00' }],
      }),
    );
    await issued(alder.id);
    await draft(alder.id);
    const voided = await issued(alder.id);
    ok(await call(harness, 'POST', `${CREDIT_NOTES}/${voided.id}/void`, books.headers));
    await issued(birch.id);
    for (let index = 0; index < 30; index++) await draft(birch.id);
    return { books, alder, birch };
  }
  const setup = async () => {
    made ??= await makeNotes();
    return made;
  };

  test('count, totals and remaining credit of what the filters match, over every page', async () => {
    const { books, alder, birch } = await setup();
    for (const query of [
      '',
      '?status=issued',
      '?status=draft',
      '?status=void',
      `?customer=${alder.id}`,
      `?customer=${birch.id}&status=draft`,
    ]) {
      await assertTotalsOfList(books.headers, CREDIT_NOTES, query);
    }
    assert.deepEqual(await get(books.headers, `${CREDIT_NOTES}/totals?customer=${alder.id}`), {
      count: 4,
      currency: 'USD',
      total: '839.6000',
      remaining_credit: '369.8000',
    });
    const voided = await get(books.headers, `${CREDIT_NOTES}/totals?status=void`);
    assert.deepEqual([voided.count, voided.total, voided.remaining_credit], [1, '209.9000', '0.0000']);
    const drafts = await get(books.headers, `${CREDIT_NOTES}/totals?status=draft`);
    assert.deepEqual(
      [drafts.count, drafts.remaining_credit],
      [31, '0.0000'],
      'a draft has no credit to apply yet',
    );
  });

  test('bad filters are refused in the envelope; an order changes nothing in the totals', async () => {
    const { books } = await setup();
    for (const query of ['?status=open', '?customer=not-a-uuid']) {
      assertEnvelope(
        await call(harness, 'GET', `${CREDIT_NOTES}/totals${query}`, books.headers),
        'validation_error',
        400,
      );
    }
    assert.deepEqual(
      await get(books.headers, `${CREDIT_NOTES}/totals?sort=-total`),
      await get(books.headers, `${CREDIT_NOTES}/totals`),
    );
  });

  test("another organization's notes are never counted; every role that reads notes reads their totals", async () => {
    const { books, alder } = await setup();
    const before = await get(books.headers, `${CREDIT_NOTES}/totals`);
    const other = await signUp(harness);
    const theirs = await createCustomer(harness, other.headers, { display_name: 'Alder' });
    const theirTax = await createTaxRate(harness, other.headers, '8.2500');
    const note = ok(
      await call(harness, 'POST', CREDIT_NOTES, other.headers, noteBody(other, theirs.id, theirTax.id)),
      201,
    );
    ok(await call(harness, 'POST', `${CREDIT_NOTES}/${note.id}/issue`, other.headers));
    assert.deepEqual(await get(books.headers, `${CREDIT_NOTES}/totals`), before);
    assert.deepEqual(await get(books.headers, `${CREDIT_NOTES}/totals?customer=${theirs.id}`), {
      count: 0,
      currency: 'USD',
      total: '0.0000',
      remaining_credit: '0.0000',
    });
    assert.equal((await get(other.headers, `${CREDIT_NOTES}/totals?customer=${alder.id}`)).count, 0);
    const viewer = await createKey(harness, books, 'viewer');
    assert.deepEqual(await get(viewer.headers, `${CREDIT_NOTES}/totals`), before);
    const anonymous = await call(harness, 'GET', `${CREDIT_NOTES}/totals`, {});
    assert.equal(anonymous.statusCode, 401);
  });
});

describe('vendor credit totals', () => {
  let made: Awaited<ReturnType<typeof makeCredits>> | undefined;
  /** Northwind: issued with 25.00 applied, issued, a draft, a void; Contoso: issued. 60.00 each. */
  async function makeCredits() {
    const books = await signUp(harness);
    const northwind = await createVendor(harness, books.headers, 'Northwind Supplies');
    const contoso = await createVendor(harness, books.headers, 'Contoso Paper');
    const tax = await createTaxRate(harness, books.headers, '10.0000');
    const bill = await openBill(harness, books, northwind.id);
    const applied = await issuedCredit(harness, books, northwind.id, tax.id);
    ok(await applyCredit(harness, books.headers, applied.id, [{ bill_id: bill.id, amount: '25.00' }]));
    await issuedCredit(harness, books, northwind.id, tax.id);
    ok(await postCredit(harness, books, creditBody(books, northwind.id, tax.id)), 201);
    const voided = await issuedCredit(harness, books, northwind.id, tax.id);
    ok(await call(harness, 'POST', `${VENDOR_CREDITS}/${voided.id}/void`, books.headers));
    await issuedCredit(harness, books, contoso.id, tax.id);
    return { books, northwind, contoso };
  }
  const setup = async () => {
    made ??= await makeCredits();
    return made;
  };

  test('count, totals and remaining credit of what the filters match', async () => {
    const { books, northwind, contoso } = await setup();
    for (const query of [
      '',
      '?status=issued',
      '?status=draft',
      '?status=void',
      `?vendor=${northwind.id}`,
      `?vendor=${contoso.id}&status=issued`,
    ]) {
      await assertTotalsOfList(books.headers, VENDOR_CREDITS, query);
    }
    assert.deepEqual(await get(books.headers, `${VENDOR_CREDITS}/totals?vendor=${northwind.id}`), {
      count: 4,
      currency: 'USD',
      total: '240.0000',
      remaining_credit: '95.0000',
    });
    assert.deepEqual(await get(books.headers, `${VENDOR_CREDITS}/totals`), {
      count: 5,
      currency: 'USD',
      total: '300.0000',
      remaining_credit: '155.0000',
    });
  });

  test('bad filters are refused in the envelope', async () => {
    const { books } = await setup();
    for (const query of ['?status=open', '?vendor=not-a-uuid']) {
      assertEnvelope(
        await call(harness, 'GET', `${VENDOR_CREDITS}/totals${query}`, books.headers),
        'validation_error',
        400,
      );
    }
  });

  test("another organization's credits are never counted; a role that may not read payables may not read their totals", async () => {
    const { books, northwind } = await setup();
    const before = await get(books.headers, `${VENDOR_CREDITS}/totals`);
    const other = await signUp(harness);
    const theirs = await createVendor(harness, other.headers, 'Northwind Supplies');
    await issuedCredit(harness, other, theirs.id, null);
    assert.deepEqual(await get(books.headers, `${VENDOR_CREDITS}/totals`), before);
    assert.equal((await get(books.headers, `${VENDOR_CREDITS}/totals?vendor=${theirs.id}`)).count, 0);
    assert.equal((await get(other.headers, `${VENDOR_CREDITS}/totals?vendor=${northwind.id}`)).count, 0);
    const viewer = await createKey(harness, books, 'viewer');
    assert.deepEqual(await get(viewer.headers, `${VENDOR_CREDITS}/totals`), before);
    const sales = await createKey(harness, books, 'sales');
    assertEnvelope(
      await call(harness, 'GET', `${VENDOR_CREDITS}/totals`, sales.headers),
      'permission_denied',
      403,
    );
  });
});
