import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  type CitusMode,
  citusDistributed,
  citusInstalled,
  citusModeFromEnv,
  distributeTables,
  prepareCitusTransaction,
} from './citus.ts';
import type { Db } from './db.ts';
import { splitStatements } from './sql-script.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any fixed number; several API processes (or test files) may start at once against one database.
const MIGRATION_LOCK_ID = 7_143_001;

/**
 * Applies the plain-SQL files of migrations/ in name order, each once, all in one transaction. Where
 * the citus extension is installed (or FOLIO_CITUS=1 demands it), the same transaction then
 * distributes every table not distributed yet (src/storage/citus.ts, D79).
 */
export async function migrate(db: Db, citus: CitusMode = citusModeFromEnv()): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    const onCitus = citus !== 'off' && db.kind === 'postgres' && (await citusInstalled(tx));
    if (citus === 'on' && !onCitus) {
      throw new Error('FOLIO_CITUS=1, but the citus extension is not installed in this database');
    }
    if (onCitus) await prepareCitusTransaction(tx);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
      // Distributed books take DDL one statement at a time (src/storage/sql-script.ts).
      if (onCitus && (await citusDistributed(tx)))
        for (const statement of splitStatements(sql)) await tx.exec(statement);
      else await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    if (onCitus) applied.push(...(await distributeTables(tx)).map((table) => `citus: ${table}`));
    db.distributed = onCitus;
  });
  return applied;
}
