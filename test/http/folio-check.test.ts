// `folio check` (D69): books built through HTTP pass; each invariant broken on purpose in the database
// is reported under its name; the CLI's exit codes and output. Every break is repaired in the same
// test (the PostgreSQL suite shares one database, which folio check verifies after the suite).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkBooks, type Violation } from '../../src/app/check/check-books.ts';
import type { Deps } from '../../src/app/context.ts';
import { readConfig } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import type { SqlParam } from '../../src/storage/db.ts';
import { openDatabase } from '../../src/storage/index.ts';
import {
  type Books,
  call,
  type Harness,
  onPostgres,
  signUp,
  startHarness,
  today,
} from '../helpers/harness.ts';
import { createCustomer, createTaxRate, invoiceBody, ok } from '../helpers/receivables.ts';
import { tamper as tamperBooks } from '../helpers/tamper.ts';

let harness: Harness;
before(async () => {
  // These tests break books on purpose (and repair them), so the harness's own check at close is off.
  harness = await startHarness({}, 30, { skipBooksCheck: true });
});
after(() => harness.close());

interface Ledger {
  books: Books;
  customerId: string;
  /** Sent, 500.00 of 1450.00 paid by PMT-000001. */
  partlyPaid: { id: string; entryId: string };
  /** Sent and paid in full by PMT-000002 (1500.00, 50.00 unapplied). */
  paid: { id: string; entryId: string };
  /** Sent, then void: its entry and the reversal. */
  voided: { id: string; entryId: string; voidEntryId: string };
  draftInvoiceId: string;
  partialPaymentId: string;
  fullPaymentId: string;
  /** A posted manual entry: 1000 Bank debit 25.00, 4000 Sales credit 25.00. */
  manualEntryId: string;
  draftEntryId: string;
  deletedEntryId: string;
}

/**
 * Books with every kind of record the checker reads: invoices draft, sent, partly paid, paid and
 * void; payments with and without unapplied credit; manual entries posted, draft, deleted; a customer
 * edited once.
 */
async function buildLedger(h: Harness): Promise<Ledger> {
  const books = await signUp(h);
  const customer = await createCustomer(h, books.headers);
  const tax = await createTaxRate(h, books.headers);
  const invoice = async () =>
    ok(
      await call(h, 'POST', '/api/v1/invoices', books.headers, invoiceBody(books, customer.id, tax.id)),
      201,
    );
  const send = async (id: string) => ok(await call(h, 'POST', `/api/v1/invoices/${id}/send`, books.headers));
  const pay = async (amount: string, invoiceId: string, applied: string) =>
    ok(
      await call(h, 'POST', '/api/v1/payments-received', books.headers, {
        customer: customer.id,
        payment_date: today,
        amount,
        method: 'ach',
        applications: [{ invoice_id: invoiceId, amount: applied }],
      }),
      201,
    );
  const partlyPaid = await send((await invoice()).id);
  const partial = await pay('500.00', partlyPaid.id, '500.00');
  const paid = await send((await invoice()).id);
  const full = await pay('1500.00', paid.id, '1450.00');
  const voided = await send((await invoice()).id);
  ok(await call(h, 'POST', `/api/v1/invoices/${voided.id}/void`, books.headers));
  const draftInvoice = await invoice();
  const entry = async (debitAccount: string) =>
    ok(
      await call(h, 'POST', '/api/v1/journal-entries', books.headers, {
        txn_date: today,
        memo: 'check fixture',
        lines: [
          { account: books.accounts[debitAccount], debit: '25.00' },
          { account: books.accounts['4000'], credit: '25.00' },
        ],
      }),
      201,
    );
  const manual = await entry('1000');
  ok(await call(h, 'POST', `/api/v1/journal-entries/${manual.id}/post`, books.headers));
  const draftEntry = await entry('1000');
  const deleted = await entry('1000');
  assert.equal(
    (await call(h, 'DELETE', `/api/v1/journal-entries/${deleted.id}`, books.headers)).statusCode,
    204,
  );
  ok(await call(h, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, { notes: 'edited once' }));
  const [voidRow] = await h.db.query<{ journal_entry_id: string; void_entry_id: string }>(
    'SELECT journal_entry_id, void_entry_id FROM invoices WHERE organization_id = $2 AND id = $1',
    [voided.id, books.organizationId],
  );
  return {
    books,
    customerId: customer.id,
    partlyPaid: { id: partlyPaid.id, entryId: partlyPaid.journal_entry },
    paid: { id: paid.id, entryId: paid.journal_entry },
    voided: { id: voided.id, entryId: voidRow!.journal_entry_id, voidEntryId: voidRow!.void_entry_id },
    draftInvoiceId: draftInvoice.id,
    partialPaymentId: partial.id,
    fullPaymentId: full.id,
    manualEntryId: manual.id,
    draftEntryId: draftEntry.id,
    deletedEntryId: deleted.id,
  };
}

