import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  type Db,
  MAX_TRANSACTION_ATTEMPTS,
  RETRYABLE_CODES,
  type SqlParam,
  sqlState,
  type Tx,
} from './db.ts';

// NUMERIC and int8 stay strings (we cast to text in SQL anyway); dates stay 'YYYY-MM-DD' strings.
pg.types.setTypeParser(1082, (value: string) => value);

export function createPgDb(connectionString: string, poolSize = 20): Db {
  // Prepared statements (below) are planned for their values on every run: many of our statements
  // carry optional filters (`$2 IS NULL OR account_id = ANY($2)`), and the generic plan PostgreSQL
  // may switch to after five runs cannot use an index for them, so one account's balance or one
  // invoice's entries could read all of the organization's rows. Parsing still happens once.
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    options: '-c plan_cache_mode=force_custom_plan',
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight still see their error.
  });

  // Parameterized statements are prepared once per connection under a name derived from their text,
  // so PostgreSQL parses each distinct statement once instead of on every execution. Statements without parameters (DDL, migrations) stay unnamed.
  const names = new Map<string, string>();
  const statementName = (sql: string) => {
    let name = names.get(sql);
    if (!name) {
      name = `folio_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
      names.set(sql, name);
    }
    return name;
  };
  const run = async <Row>(client: pg.Pool | pg.PoolClient, sql: string, params?: SqlParam[]) =>
    (params === undefined
      ? await client.query(sql)
      : await client.query({ name: statementName(sql), text: sql, values: params as unknown[] })
    ).rows as Row[];

  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        let released = false;
        try {
          await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
          const tx: Tx = {
            inTransaction: true,
            query: (sql, params) => run(client, sql, params),
            exec: async (sql) => void (await client.query(sql)),
          };
          const result = await work(tx);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          try {
            await client.query('ROLLBACK');
          } catch {
            client.release(true);
            released = true;
          }
          if (attempt < MAX_TRANSACTION_ATTEMPTS && RETRYABLE_CODES.has(sqlState(error) ?? '')) continue;
          throw error;
        } finally {
          if (!released) client.release();
        }
      }
    },
    close: () => pool.end(),
  };
}
