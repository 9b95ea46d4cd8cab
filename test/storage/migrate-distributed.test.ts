// A migration written after an operator distributed the books (docs/scale-out.md) applies on the
// cluster: the runner sends its statements one at a time there (src/storage/sql-script.ts), and a
// table it creates is distributed beside the others. The books are set up at an older version (every
// migration before FROM), distributed, given a taxed invoice line, then migrated to the latest: the
// line's tax is backfilled per rate (0026) and every table is distributed. On a Citus cluster only
// (a database of its own, test/helpers/own-database.ts); skipped elsewhere.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { distributeTables, prepareCitusTransaction } from '../../src/storage/citus.ts';
import type { Db } from '../../src/storage/db.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { createPgDb } from '../../src/storage/pg-adapter.ts';
import { type OwnDatabase, ownDatabase } from '../helpers/own-database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/storage/migrations/', import.meta.url));
/** The first migration written after the cluster of this test was set up. */
const FROM = '0026_line_tax_groups.sql';

let own: OwnDatabase | undefined;
let db: Db | undefined;
after(async () => {
  await db?.close();
  await own?.drop();
});

describe('migrations after the books were distributed', () => {
  test('apply on the cluster, keyed and distributed, and backfill the rows already there', async (t) => {
    own = await ownDatabase('later');
    if (!own.citus) return t.skip('needs TEST_DATABASE_URL on a Citus cluster (scripts/citus-suite.sh)');
    db = createPgDb(own.url as string, 4);
    const older = (await readdir(MIGRATIONS_DIR))
      .filter((name) => name.endsWith('.sql') && name < FROM)
      .sort();
    await db.transaction(async (tx) => {
      await prepareCitusTransaction(tx);
      await tx.query(
        'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      for (const file of older) {
        await tx.exec(await readFile(MIGRATIONS_DIR + file, 'utf8'));
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      }
      await distributeTables(tx);
    });
    const org = randomUUID();
    const customer = randomUUID();
    const income = randomUUID();
    const taxAccount = randomUUID();
    const rate = randomUUID();
    const invoice = randomUUID();
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO organizations (id, name, mode, currency) VALUES ($1, 'Distributed Books', 'live', 'USD')`,
        [org],
      );
      await tx.query(
        `INSERT INTO accounts (id, organization_id, number, name, type, detail_type, currency)
         VALUES ($1, $3, '4000', 'Sales', 'income', 'income', 'USD'),
                ($2, $3, '2200', 'Sales tax', 'liability', 'other_current_liability', 'USD')`,
        [income, taxAccount, org],
      );
      await tx.query(
        `INSERT INTO tax_rates (id, organization_id, name, rate, liability_account_id) VALUES ($1, $2, 'State', 6.25, $3)`,
        [rate, org, taxAccount],
      );
      await tx.query(
        `INSERT INTO customers (id, organization_id, display_name, currency) VALUES ($1, $2, 'Customer', 'USD')`,
        [customer, org],
      );
      await tx.query(
        `INSERT INTO invoices (id, organization_id, number, customer_id, status, issue_date, due_date, currency,
                               subtotal, tax_total, total)
         VALUES ($1, $2, 'INV-000001', $3, 'draft', '2026-01-05', '2026-02-04', 'USD', 10, 0.63, 10.63)`,
        [invoice, org, customer],
      );
      await tx.query(
        `INSERT INTO invoice_lines (organization_id, invoice_id, line_no, description, quantity, unit_price, amount,
                                    income_account_id, is_taxable, tax_rate_id, tax_amount)
         VALUES ($1, $2, 1, 'Work', 1, 10, 10, $3, true, $4, 0.63)`,
        [org, invoice, income, rate],
      );
    });

    const applied = await migrate(db, 'on');
    assert.ok(applied.includes(FROM), `applied: ${applied.join(', ')}`);
    assert.ok(
      applied.includes('citus: invoice_line_taxes (distributed)') ||
        applied.every((a) => !a.startsWith('citus: invoice_line_taxes')),
    );
    const [local] = await db.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM pg_class c
        WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
          AND c.relname <> 'schema_migrations'
          AND NOT EXISTS (SELECT 1 FROM pg_dist_partition p WHERE p.logicalrelid = c.oid)`,
    );
    assert.equal(local?.count, '0', 'no table of the books stays local');
    const taxes = await db.query<{ tax_rate_id: string; amount: string }>(
      'SELECT tax_rate_id, amount::text AS amount FROM invoice_line_taxes WHERE organization_id = $1 AND invoice_id = $2',
      [org, invoice],
    );
    assert.deepEqual(
      taxes,
      [{ tax_rate_id: rate, amount: '0.6300' }],
      'the line written before has its one rate',
    );
    assert.deepEqual(await migrate(db, 'on'), [], 'nothing left to apply');
  });
});