let shared: Ledger;
async function ledger(): Promise<Ledger> {
  shared ??= await buildLedger(harness);
  return shared;
}

/**
 * Runs statements with triggers off (the ledger's immutability triggers refuse these writes): the
 * shared helper, which works the same on PGlite, PostgreSQL and Citus.
 */
function tamper(statements: [string, SqlParam[]][]) {
  return tamperBooks(harness, statements);
}

async function violationsOf(organizationId: string): Promise<Violation[]> {
  return (await checkBooks(harness.db, { organizationId })).violations;
}

function invariants(violations: Violation[]): string[] {
  return [...new Set(violations.map((violation) => violation.invariant))].sort();
}

/** Breaks the books, expects exactly `expected` invariants reported, repairs, expects clean books. */
async function brokenThenRepaired(
  organizationId: string,
  breakIt: [string, SqlParam[]][],
  repair: [string, SqlParam[]][],
  expected: string[],
): Promise<Violation[]> {
  assert.deepEqual(await violationsOf(organizationId), [], 'the books are clean before the break');
  await tamper(breakIt);
  let found: Violation[];
  try {
    found = await violationsOf(organizationId);
  } finally {
    await tamper(repair);
  }
  assert.deepEqual(invariants(found), [...expected].sort(), JSON.stringify(found, null, 2));
  assert.ok(found.every((violation) => violation.organizationId === organizationId));
  assert.deepEqual(await violationsOf(organizationId), [], 'the repair restores clean books');
  return found;
}

