// 0024_citus_keys takes books made at the old schema (primary keys on id alone, foreign keys on one
// column) to keys that carry organization_id (D79), keeping every row, the ledger's immutability,
// the API-key and invitation lookups, and the foreign keys' refusals. On PGlite, and on PostgreSQL in
// a database of its own (FOLIO_TEST_DB=postgres).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/storage/db.ts';
import { sqlState } from '../../src/storage/db.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { createPgDb } from '../../src/storage/pg-adapter.ts';
import { createPgliteDb } from '../../src/storage/pglite-adapter.ts';
import { findPresented } from '../../src/storage/stores/api-keys.ts';
import { findInvitationByToken } from '../../src/storage/stores/auth-links.ts';
import { type OwnDatabase, ownDatabase } from '../helpers/outbox.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/storage/migrations/', import.meta.url));
const REKEY = '0024_citus_keys.sql';

let own: OwnDatabase;
let db: Db;

/** The schema as it was before the rekeying: every migration before 0024, recorded as applied. */
async function migrateBefore(target: Db, last: string) {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql') && name < last).sort();
  await target.transaction(async (tx) => {
    await tx.query(
      'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const file of files) {
      await tx.exec(await readFile(MIGRATIONS_DIR + file, 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    }
  });
}

const org = randomUUID();
const sandbox = randomUUID();
const other = randomUUID();
const user = randomUUID();
const bank = randomUUID();
const income = randomUUID();
const otherIncome = randomUUID();
const entry = randomUUID();
const customer = randomUUID();
const invoice = randomUUID();
const key = randomUUID();
const invitation = randomUUID();

/** Books at the old schema: live and sandbox organizations, a posted entry, an invoice, a key, an invitation. */
async function fillOldBooks(target: Db) {
  await target.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO users (id, email, name, password_hash) VALUES ($1, 'old@example.test', 'Old', 'x')`,
      [user],
    );
    await tx.query(
      `INSERT INTO organizations (id, name, mode, live_organization_id, currency)
       VALUES ($1, 'Old Books', 'live', NULL, 'USD'), ($2, 'Old Books (sandbox)', 'sandbox', $1, 'USD'),
              ($3, 'Other', 'live', NULL, 'USD')`,
      [org, sandbox, other],
    );
    await tx.query(`INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, 'owner')`, [
      org,
      user,
    ]);
    await tx.query(
      `INSERT INTO accounts (id, organization_id, number, name, type, detail_type, currency)
       VALUES ($1, $3, '1000', 'Bank', 'asset', 'bank', 'USD'), ($2, $3, '4000', 'Sales', 'income', 'income', 'USD'),
              ($4, $5, '4000', 'Sales', 'income', 'income', 'USD')`,
      [bank, income, org, otherIncome, other],
    );
    await tx.query(
      `INSERT INTO journal_entries (id, organization_id, entry_number, txn_date, status, currency, total_debit, total_credit)
       VALUES ($1, $2, 'JE-000001', '2026-01-05', 'posted', 'USD', 100, 100)`,
      [entry, org],
    );
    await tx.query(
      `INSERT INTO journal_lines (organization_id, journal_entry_id, line_no, account_id, debit, credit)
       VALUES ($1, $2, 1, $3, 100, 0), ($1, $2, 2, $4, 0, 100)`,
      [org, entry, bank, income],
    );
    await tx.query(
      `INSERT INTO account_balances (organization_id, account_id, day, debit, credit)
       VALUES ($1, $2, '2026-01-05', 100, 0), ($1, $3, '2026-01-05', 0, 100)`,
      [org, bank, income],
    );
    await tx.query(
      `INSERT INTO customers (id, organization_id, display_name, currency) VALUES ($1, $2, 'Customer', 'USD')`,
      [customer, org],
    );
    await tx.query(
      `INSERT INTO invoices (id, organization_id, number, customer_id, status, issue_date, due_date, currency,
                             subtotal, tax_total, total, journal_entry_id)
       VALUES ($1, $2, 'INV-000001', $3, 'sent', '2026-01-05', '2026-02-04', 'USD', 100, 0, 100, $4)`,
      [invoice, org, customer, entry],
    );
    await tx.query(
      `INSERT INTO api_keys (id, organization_id, name, role, created_by, token_hash, prefix, expires_at)
       VALUES ($1, $2, 'old key', 'accountant', $3, 'old-key-hash', 'svc_live_old', now() + interval '30 days')`,
      [key, org, user],
    );
    await tx.query(
      `INSERT INTO invitations (id, organization_id, email, role, token_hash, invited_by, expires_at)
       VALUES ($1, $2, 'guest@example.test', 'viewer', 'old-invitation-hash', $3, now() + interval '7 days')`,
      [invitation, org, user],
    );
  });
}

async function keyColumns(table: string, kind: 'p' | 'u' | 'f'): Promise<string[]> {
  const rows = await db.query<{ def: string }>(
    `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid = $1::regclass AND contype = $2 ORDER BY conname`,
    [table, kind],
  );
  return rows.map((row) => row.def);
}

describe('0024_citus_keys on books made at the old schema', () => {
  before(async () => {
    own = await ownDatabase('rekey');
    db = own.url ? createPgDb(own.url, 4) : await createPgliteDb();
    await migrateBefore(db, REKEY);
    await fillOldBooks(db);
    const applied = await migrate(db, 'off');
    assert.ok(applied.includes(REKEY), `applied: ${applied.join(', ')}`);
  });
  after(async () => {
    await db?.close();
    await own?.drop();
  });

  test('every primary key, unique constraint and foreign key between books carries organization_id', async () => {
    const offenders = await db.query<{ tbl: string; def: string }>(
      `SELECT c.conrelid::regclass::text AS tbl, pg_get_constraintdef(c.oid) AS def
         FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
        WHERE c.contype IN ('p', 'u', 'f') AND t.relnamespace = current_schema()::regnamespace
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.conrelid
                        AND a.attname = 'organization_id' AND a.attnotnull)
          AND t.relname <> 'token_lookup'
          AND NOT (c.contype = 'f' AND c.confrelid NOT IN (
                SELECT attrelid FROM pg_attribute WHERE attname = 'organization_id' AND attnotnull))
          AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.conrelid
                            AND a.attnum = ANY (c.conkey) AND a.attname = 'organization_id')`,
    );
    assert.deepEqual(offenders, []);
    assert.deepEqual(await keyColumns('journal_entries', 'p'), ['PRIMARY KEY (organization_id, id)']);
    assert.deepEqual(await keyColumns('journal_lines', 'p'), [
      'PRIMARY KEY (organization_id, journal_entry_id, line_no)',
    ]);
    assert.ok(
      (await keyColumns('invoices', 'f')).includes(
        'FOREIGN KEY (organization_id, journal_entry_id) REFERENCES journal_entries(organization_id, id) DEFERRABLE INITIALLY DEFERRED',
      ),
    );
    assert.deepEqual(await keyColumns('api_keys', 'u'), ['UNIQUE (organization_id, token_hash)']);
  });

  test('keeps every row of the books and their balances', async () => {
    const [counts] = await db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM organizations) AS organizations,
              (SELECT count(*)::int FROM journal_lines WHERE organization_id = $1) AS lines,
              (SELECT count(*)::int FROM invoices WHERE organization_id = $1) AS invoices,
              (SELECT sum(debit - credit)::text FROM account_balances WHERE organization_id = $1) AS net`,
      [org],
    );
    assert.deepEqual(counts, { organizations: 3, lines: 2, invoices: 1, net: '0.0000' });
  });

  test('an existing API key and invitation are found by their token through the lookup', async () => {
    const presented = await findPresented(db, 'old-key-hash');
    assert.equal(presented?.id, key);
    assert.equal(presented?.organization_id, org);
    assert.equal(presented?.organization?.name, 'Old Books');
    const invited = await findInvitationByToken(db, 'old-invitation-hash');
    assert.equal(invited?.id, invitation);
    assert.equal(invited?.organization_id, org);
  });

  test("a posted line stays immutable (FL001), and a line cannot name another organization's account", async () => {
    await assert.rejects(
      db.query(
        'UPDATE journal_lines SET description = $3 WHERE organization_id = $1 AND journal_entry_id = $2',
        [org, entry, 'changed'],
      ),
      (error) => sqlState(error) === 'FL001',
    );
    const draft = randomUUID();
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO journal_entries (id, organization_id, txn_date, status, currency, total_debit, total_credit)
           VALUES ($1, $2, '2026-01-06', 'draft', 'USD', 0, 0)`,
          [draft, org],
        );
        await tx.query(
          `INSERT INTO journal_lines (organization_id, journal_entry_id, line_no, account_id, debit, credit)
           VALUES ($1, $2, 1, $3, 5, 0)`,
          [org, draft, otherIncome],
        );
      }),
      (error) => sqlState(error) === '23503',
    );
  });

  test('running the migrations again changes nothing', async () => {
    assert.deepEqual(await migrate(db, 'off'), []);
  });

  // docs/scale-out.md "Migrating an existing database": on a Citus cluster the rekeyed books are
  // then distributed, rows and all, and each organization's statements route to its worker.
  test('on a Citus cluster, the rekeyed books are distributed with every row kept', async (t) => {
    if (!own.citus) return t.skip('needs TEST_DATABASE_URL on a Citus cluster (scripts/citus-suite.sh)');
    const counts = async () =>
      db.transaction(async (tx) => {
        await tx.query("SELECT set_config('citus.multi_task_query_log_level', 'off', true)");
        return tx.query<{ entries: string; lines: string; invoices: string }>(
          `SELECT (SELECT count(*) FROM journal_entries)::text AS entries,
                  (SELECT count(*) FROM journal_lines)::text AS lines,
                  (SELECT count(*) FROM invoices)::text AS invoices`,
        );
      });
    const before = await counts();
    const applied = await migrate(db, 'on');
    assert.ok(applied.includes('citus: journal_lines (distributed)'), `applied: ${applied.join(', ')}`);
    assert.ok(
      applied.includes('citus: token_lookup (reference)'),
      'the API-key lookup becomes a reference table',
    );
    assert.deepEqual(await counts(), before);
    const [row] = await db.query<{ total: string }>(
      'SELECT sum(debit)::text AS total FROM journal_lines WHERE organization_id = $1',
      [org],
    );
    assert.equal(row?.total, '100.0000', "one organization's lines, read on its worker alone");
    await assert.rejects(
      db.query(
        'UPDATE journal_lines SET description = $3 WHERE organization_id = $1 AND journal_entry_id = $2',
        [org, entry, 'changed'],
      ),
      (error) => sqlState(error) === 'FL001',
      'the immutability trigger holds on the worker',
    );
    assert.deepEqual(await migrate(db, 'on'), [], 'nothing left to distribute');
  });
});
