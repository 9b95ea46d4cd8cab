import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { createPgDb } from './pg-adapter.ts';
import { createPgliteDb } from './pglite-adapter.ts';

export interface DbConfig {
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string;
  poolSize?: number;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DbConfig): Promise<Db> {
  const db = config.databaseUrl
    ? createPgDb(config.databaseUrl, config.poolSize)
    : await createPgliteDb(config.dataDir);
  await migrate(db);
  return db;
}
