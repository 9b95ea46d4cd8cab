// The PostgreSQL adapter prepares statements once per connection, except those with an optional filter
// (`$2 IS NULL OR col = ANY($2)`): a generic plan cannot use an index for one, so they are planned for
// their values on every run.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../src/storage/db.ts';
import { openDatabase } from '../../src/storage/index.ts';
import { totals as accountTotals } from '../../src/storage/stores/accounts.ts';
import { onPostgres } from '../helpers/harness.ts';

let db: Db;
before(async () => {
  if (onPostgres) db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 2 });
});
after(() => db?.close());

const LOOKUP = 'SELECT id FROM accounts WHERE organization_id = $1 AND id = $2';

describe('the PostgreSQL adapter', { skip: onPostgres ? false : 'PostgreSQL adapter only' }, () => {
  test('a statement with an optional filter is planned for its values on every run; a plain lookup is prepared once', async () => {
    await db.transaction(async (tx) => {
      for (let run = 0; run < 12; run++) {
        await accountTotals(tx, randomUUID(), [randomUUID()]);
        await tx.query(LOOKUP, [randomUUID(), randomUUID()]);
      }
      const prepared = await tx.query<{ statement: string }>(
        'SELECT statement FROM pg_prepared_statements WHERE statement LIKE $1 OR statement = $2',
        ['%FROM account_balances%', LOOKUP],
      );
      // Unnamed statements are never cached: PostgreSQL plans them with their values every time.
      assert.deepEqual(
        prepared.map((row) => row.statement),
        [LOOKUP],
      );
    });
  });
});
