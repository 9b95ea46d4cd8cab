// `folio check` (D69) over books with vendor credits (D87), as credit notes are covered: books with
// credits in every state pass; a credit or a bill whose credit no longer adds up, and a void credit
// without its reversal, are reported under their invariants. Every break is repaired in the same test
// (the PostgreSQL suite shares one database, which folio check verifies after the suite).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkBooks, type Violation } from '../../src/app/check/check-books.ts';
import { call, type Harness, signUp, startHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import { brokenThenRepaired, type Statements } from '../helpers/tamper.ts';
import {
  applyCredit,
  createVendor,
  creditBody,
  issuedCredit,
  openBill,
  postCredit,
  URL,
} from '../helpers/vendor-credits.ts';

let harness: Harness;
before(async () => {
  harness = await startHarness({}, 10, { skipBooksCheck: true });
});
after(() => harness.close());

/** Books with a draft, an issued credit partly applied to a bill, and a void credit. */
async function booksWithCredits() {
  const books = await signUp(harness);
  const vendor = await createVendor(harness, books.headers);
  const bill = await openBill(harness, books, vendor.id);
  ok(await postCredit(harness, books, creditBody(books, vendor.id, null)), 201);
  const applied = await issuedCredit(harness, books, vendor.id, null);
  ok(await applyCredit(harness, books.headers, applied.id, [{ bill_id: bill.id, amount: '40.00' }]));
  const issued = await issuedCredit(harness, books, vendor.id, null);
  const voided = ok(await call(harness, 'POST', `${URL}/${issued.id}/void`, books.headers));
  return { books, bill, applied, voided };
}

async function expectBroken(
  organizationId: string,
  breakIt: Statements,
  repair: Statements,
  expected: string[],
) {
  const found = await brokenThenRepaired(harness, organizationId, breakIt, repair);
  const names = [...new Set(found.map((violation) => violation.invariant))].sort();
  assert.deepEqual(names, [...expected].sort(), JSON.stringify(found, null, 2));
  return found;
}

const matches = (found: Violation[], pattern: RegExp) =>
  found.some((violation) => pattern.test(violation.message));

describe('folio check with vendor credits', () => {
  test('books with a draft, an applied and a void vendor credit pass', async () => {
    const { books } = await booksWithCredits();
    assert.deepEqual(await checkBooks(harness.db, { organizationId: books.organizationId }), {
      organizationsChecked: 1,
      violations: [],
    });
  });

  test("vendor_credit_agrees and payables_agree: a credit's amount_applied its applications do not add up to", async () => {
    const { books, applied } = await booksWithCredits();
    const sql = 'UPDATE vendor_credits SET amount_applied = amount_applied + $2 WHERE id = $1';
    const found = await expectBroken(
      books.organizationId,
      [[sql, [applied.id, 5]]],
      [[sql, [applied.id, -5]]],
      ['vendor_credit_agrees', 'payables_agree'],
    );
    assert.ok(matches(found, /amount_applied equals the sum of its applications/));
  });

  test("bill_agrees and payables_agree: a bill's amount_credited its vendor-credit applications do not add up to", async () => {
    const { books, bill } = await booksWithCredits();
    const sql = 'UPDATE bills SET amount_credited = amount_credited + $2 WHERE id = $1';
    const found = await expectBroken(
      books.organizationId,
      [[sql, [bill.id, 1]]],
      [[sql, [bill.id, -1]]],
      ['bill_agrees', 'payables_agree'],
    );
    assert.ok(matches(found, /amount_credited equals the sum of its vendor-credit applications/));
  });

  test('vendor_credit_agrees: a void credit whose issue entry is no longer reversed, an application to a draft bill', async () => {
    const { books, voided, applied, bill } = await booksWithCredits();
    const unlink = 'UPDATE journal_entries SET reversed_by_entry_id = $2 WHERE id = $1';
    const found = await expectBroken(
      books.organizationId,
      [[unlink, [voided.journal_entry, null]]],
      [[unlink, [voided.journal_entry, voided.void_entry]]],
      ['vendor_credit_agrees'],
    );
    assert.ok(matches(found, /only a void vendor credit's issue entry is reversed, by its void entry/));
    const status = 'UPDATE bills SET status = $2 WHERE id = $1';
    const draft = await expectBroken(
      books.organizationId,
      [[status, [bill.id, 'draft']]],
      [[status, [bill.id, 'open']]],
      ['vendor_credit_agrees', 'bill_agrees', 'payables_agree'],
    );
    assert.ok(matches(draft, /applications are to open or paid bills of the vendor credit's vendor/));
    assert.ok(applied.number);
  });
});
