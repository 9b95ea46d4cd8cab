// What the programs that open the books share: open the configured database or refuse in one line
// (D68), and say where the data lives in words a person reads at start.
import { resolve } from 'node:path';
import type { RuntimeConfig } from '../config.ts';
import type { Db } from '../storage/db.ts';
import { DataDirInUseError, openDatabase } from '../storage/index.ts';

/** Opens (and migrates) the configured database; a data directory held by another process exits 1. */
export async function openConfiguredDatabase(config: RuntimeConfig): Promise<Db> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
    });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** "PGlite in /abs/dir" or "PostgreSQL at host:port/database": never the URL's user or password. */
export function describeStorage(config: RuntimeConfig): string {
  if (!config.databaseUrl) return `PGlite (embedded) in ${resolve(config.dataDir)}`;
  try {
    const url = new URL(config.databaseUrl);
    // A Unix-socket URL names the socket directory in ?host=; the URL's host is then a placeholder.
    const host = url.searchParams.get('host') || url.hostname || 'localhost';
    const port = url.port ? `:${url.port}` : '';
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(the default database)';
    return `PostgreSQL at ${host}${port}/${database}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** The README's promise for the embedded database, said where a person starting it will read it. */
export const PGLITE_DURABILITY_NOTE =
  'PGlite runs with fsync off: the books survive a crash of the Folio process, but not a crash or ' +
  'power loss of the machine. Use it to try Folio and to develop; production books belong on ' +
  'PostgreSQL (set DATABASE_URL).';
