// The PostgreSQL adapter prepares statements once per connection but plans them for their values on
// every run: a generic plan cannot use an index for an optional filter (`$2 IS NULL OR col = ANY($2)`).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { accountTotals } from '../../src/app/ledger/balances.ts';
import type { Db } from '../../src/storage/db.ts';
import { openDatabase } from '../../src/storage/index.ts';
import { onPostgres } from '../helpers/harness.ts';

let db: Db;
before(async () => {
  if (onPostgres) db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 2 });
});
after(() => db?.close());

describe('the PostgreSQL adapter', { skip: onPostgres ? false : 'PostgreSQL adapter only' }, () => {
  test('a prepared statement with an optional filter is never run on a generic plan, however often it runs', async () => {
    await db.transaction(async (tx) => {
      for (let run = 0; run < 12; run++) {
        await accountTotals(tx, randomUUID(), [randomUUID()]);
        await tx.query('SELECT id FROM accounts WHERE organization_id = $1 AND id = $2', [
          randomUUID(),
          randomUUID(),
        ]);
      }
      const plans = await tx.query<{ statement: string; generic_plans: string; custom_plans: string }>(
        `SELECT statement, generic_plans::text, custom_plans::text FROM pg_prepared_statements
          WHERE statement LIKE $1 OR statement LIKE $2`,
        ['%FROM account_balances%', 'SELECT id FROM accounts WHERE organization_id = $1 AND id = $2'],
      );
      assert.equal(plans.length, 2, 'both statements were prepared on this connection');
      for (const plan of plans) {
        assert.equal(plan.generic_plans, '0', plan.statement);
        assert.ok(Number(plan.custom_plans) >= 12, `custom plans: ${plan.custom_plans}`);
      }
    });
  });
});
