import { lockDataDir } from './data-dir-lock.ts';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { createPgDb } from './pg-adapter.ts';
import { createPgliteDb } from './pglite-adapter.ts';

export { DataDirInUseError } from './data-dir-lock.ts';

export interface DbConfig {
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string;
  poolSize?: number;
}

/**
 * Opens the configured database and brings its schema up to date. A PGlite data directory is locked
 * here, before PGlite touches a file, and released by close() (D68): every program that opens a
 * directory (the service, `folio migrate`, and any later command) goes through this one function, so
 * none of them can forget the lock. Throws DataDirInUseError when another process holds it.
 */
export async function openDatabase(config: DbConfig): Promise<Db> {
  if (config.databaseUrl) {
    const db = createPgDb(config.databaseUrl, config.poolSize);
    await migrate(db);
    return db;
  }
  if (config.dataDir === undefined) {
    const db = await createPgliteDb();
    await migrate(db);
    return db;
  }
  const lock = lockDataDir(config.dataDir);
  try {
    const db = await createPgliteDb({ dataDir: config.dataDir });
    await migrate(db).catch(async (error) => {
      await db.close();
      throw error;
    });
    return {
      ...db,
      close: async () => {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
