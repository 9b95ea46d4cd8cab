import { PGlite } from '@electric-sql/pglite';
import type { Db, SqlParam, Tx } from './db.ts';

export interface PgliteOptions {
  /** A data directory on disk; in memory when absent. */
  dataDir?: string;
  /** A dump made by `dumpDataDir` to start from instead of an empty cluster (the test suite's template). */
  loadDataDir?: Blob;
}

export interface PgliteDb extends Db {
  /** The whole database as a tarball, for `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
}

/**
 * PGlite is one embedded single-user Postgres. Every statement and transaction runs through one
 * queue, so a transaction never interleaves with another request's statements.
 */
export async function createPgliteDb(options: PgliteOptions = {}): Promise<PgliteDb> {
  const pglite = await PGlite.create(options);
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  };

  const run = async <Row>(sql: string, params?: SqlParam[]) =>
    (await pglite.query<Row>(sql, params as unknown[], { parsers: TEXT_PARSERS })).rows;

  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => run(sql, params)),
    exec: (sql) => exclusive(async () => void (await pglite.exec(sql))),
    transaction: (work) =>
      exclusive(async () => {
        await pglite.query('BEGIN ISOLATION LEVEL READ COMMITTED');
        try {
          const tx: Tx = {
            inTransaction: true,
            query: run,
            exec: async (sql) => void (await pglite.exec(sql)),
          };
          const result = await work(tx);
          await pglite.query('COMMIT');
          return result;
        } catch (error) {
          await pglite.query('ROLLBACK');
          throw error;
        }
      }),
    close: () => exclusive(() => pglite.close()),
    dumpDataDir: () => exclusive(async () => (await pglite.dumpDataDir('none')) as Blob),
  };
}

// Match node-postgres: dates as 'YYYY-MM-DD' strings, int8 and numeric as strings (we cast anyway).
const identity = (value: string) => value;
const TEXT_PARSERS = { 1082: identity, 20: identity, 1700: identity };
