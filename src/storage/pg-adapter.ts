import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  type Db,
  RETRYABLE_CODES,
  type SqlParam,
  sqlState,
  TRANSACTION_ATTEMPTS_MAX,
  type Tx,
} from './db.ts';

// NUMERIC and int8 stay strings (we cast to text in SQL anyway); dates stay 'YYYY-MM-DD' strings.
pg.types.setTypeParser(1082, (value: string) => value);

/** `$n IS NULL OR`: a filter that applies only when its parameter is given. */
const OPTIONAL_FILTER = /\$\d+(::[a-z_[\]]+)?\s+IS\s+NULL\s+OR\b/i;

export function createPgDb(connectionString: string, poolSize = 20): Db {
  // Pipelined connections (node-postgres' `pipeline`): a statement is sent as soon as it is asked
  // for, not when the one before has answered. A transaction uses that for its BEGIN, which leaves
  // with the work's first statement: one round trip fewer per write (docs/performance.md).
  const pool = new pg.Pool({ connectionString, max: poolSize, pipeline: true });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight still see their error.
  });

  // Parameterized statements are prepared once per connection under a name derived from their text,
  // so PostgreSQL parses each distinct statement once, and after five runs may plan it once too (its
  // generic plan). Statements with an optional filter (`$2::uuid[] IS NULL OR account_id = ANY($2)`)
  // stay unnamed and are planned for their values on every run: a generic plan cannot use an index
  // for such a filter, so one account's balance would read every summary row of the organization.
  // Statements without parameters (DDL, migrations) stay unnamed too.
  const names = new Map<string, string | null>();
  const statementName = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined) {
      name = OPTIONAL_FILTER.test(sql)
        ? null
        : `folio_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
      names.set(sql, name);
    }
    return name;
  };
  const run = async <Row>(client: pg.Pool | pg.PoolClient, sql: string, params?: SqlParam[]) => {
    const name = params === undefined ? null : statementName(sql);
    const result =
      name === null
        ? await client.query(sql, params as unknown[] | undefined)
        : await client.query({ name, text: sql, values: params as unknown[] });
    return result.rows as Row[];
  };

  const db: Db = {
    kind: 'postgres',
    distributed: false,
    // A statement outside a transaction is its own transaction: rolled back whole on a deadlock or
    // serialization failure, so it is retried like one (bounded). On Citus a lone write to a reference
    // table (a session's revocation) can deadlock with a transaction writing two of them.
    async query(sql, params) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await run(pool, sql, params);
        } catch (error) {
          if (attempt < TRANSACTION_ATTEMPTS_MAX && RETRYABLE_CODES.has(sqlState(error) ?? '')) continue;
          throw error;
        }
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        let released = false;
        // Not awaited before the work starts (see the pool): a failed BEGIN fails the work's first
        // statement too, and is awaited (rethrown) before COMMIT.
        const began = client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
        began.catch(() => undefined);
        try {
          const tx: Tx = {
            inTransaction: true,
            distributed: db.distributed === true,
            query: (sql, params) => run(client, sql, params),
            exec: async (sql) => void (await client.query(sql)),
          };
          const result = await work(tx);
          await began;
          await client.query('COMMIT');
          return result;
        } catch (error) {
          try {
            await client.query('ROLLBACK');
          } catch {
            client.release(true);
            released = true;
          }
          if (attempt < TRANSACTION_ATTEMPTS_MAX && RETRYABLE_CODES.has(sqlState(error) ?? '')) continue;
          throw error;
        } finally {
          if (!released) client.release();
        }
      }
    },
    close: () => pool.end(),
  };
  return db;
}