describe('folio check over books built through the API', () => {
  test('clean books report nothing: invoices in every state, payments, manual entries, a deleted draft', async () => {
    const { books } = await ledger();
    const report = await checkBooks(harness.db, { organizationId: books.organizationId });
    assert.deepEqual(report, { organizationsChecked: 1, violations: [] });
    const sandbox = await checkBooks(harness.db, { organizationId: books.sandboxId });
    assert.deepEqual(sandbox, { organizationsChecked: 1, violations: [] });
  });

  test('reports progress per batch of organizations and checks every organization without --organization', async () => {
    const progress: [number, number][] = [];
    const report = await checkBooks(harness.db, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    assert.ok(report.organizationsChecked >= 2);
    assert.deepEqual(progress.at(-1), [report.organizationsChecked, report.organizationsChecked]);
  });

  test('an unknown organization is checked as none', async () => {
    const report = await checkBooks(harness.db, { organizationId: '00000000-0000-4000-8000-000000000000' });
    assert.deepEqual(report, { organizationsChecked: 0, violations: [] });
  });

  test('entry_balanced: a posted line changed reports the entry, the day balance and the trial balance', async () => {
    const { books, manualEntryId } = await ledger();
    const line = `UPDATE journal_lines SET debit = debit + $2 WHERE journal_entry_id = $1 AND line_no = 1`;
    const found = await brokenThenRepaired(
      books.organizationId,
      [[line, [manualEntryId, 1]]],
      [[line, [manualEntryId, -1]]],
      ['account_balances', 'entry_balanced', 'trial_balance'],
    );
    const entry = found.find((violation) => violation.invariant === 'entry_balanced')!;
    assert.equal(entry.detail?.record_id, manualEntryId);
    assert.match(
      entry.message,
      /JE-\d{6}.*expected debits = credits = total_debit = total_credit = 25\.0000, found lines debit 26\.0000, credit 25\.0000/,
    );
  });

  test("entry_balanced: stored totals that differ from an entry's lines, posted or draft", async () => {
    const { books, manualEntryId, draftEntryId } = await ledger();
    const totals =
      'UPDATE journal_entries SET total_debit = total_debit + $2, total_credit = total_credit + $2 WHERE id = ANY($1::uuid[])';
    const found = await brokenThenRepaired(
      books.organizationId,
      [[totals, [[manualEntryId, draftEntryId], 3]]],
      [[totals, [[manualEntryId, draftEntryId], -3]]],
      ['entry_balanced'],
    );
    assert.deepEqual(
      found.map((violation) => violation.detail?.record_id).sort(),
      [manualEntryId, draftEntryId].sort(),
    );
  });

  test('account_balances: a summary row that differs from the posted lines of its day (trial balance still balanced)', async () => {
    const { books } = await ledger();
    const bump = `UPDATE account_balances SET debit = debit + $3, credit = credit + $3
                   WHERE organization_id = $1 AND account_id = $2`;
    const found = await brokenThenRepaired(
      books.organizationId,
      [[bump, [books.organizationId, books.accounts['1000']!, 7]]],
      [[bump, [books.organizationId, books.accounts['1000']!, -7]]],
      ['account_balances'],
    );
    assert.equal(found[0]!.detail?.record_id, books.accounts['1000']);
    assert.match(
      found[0]!.message,
      /account 1000 .*debit 25\.0000, credit 0\.0000 \(posted lines\), found debit 32\.0000, credit 7\.0000/,
    );
  });

  test("account_balances: a draft's lines counted in the balances", async () => {
    const { books } = await ledger();
    const add = `UPDATE account_balances SET debit = debit + $3 WHERE organization_id = $1 AND account_id = $2`;
    const take = `UPDATE account_balances SET credit = credit + $3 WHERE organization_id = $1 AND account_id = $2`;
    await brokenThenRepaired(
      books.organizationId,
      [
        [add, [books.organizationId, books.accounts['1000']!, 25]],
        [take, [books.organizationId, books.accounts['4000']!, 25]],
      ],
      [
        [add, [books.organizationId, books.accounts['1000']!, -25]],
        [take, [books.organizationId, books.accounts['4000']!, -25]],
      ],
      ['account_balances'],
    );
  });

  test('trial_balance: the balance summary no longer balances', async () => {
    const { books } = await ledger();
    const bump = `UPDATE account_balances SET debit = debit + $3 WHERE organization_id = $1 AND account_id = $2`;
    const found = await brokenThenRepaired(
      books.organizationId,
      [[bump, [books.organizationId, books.accounts['4000']!, 1]]],
      [[bump, [books.organizationId, books.accounts['4000']!, -1]]],
      ['account_balances', 'trial_balance'],
    );
    assert.ok(
      found.some((violation) => /balance summary's debits equal its credits/.test(violation.message)),
    );
  });

  test("invoice_agrees and receivables_agree: an invoice's amount_paid that its applications do not add up to", async () => {
    const { books, partlyPaid } = await ledger();
    const paid = 'UPDATE invoices SET amount_paid = amount_paid + $2 WHERE id = $1';
    const found = await brokenThenRepaired(
      books.organizationId,
      [[paid, [partlyPaid.id, 100]]],
      [[paid, [partlyPaid.id, -100]]],
      ['invoice_agrees', 'receivables_agree'],
    );
    const invoice = found.find((violation) => violation.invariant === 'invoice_agrees')!;
    assert.match(
      invoice.message,
      /INV-000001 .*amount_paid equals the sum of its applications: expected 500\.0000, found 600\.0000/,
    );
    const receivable = found.find((violation) => violation.invariant === 'receivables_agree')!;
    assert.match(
      receivable.message,
      /expected 800\.0000 \(invoices due 850\.0000, unapplied payments -50\.0000, remaining credit notes 0\.0000\), found 900\.0000 \(of which 0\.0000 from manual entries/,
    );
  });

  test('invoice_agrees: a paid invoice set back to sent, a void invoice without its reversal, a draft with an entry', async () => {
    const { books, paid, voided, draftInvoiceId } = await ledger();
    const found = await brokenThenRepaired(
      books.organizationId,
      [
        ["UPDATE invoices SET status = 'sent' WHERE id = $1", [paid.id]],
        ['UPDATE invoices SET void_entry_id = NULL WHERE id = $1', [voided.id]],
        ['UPDATE invoices SET journal_entry_id = $2 WHERE id = $1', [draftInvoiceId, voided.entryId]],
      ],
      [
        ["UPDATE invoices SET status = 'paid' WHERE id = $1", [paid.id]],
        ['UPDATE invoices SET void_entry_id = $2 WHERE id = $1', [voided.id, voided.voidEntryId]],
        ['UPDATE invoices SET journal_entry_id = NULL WHERE id = $1', [draftInvoiceId]],
      ],
      ['invoice_agrees'],
    );
    const rules = found.map((violation) => `${violation.detail?.record_id} ${violation.detail?.rule}`);
    assert.ok(rules.includes(`${paid.id} a sent invoice has a balance due`), rules.join('\n'));
    assert.ok(rules.includes(`${voided.id} a void invoice that was sent has a reversal of its send entry`));
    assert.ok(rules.includes(`${draftInvoiceId} a draft has no ledger entry`));
  });

  test('invoice_agrees: a sent invoice whose entry was reversed behind its back (the D63 hole)', async () => {
    const { books, partlyPaid, voided } = await ledger();
    const link = 'UPDATE journal_entries SET reversed_by_entry_id = $2 WHERE id = $1';
    const found = await brokenThenRepaired(
      books.organizationId,
      [[link, [partlyPaid.entryId, voided.voidEntryId]]],
      [[link, [partlyPaid.entryId, null]]],
      ['invoice_agrees'],
    );
    assert.equal(found[0]!.detail?.rule, "only a void invoice's send entry is reversed");
  });

  test('payment_agrees: amount not equal to applications plus unapplied, and an entry that debits another account', async () => {
    const { books, fullPaymentId, partialPaymentId } = await ledger();
    const [entry] = await harness.db.query<{ journal_entry_id: string }>(
      'SELECT journal_entry_id FROM payments_received WHERE organization_id = $2 AND id = $1',
      [partialPaymentId, books.organizationId],
    );
    const moveLine = 'UPDATE journal_lines SET account_id = $2 WHERE journal_entry_id = $1 AND line_no = 1';
    const unapplied = 'UPDATE payments_received SET unapplied_amount = unapplied_amount + $2 WHERE id = $1';
    const found = await brokenThenRepaired(
      books.organizationId,
      [
        [unapplied, [fullPaymentId, 10]],
        [moveLine, [entry!.journal_entry_id, books.accounts['1000']!]],
      ],
      [
        [unapplied, [fullPaymentId, -10]],
        [moveLine, [entry!.journal_entry_id, books.accounts['1010']!]],
      ],
      // The moved line also leaves both accounts' day summaries unlike their lines; the extra
      // unapplied credit leaves Accounts Receivable unlike the open items.
      ['account_balances', 'payment_agrees', 'receivables_agree'],
    );
    const payments = found.filter((violation) => violation.invariant === 'payment_agrees');
    assert.deepEqual(payments.map((violation) => violation.detail?.record_number).sort(), [
      'PMT-000001',
      'PMT-000002',
    ]);
    const messages = payments.map((violation) => violation.message).join('\n');
    assert.match(messages, /expected 1500\.0000, found applications 1450\.0000 \+ unapplied 60\.0000/);
    assert.match(messages, /found deposit debit 0\.0000, receivable credit 500\.0000/);
  });

  test('payment_agrees: a void payment (D61) passes; its reversal unlinked, or an application left on it, is reported', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    const tax = await createTaxRate(harness, books.headers);
    const draft = ok(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, invoiceBody(books, customer.id, tax.id)),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    const payment = ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: customer.id,
        payment_date: today,
        amount: '100.00',
        method: 'ach',
        applications: [{ invoice_id: draft.id, amount: '60.00' }],
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/payments-received/${payment.id}/void`, books.headers, {}));
    const link = 'UPDATE journal_entries SET reversed_by_entry_id = $2 WHERE id = $1';
    const [voided] = await harness.db.query<{ void_entry_id: string }>(
      'SELECT void_entry_id FROM payments_received WHERE organization_id = $2 AND id = $1',
      [payment.id, books.organizationId],
    );
    const unlinked = await brokenThenRepaired(
      books.organizationId,
      [[link, [payment.journal_entry, null]]],
      [[link, [payment.journal_entry, voided!.void_entry_id]]],
      ['payment_agrees'],
    );
    assert.equal(
      unlinked[0]!.detail?.rule,
      'a void payment has a reversal of its entry dated on the payment date',
    );
    const leftOver = `INSERT INTO payment_applications (organization_id, payment_id, line_no, invoice_id, amount, applied_date)
                      VALUES ($1, $2, 1, $3, 60, $4)`;
    const found = await brokenThenRepaired(
      books.organizationId,
      [[leftOver, [books.organizationId, payment.id, draft.id, today]]],
      [['DELETE FROM payment_applications WHERE payment_id = $1', [payment.id]]],
      // The invoice's amount_paid no longer adds up to its applications either.
      ['invoice_agrees', 'payment_agrees'],
    );
    assert.ok(
      found.some(
        (violation) =>
          violation.detail?.rule === 'a void payment has no applications and no unapplied amount',
      ),
    );
  });

  test('numbers_gapless: a renumbered invoice leaves a gap; a counter moved past its last number leaves one too', async () => {
    const { books, draftInvoiceId, partialPaymentId } = await ledger();
    const counter =
      "UPDATE sequences SET next_value = next_value + $2 WHERE organization_id = $1 AND name = 'payment_received'";
    const found = await brokenThenRepaired(
      books.organizationId,
      [
        ["UPDATE invoices SET number = 'X-1' WHERE id = $1", [draftInvoiceId]],
        [counter, [books.organizationId, 1]],
      ],
      [
        ["UPDATE invoices SET number = 'INV-000004' WHERE id = $1", [draftInvoiceId]],
        [counter, [books.organizationId, -1]],
      ],
      ['numbers_gapless'],
    );
    const messages = found.map((violation) => violation.message).join('\n');
    assert.match(messages, /INV- number .*found 1 missing, first INV-000004/);
    assert.match(messages, /PMT- number .*found 1 missing, first PMT-000003/);
    void partialPaymentId;
  });

  test('change_records: a version without its change record, a bumped version, a deleted draft without its deleted record', async () => {
    const { books, customerId, deletedEntryId } = await ledger();
    const [created] = await harness.db.query<{ seq: string }>(
      'SELECT seq::text AS seq FROM changes WHERE organization_id = $2 AND entity_id = $1 AND entity_version = 1',
      [customerId, books.organizationId],
    );
    const [deleted] = await harness.db.query<{ seq: string; entity_version: number }>(
      "SELECT seq::text AS seq, entity_version FROM changes WHERE organization_id = $2 AND entity_id = $1 AND operation = 'deleted'",
      [deletedEntryId, books.organizationId],
    );
    const found = await brokenThenRepaired(
      books.organizationId,
      [
        [
          'DELETE FROM changes WHERE organization_id = $1 AND seq = ANY($2::bigint[])',
          [books.organizationId, [created!.seq, deleted!.seq]],
        ],
        ['UPDATE accounts SET version = version + 1 WHERE id = $1', [books.accounts['1000']!]],
      ],
      [
        [
          `INSERT INTO changes (organization_id, seq, entity_type, entity_id, operation, entity_version)
           VALUES ($1, $2, 'customer', $3, 'created', 1), ($1, $4, 'journal_entry', $5, 'deleted', $6)`,
          [
            books.organizationId,
            created!.seq,
            customerId,
            deleted!.seq,
            deletedEntryId,
            deleted!.entity_version,
          ],
        ],
        ['UPDATE accounts SET version = version - 1 WHERE id = $1', [books.accounts['1000']!]],
      ],
      ['change_records'],
    );
    assert.deepEqual(
      found.map((violation) => violation.detail?.record_id).sort(),
      [customerId, deletedEntryId, books.accounts['1000']].sort(),
    );
  });
});

// --- The CLI as a real process -------------------------------------------------------------------

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCheck(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/check.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', FOLIO_DATA_DIR: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npx folio check, the command', { timeout: 240_000 }, () => {
  test('usage errors exit 2: an unknown option, a malformed organization id, a data directory that does not exist', async () => {
    const unknown = await runCheck(['--everything'], { FOLIO_DATA_DIR: tmpdir() });
    assert.equal(unknown.code, 2, unknown.stderr);
    assert.match(unknown.stderr, /usage: folio check/);
    const malformed = await runCheck(['--organization', 'acme'], { FOLIO_DATA_DIR: tmpdir() });
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /--organization must be a UUID/);
    const missing = await runCheck([], {
      FOLIO_DATA_DIR: join(tmpdir(), `no-books-${process.pid}-${Date.now()}`),
    });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no books at PGlite/);
  });

  test('on a PGlite data directory: exit 0 with one line when clean, exit 1 naming the invariant when broken, --json, --organization; refuses a directory a service holds', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-check-'));
    try {
      const db = await openDatabase({ dataDir });
      // The service's defaults, as `npm start` with an empty environment would run.
      const deps: Deps = { db, config: readConfig({}) };
      const app = await buildApp(deps);
      const local: Harness = { app, db, deps, close: async () => {} };
      const built = await buildLedger(local);

      // While the books are open (a service holding the directory), the check refuses with exit 2.
      const held = await runCheck([], { FOLIO_DATA_DIR: dataDir });
      assert.equal(held.code, 2, held.stdout + held.stderr);
      assert.match(held.stderr, new RegExp(dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

      await app.close();
      await db.close();
      const clean = await runCheck([], { FOLIO_DATA_DIR: dataDir });
      assert.equal(clean.code, 0, clean.stdout + clean.stderr);
      const lines = clean.stdout.trim().split('\n');
      assert.equal(lines.length, 1, clean.stdout);
      assert.match(lines[0]!, /^folio check: 2 organizations in PGlite .*: every invariant holds/);

      const reopened = await openDatabase({ dataDir });
      await reopened.transaction(async (tx) => {
        await tx.query('SET LOCAL session_replication_role = replica');
        await tx.query('UPDATE invoices SET amount_paid = amount_paid + 1 WHERE id = $1', [
          built.partlyPaid.id,
        ]);
      });
      await reopened.close();
      const broken = await runCheck([], { FOLIO_DATA_DIR: dataDir });
      assert.equal(broken.code, 1, broken.stdout + broken.stderr);
      assert.match(
        broken.stdout,
        new RegExp(`${built.books.organizationId} invoice_agrees: invoice INV-000001`),
      );
      assert.match(broken.stdout, /expected 500\.0000, found 501\.0000/);
      assert.match(
        broken.stdout,
        /folio check: 2 violations in 1 of 2 organizations .*\(invoice_agrees 1, receivables_agree 1\)/,
      );

      const json = await runCheck(['--json', '--organization', built.books.organizationId], {
        FOLIO_DATA_DIR: dataDir,
      });
      assert.equal(json.code, 1);
      const report = JSON.parse(json.stdout);
      assert.equal(report.organizationsChecked, 1);
      assert.deepEqual(report.violations.map((violation: Violation) => violation.invariant).sort(), [
        'invoice_agrees',
        'receivables_agree',
      ]);

      const sandbox = await runCheck(['--organization', built.books.sandboxId], { FOLIO_DATA_DIR: dataDir });
      assert.equal(sandbox.code, 0, sandbox.stdout);
      const nobody = await runCheck(['--organization', '00000000-0000-4000-8000-000000000000'], {
        FOLIO_DATA_DIR: dataDir,
      });
      assert.equal(nobody.code, 2);
      assert.match(nobody.stderr, /no organization 00000000-0000-4000-8000-000000000000/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('on PostgreSQL (DATABASE_URL): exit 0 on clean books, exit 1 naming the broken invariant', {
    skip: onPostgres ? false : 'needs PostgreSQL (TEST_DATABASE_URL)',
  }, async () => {
    const { books, partlyPaid } = await ledger();
    const env = { DATABASE_URL: process.env.TEST_DATABASE_URL! };
    const clean = await runCheck(['--organization', books.organizationId], env);
    assert.equal(clean.code, 0, clean.stdout + clean.stderr);
    assert.match(clean.stdout, /^folio check: 1 organization in PostgreSQL at .*: every invariant holds/);
    const paid = 'UPDATE invoices SET amount_paid = amount_paid + $2 WHERE id = $1';
    await tamper([[paid, [partlyPaid.id, 1]]]);
    let broken: Run;
    try {
      broken = await runCheck(['--organization', books.organizationId], env);
    } finally {
      await tamper([[paid, [partlyPaid.id, -1]]]);
    }
    assert.equal(broken.code, 1, broken.stdout + broken.stderr);
    assert.match(broken.stdout, /invoice_agrees: invoice INV-000001/);
    assert.equal((await runCheck(['--organization', books.organizationId], env)).code, 0);
  });
});
