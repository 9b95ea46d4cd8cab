// `folio check` over reconciliations (D78): books with reconciliations pass; a stored reconciliation
// whose cleared balance no longer follows from what it froze (its opening balance, its statement and
// cleared balances, a transaction it held taken out of it or moved past its statement date, its count)
// is reported as bank_reconciliation_agrees; a match naming another entry than its line's is reported
// as bank_transaction_agrees. Every break is repaired in the same test.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { type Harness, signUp, startHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import { matchedPair, type ReconciliationBody, reconcile } from '../helpers/reconcile.ts';
import type { Statements } from '../helpers/tamper.ts';
import * as checked from '../helpers/tamper.ts';

let harness: Harness;
before(async () => {
  harness = await startHarness({}, 10, { skipBooksCheck: true });
});
after(() => harness.close());

const brokenThenRepaired = (organizationId: string, breakIt: Statements, repair: Statements) =>
  checked.brokenThenRepaired(harness, organizationId, breakIt, repair);

/** Two reconciliations of checking: November (two transactions) and December (one). */
async function reconciledBooks() {
  const books = await signUp(harness);
  const checking = books.accounts['1000']!;
  const first = await matchedPair(
    harness,
    books,
    { bank: '2026-11-03', ledger: '2026-11-02' },
    '100.00',
    'r-1',
  );
  await matchedPair(harness, books, { bank: '2026-11-10', ledger: '2026-11-10' }, '-30.00', 'r-2');
  const november: ReconciliationBody = ok(
    await reconcile(harness, books.headers, checking, '2026-11-30', '70.00'),
    201,
  );
  const later = await matchedPair(
    harness,
    books,
    { bank: '2026-12-04', ledger: '2026-12-01' },
    '5.00',
    'r-3',
  );
  const december: ReconciliationBody = ok(
    await reconcile(harness, books.headers, checking, '2026-12-31', '75.00'),
    201,
  );
  return { books, org: books.organizationId, november, december, first, later };
}

const reconciliationFindings = (found: { invariant: string; detail?: Record<string, unknown> }[]) =>
  found.map((violation) => [violation.invariant, violation.detail?.record_id]);

describe('folio check with reconciliations (D78)', () => {
  test('books with reconciliations pass', async () => {
    const { org } = await reconciledBooks();
    assert.deepEqual(await checkBooks(harness.db, { organizationId: org }), {
      organizationsChecked: 1,
      violations: [],
    });
  });

  test('a statement balance and cleared balance changed together no longer follow from the matches: reported', async () => {
    const { org, november } = await reconciledBooks();
    const set = (delta: string): Statements => [
      [
        `UPDATE bank_reconciliations SET statement_balance = statement_balance + $3::numeric,
                cleared_balance = cleared_balance + $3::numeric WHERE organization_id = $1 AND id = $2`,
        [org, november.id, delta],
      ],
    ];
    const found = await brokenThenRepaired(org, set('1'), set('-1'));
    assert.deepEqual(reconciliationFindings(found), [['bank_reconciliation_agrees', november.id]]);
    assert.match(found[0]!.message, /expected cleared 71\.0000 = statement 71\.0000.*found cleared 70\.0000/);
  });

  test('a changed opening balance is reported on that reconciliation', async () => {
    const { org, december } = await reconciledBooks();
    const set = (delta: string): Statements => [
      [
        'UPDATE bank_reconciliations SET opening_balance = opening_balance + $3::numeric WHERE organization_id = $1 AND id = $2',
        [org, december.id, delta],
      ],
    ];
    const found = await brokenThenRepaired(org, set('2.5'), set('-2.5'));
    assert.deepEqual(reconciliationFindings(found), [['bank_reconciliation_agrees', december.id]]);
  });

  test('a transaction taken out of its reconciliation is reported there and on every later one of the account', async () => {
    const { org, november, december, first } = await reconciledBooks();
    const found = await brokenThenRepaired(
      org,
      [
        [
          'UPDATE bank_transactions SET reconciliation_id = NULL WHERE organization_id = $1 AND id = $2',
          [org, first.transaction.id],
        ],
      ],
      [
        [
          'UPDATE bank_transactions SET reconciliation_id = $3 WHERE organization_id = $1 AND id = $2',
          [org, first.transaction.id, november.id],
        ],
      ],
    );
    assert.deepEqual(
      reconciliationFindings(found).sort(),
      [
        ['bank_reconciliation_agrees', december.id],
        ['bank_reconciliation_agrees', november.id],
      ].sort(),
    );
  });

  test('a reconciled transaction dated after its statement date, or a count that is not its transactions’, is reported', async () => {
    const { org, december, later } = await reconciledBooks();
    const moved = await brokenThenRepaired(
      org,
      [
        [
          "UPDATE bank_transactions SET txn_date = '2027-01-05' WHERE organization_id = $1 AND id = $2",
          [org, later.transaction.id],
        ],
      ],
      [
        [
          "UPDATE bank_transactions SET txn_date = '2026-12-04' WHERE organization_id = $1 AND id = $2",
          [org, later.transaction.id],
        ],
      ],
    );
    assert.deepEqual(reconciliationFindings(moved), [['bank_reconciliation_agrees', december.id]]);
    assert.match(moved[0]!.message, /1 transactions, 1 on another account, unmatched or dated after/);
    const count = (n: number): Statements => [
      [
        'UPDATE bank_reconciliations SET transactions_reconciled = $3 WHERE organization_id = $1 AND id = $2',
        [org, december.id, n],
      ],
    ];
    const counted = await brokenThenRepaired(org, count(2), count(1));
    assert.deepEqual(reconciliationFindings(counted), [['bank_reconciliation_agrees', december.id]]);
  });

  test('a match that names another entry than its line’s is reported as bank_transaction_agrees', async () => {
    const { org, first, later } = await reconciledBooks();
    const point = (entry: string): Statements => [
      [
        'UPDATE bank_matches SET journal_entry_id = $3 WHERE organization_id = $1 AND journal_line_id = $2',
        [org, first.line, entry],
      ],
    ];
    const found = await brokenThenRepaired(org, point(later.entry.id), point(first.entry.id));
    assert.deepEqual(
      found.map((violation) => [violation.invariant, violation.detail?.record_id]),
      [['bank_transaction_agrees', first.transaction.id]],
    );
    assert.match(found[0]!.message, /1 with another amount or entry/);
  });
});
