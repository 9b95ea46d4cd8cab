// Vendor credits (D87) in tests: a vendor, open bills, and credits from draft to issued, through the
// HTTP API; the entry of a document as "account debit credit" rows; the books checked clean.
import assert from 'node:assert/strict';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { type Books, call, type Harness, type Headers } from './harness.ts';
import { ok } from './receivables.ts';

export const URL = '/api/v1/vendor-credits';

export async function createVendor(harness: Harness, headers: Headers, name = 'Northwind Supplies') {
  return ok(await call(harness, 'POST', '/api/v1/vendors', headers, { display_name: name }), 201);
}

/** An open bill of `amount` (one line on 6300) dated 2026-03-01. */
export async function openBill(harness: Harness, books: Books, vendor: string, amount = '100.00') {
  const draft = ok(
    await call(harness, 'POST', '/api/v1/bills', books.headers, {
      vendor,
      bill_date: '2026-03-01',
      lines: [{ description: 'Paper', quantity: '1', unit_cost: amount, account: books.accounts['6300'] }],
    }),
    201,
  );
  return ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers));
}

/** 40.00 of paper returned at 10% tax (44.00) and 16.00 of rent refunded untaxed: 60.00 of credit. */
export function creditBody(
  books: Books,
  vendor: string,
  tax: string | null,
  extra: Record<string, unknown> = {},
) {
  return {
    vendor,
    credit_date: '2026-03-05',
    vendor_reference: 'NW-CR-7',
    lines: [
      {
        description: 'Paper returned',
        quantity: '4',
        unit_cost: '10.00',
        account: books.accounts['6300'],
        tax_rate: tax,
      },
      { description: 'Rent refund', quantity: '1', unit_cost: '16.00', account: books.accounts['6500'] },
    ],
    ...extra,
  };
}

export function postCredit(harness: Harness, books: Books, body: unknown, headers: Headers = books.headers) {
  return call(harness, 'POST', URL, headers, body);
}

export async function issuedCredit(
  harness: Harness,
  books: Books,
  vendor: string,
  tax: string | null,
  extra: Record<string, unknown> = {},
) {
  const draft = ok(await postCredit(harness, books, creditBody(books, vendor, tax, extra)), 201);
  return ok(await call(harness, 'POST', `${URL}/${draft.id}/issue`, books.headers));
}

export function applyCredit(
  harness: Harness,
  headers: Headers,
  id: string,
  applications: { bill_id: string; amount: string }[],
) {
  return call(harness, 'POST', `${URL}/${id}/apply`, headers, { applications });
}

/** A journal entry's lines as sorted "number debit credit" rows. */
export async function entryLines(harness: Harness, books: Books, entryId: string): Promise<string[]> {
  const entry = ok(await call(harness, 'GET', `/api/v1/journal-entries/${entryId}`, books.headers));
  const numberOf = new Map(Object.entries(books.accounts).map(([number, id]) => [id, number]));
  return entry.lines
    .map(
      (line: { account: string; debit: string; credit: string }) =>
        `${numberOf.get(line.account)} ${line.debit} ${line.credit}`,
    )
    .sort();
}

export async function assertBooksCheck(harness: Harness, books: Books) {
  assert.deepEqual((await checkBooks(harness.db, { organizationId: books.organizationId })).violations, []);
}
