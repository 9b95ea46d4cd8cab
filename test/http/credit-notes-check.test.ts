// `folio check` (D69) over books with credit notes (D60): books with notes in every state pass; a note
// or an invoice whose credit no longer adds up, and a void note without its reversal, are reported
// under their invariants. Every break is repaired in the same test (the PostgreSQL suite shares one
// database, which folio check verifies after the suite).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkBooks, type Violation } from '../../src/app/check/check-books.ts';
import type { SqlParam } from '../../src/storage/db.ts';
import { call, type Harness, startHarness } from '../helpers/harness.ts';
import { ok, receivablesSetup, sentInvoice } from '../helpers/receivables.ts';
import { tamper as tamperBooks } from '../helpers/tamper.ts';

let harness: Harness;
before(async () => {
  harness = await startHarness({}, 10, { skipBooksCheck: true });
});
after(() => harness.close());

const URL = '/api/v1/credit-notes';

/** Books with a draft, an issued note partly applied to an invoice, and a void note. */
async function booksWithNotes() {
  const { books, customer, tax } = await receivablesSetup(harness);
  const invoice = await sentInvoice(harness, books, customer.id, tax.id);
  const body = {
    customer: customer.id,
    lines: [{ quantity: '1', unit_price: '100.00', income_account: books.accounts['4000'] }],
  };
  const note = async () => ok(await call(harness, 'POST', URL, books.headers, body), 201);
  await note();
  const applied = await note();
  ok(await call(harness, 'POST', `${URL}/${applied.id}/issue`, books.headers));
  ok(
    await call(harness, 'POST', `${URL}/${applied.id}/apply`, books.headers, {
      applications: [{ invoice_id: invoice.id, amount: '40.00' }],
    }),
  );
  const voided = await note();
  ok(await call(harness, 'POST', `${URL}/${voided.id}/issue`, books.headers));
  const done = ok(await call(harness, 'POST', `${URL}/${voided.id}/void`, books.headers));
  return { books, invoice, applied, voided: done };
}

async function violationsOf(organizationId: string): Promise<Violation[]> {
  return (await checkBooks(harness.db, { organizationId })).violations;
}

/** Runs statements with triggers off: the shared helper folio-check.test.ts uses (it also runs on Citus). */
function tamper(statements: [string, SqlParam[]][]) {
  return tamperBooks(harness, statements);
}

async function brokenThenRepaired(
  organizationId: string,
  breakIt: [string, SqlParam[]][],
  repair: [string, SqlParam[]][],
  expected: string[],
): Promise<Violation[]> {
  assert.deepEqual(await violationsOf(organizationId), [], 'clean before the break');
  await tamper(breakIt);
  let found: Violation[];
  try {
    found = await violationsOf(organizationId);
  } finally {
    await tamper(repair);
  }
  const names = [...new Set(found.map((violation) => violation.invariant))].sort();
  assert.deepEqual(names, [...expected].sort(), JSON.stringify(found, null, 2));
  assert.deepEqual(await violationsOf(organizationId), [], 'the repair restores clean books');
  return found;
}

describe('folio check with credit notes', () => {
  test('books with a draft, an applied and a void credit note pass', async () => {
    const { books } = await booksWithNotes();
    assert.deepEqual(await checkBooks(harness.db, { organizationId: books.organizationId }), {
      organizationsChecked: 1,
      violations: [],
    });
  });

  test("credit_note_agrees and receivables_agree: a note's amount_applied its applications do not add up to", async () => {
    const { books, applied } = await booksWithNotes();
    const sql = 'UPDATE credit_notes SET amount_applied = amount_applied + $2 WHERE id = $1';
    const found = await brokenThenRepaired(
      books.organizationId,
      [[sql, [applied.id, 5]]],
      [[sql, [applied.id, -5]]],
      ['credit_note_agrees', 'receivables_agree'],
    );
    assert.ok(found.some((v) => /amount_applied equals the sum of its applications/.test(v.message)));
  });

  test("invoice_agrees: an invoice's amount_credited its credit-note applications do not add up to", async () => {
    const { books, invoice } = await booksWithNotes();
    const sql = 'UPDATE invoices SET amount_credited = amount_credited + $2 WHERE id = $1';
    const found = await brokenThenRepaired(
      books.organizationId,
      [[sql, [invoice.id, 1]]],
      [[sql, [invoice.id, -1]]],
      ['invoice_agrees', 'receivables_agree'],
    );
    assert.ok(
      found.some((v) => /amount_credited equals the sum of its credit-note applications/.test(v.message)),
    );
  });

  test('credit_note_agrees: a void note whose issue entry is no longer reversed, and an issued note set back to draft', async () => {
    const { books, voided, applied } = await booksWithNotes();
    const unlink = 'UPDATE journal_entries SET reversed_by_entry_id = $2 WHERE id = $1';
    await brokenThenRepaired(
      books.organizationId,
      [[unlink, [voided.journal_entry, null]]],
      [[unlink, [voided.journal_entry, voided.void_entry]]],
      ['credit_note_agrees'],
    );
    const status = 'UPDATE credit_notes SET status = $2 WHERE id = $1';
    await brokenThenRepaired(
      books.organizationId,
      [[status, [applied.id, 'draft']]],
      [[status, [applied.id, 'issued']]],
      ['credit_note_agrees', 'receivables_agree'],
    );
  });
});
