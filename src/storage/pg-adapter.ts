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
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight still see their error.
  });

  const run = async <Row>(client: pg.Pool | pg.PoolClient, sql: string, params?: SqlParam[]) =>
    (await client.query(sql, params as unknown[])).rows as Row[];

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
