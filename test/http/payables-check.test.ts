// `folio check` (D69) over payables (D54, D55): books with a draft, a part-paid, a paid and a void bill
// pass; a bill whose amount_paid its payments do not add up to, and a void bill whose entry was never
// reversed, are reported under bill_agrees and payables_agree. Every break is repaired in the same
// test (the PostgreSQL suite shares one database, which folio check verifies after the suite).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { call, type Harness, signUp, startHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import type { Statements } from '../helpers/tamper.ts';
import * as checked from '../helpers/tamper.ts';

let harness: Harness;
before(async () => {
  harness = await startHarness({}, 10, { skipBooksCheck: true });
});
after(() => harness.close());

async function booksWithBills() {
  const books = await signUp(harness);
  const vendor = ok(
    await call(harness, 'POST', '/api/v1/vendors', books.headers, { display_name: 'Supplier' }),
    201,
  );
  const bill = async (open: boolean) => {
    const draft = ok(
      await call(harness, 'POST', '/api/v1/bills', books.headers, {
        vendor: vendor.id,
        lines: [{ quantity: '2', unit_cost: '50.00', account: books.accounts['6300'] }],
      }),
      201,
    );
    return open ? ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers)) : draft;
  };
  await bill(false);
  const partPaid = await bill(true);
  const paid = await bill(true);
  const voided = await bill(true);
  ok(await call(harness, 'POST', `/api/v1/bills/${voided.id}/void`, books.headers));
  ok(
    await call(harness, 'POST', '/api/v1/bill-payments', books.headers, {
      vendor: vendor.id,
      payment_date: partPaid.bill_date,
      amount: '130.00',
      method: 'check',
      paid_from_account: books.accounts['1000'],
      applications: [
        { bill_id: partPaid.id, amount: '30.00' },
        { bill_id: paid.id, amount: '100.00' },
      ],
    }),
    201,
  );
  return { books, partPaid, voided };
}

const brokenThenRepaired = (organizationId: string, breakIt: Statements, repair: Statements) =>
  checked.brokenThenRepaired(harness, organizationId, breakIt, repair);

describe('folio check with payables', () => {
  test('books with a draft, a part-paid, a paid and a void bill pass', async () => {
    const { books } = await booksWithBills();
    assert.deepEqual(await checkBooks(harness.db, { organizationId: books.organizationId }), {
      organizationsChecked: 1,
      violations: [],
    });
  });

  test("bill_agrees and payables_agree: a bill's amount_paid its payments do not add up to", async () => {
    const { books, partPaid } = await booksWithBills();
    const sql = 'UPDATE bills SET amount_paid = amount_paid + $2 WHERE id = $1';
    const found = await brokenThenRepaired(
      books.organizationId,
      [[sql, [partPaid.id, 5]]],
      [[sql, [partPaid.id, -5]]],
    );
    assert.deepEqual([...new Set(found.map((v) => v.invariant))].sort(), ['bill_agrees', 'payables_agree']);
    assert.ok(found.some((v) => /amount_paid equals the sum of its applications/.test(v.message)));
    assert.ok(
      found.some((v) =>
        /Accounts Payable equals what open bills still owe less remaining vendor credit: expected 65\.0000, found 70\.0000/.test(
          v.message,
        ),
      ),
    );
  });

  test('bill_payment_agrees and bill_agrees: a payment whose applications no longer add up to its amount', async () => {
    const { books, partPaid } = await booksWithBills();
    const sql = 'UPDATE bill_payment_applications SET amount = amount + $2 WHERE bill_id = $1';
    const found = await brokenThenRepaired(
      books.organizationId,
      [[sql, [partPaid.id, 1]]],
      [[sql, [partPaid.id, -1]]],
    );
    assert.deepEqual([...new Set(found.map((v) => v.invariant))].sort(), [
      'bill_agrees',
      'bill_payment_agrees',
    ]);
    assert.ok(
      found.some((v) =>
        /a posted payment is applied in full: expected 130\.0000, found 131\.0000/.test(v.message),
      ),
    );
  });

  test('bill_agrees: a void bill whose entry is not reversed by its void entry', async () => {
    const { books, voided } = await booksWithBills();
    const [row] = await harness.db.query<{ void_entry_id: string }>(
      'SELECT void_entry_id FROM bills WHERE organization_id = $2 AND id = $1',
      [voided.id, books.organizationId],
    );
    const sql = 'UPDATE bills SET void_entry_id = $2 WHERE id = $1';
    const found = await brokenThenRepaired(
      books.organizationId,
      [[sql, [voided.id, voided.journal_entry]]],
      [[sql, [voided.id, row!.void_entry_id]]],
    );
    assert.ok(
      found.some((v) => v.invariant === 'bill_agrees' && /reversed by its void entry/.test(v.message)),
      JSON.stringify(found),
    );
  });
});
