// `folio check` (D69) over deposits (D88): books with a posted and a void deposit pass; a deposit whose
// entry is not the sum of its payments, and a payment put in two live deposits, are reported under
// deposit_agrees. Every break is repaired in the same test (the PostgreSQL suite shares one database).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Violation } from '../../src/app/check/check-books.ts';
import { booksWithUndeposited, makeDeposit } from '../helpers/deposits.ts';
import { call, type Harness, startHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import type { Statements } from '../helpers/tamper.ts';
import * as checked from '../helpers/tamper.ts';

let harness: Harness;
before(async () => {
  harness = await startHarness({}, 10, { skipBooksCheck: true });
});
after(() => harness.close());

const violationsOf = (organizationId: string) => checked.violationsOf(harness, organizationId);
const brokenThenRepaired = (organizationId: string, breakIt: Statements, repair: Statements) =>
  checked.brokenThenRepaired(harness, organizationId, breakIt, repair);

async function booksWithDeposits() {
  const fixture = await booksWithUndeposited(harness, ['10.00', '20.00', '30.00', '40.00']);
  const { books, payments } = fixture;
  const posted = await makeDeposit(harness, books, [payments[0]!.id, payments[1]!.id]);
  const other = await makeDeposit(harness, books, [payments[2]!.id]);
  const voided = await makeDeposit(harness, books, [payments[3]!.id]);
  ok(await call(harness, 'POST', `/api/v1/deposits/${voided.id}/void`, books.headers));
  return { ...fixture, posted, other, voided };
}

const deposits = (found: Violation[]) => found.filter((v) => v.invariant === 'deposit_agrees');

describe('folio check: deposit_agrees', () => {
  test('a posted and a void deposit pass', async () => {
    const { books } = await booksWithDeposits();
    assert.deepEqual(await violationsOf(books.organizationId), []);
  });

  test('a deposit whose amount and entry are not the sum of its payments is reported', async () => {
    const { books, posted } = await booksWithDeposits();
    const found = await brokenThenRepaired(
      books.organizationId,
      [
        [
          'UPDATE deposits SET amount = amount + 5 WHERE organization_id = $1 AND id = $2',
          [books.organizationId, posted.id],
        ],
      ],
      [
        [
          'UPDATE deposits SET amount = amount - 5 WHERE organization_id = $1 AND id = $2',
          [books.organizationId, posted.id],
        ],
      ],
    );
    const rules = deposits(found).map((v) => [v.detail?.record_number, v.detail?.rule]);
    assert.deepEqual(rules.sort(), [
      ['DEP-000001', "amount equals the sum of its payments, each at the payment's amount"],
      [
        'DEP-000001',
        'the entry debits the bank account and credits Undeposited Funds with the amount, one credit line per payment',
      ],
    ]);
    assert.match(deposits(found)[0]!.message, /expected 35\.0000|expected bank debit 35\.0000/);
  });

  test('a payment put in a second live deposit is reported: no payment is in two live deposits', async () => {
    const { books, payments, other } = await booksWithDeposits();
    const found = await brokenThenRepaired(
      books.organizationId,
      [
        [
          `INSERT INTO deposit_payments (organization_id, deposit_id, line_no, payment_id, amount)
           VALUES ($1, $2, 2, $3, 10)`,
          [books.organizationId, other.id, payments[0]!.id],
        ],
      ],
      [
        [
          'DELETE FROM deposit_payments WHERE organization_id = $1 AND deposit_id = $2 AND line_no = 2',
          [books.organizationId, other.id],
        ],
      ],
    );
    const rules = deposits(found).map((v) => `${v.detail?.record_number}: ${v.detail?.rule}`);
    assert.ok(rules.includes('DEP-000001: no payment is in two live deposits'), rules.join('\n'));
    assert.ok(rules.includes('DEP-000002: no payment is in two live deposits'), rules.join('\n'));
  });

  test('a void deposit that a payment still names is reported', async () => {
    const { books, payments, voided } = await booksWithDeposits();
    const found = await brokenThenRepaired(
      books.organizationId,
      [
        [
          'UPDATE payments_received SET deposit_id = $3 WHERE organization_id = $1 AND id = $2',
          [books.organizationId, payments[3]!.id, voided.id],
        ],
      ],
      [
        [
          'UPDATE payments_received SET deposit_id = NULL WHERE organization_id = $1 AND id = $2',
          [books.organizationId, payments[3]!.id],
        ],
      ],
    );
    const rules = deposits(found).map((v) => `${v.detail?.record_number}: ${v.detail?.rule}`);
    assert.deepEqual(rules, ['DEP-000003: a void deposit holds no payment']);
  });
});
