// A migrated PGlite database, dumped once and loaded by every test file's harness. Starting PGlite
// runs its initdb and our migrations: about 2 s of CPU per test file, which across the suite's ~90
// files was the largest single cost of a PGlite run. Loading a dump of the same database takes about
// 0.5 s. The dump's name carries a digest of the migration files and PGlite's version, so a changed
// migration or a new PGlite never loads a stale schema; `migrate` still runs after loading (a no-op
// when the dump is current) so the harness opens exactly what `openDatabase` would.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/storage/db.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { createPgliteDb } from '../../src/storage/pglite-adapter.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/storage/migrations/', import.meta.url));
const PGLITE_PACKAGE = fileURLToPath(
  new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
);

/**
 * The dump is loaded by every test file: without the template databases (nothing on PGlite creates a
 * database) and checkpointed (no WAL to replay when it starts), it is 29 MB instead of 44 and loads
 * in about 0.7 s less CPU.
 */
const TEMPLATE_FORM = 'trimmed: no template databases, checkpointed';
async function trimForLoading(db: Db): Promise<void> {
  await db.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await db.exec('DROP DATABASE template0');
  await db.exec('DROP DATABASE template1');
  await db.exec('CHECKPOINT');
}

function templatePath(): string {
  const digest = createHash('sha256');
  digest.update(TEMPLATE_FORM);
  digest.update(readFileSync(PGLITE_PACKAGE));
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    digest.update(name);
    digest.update(readFileSync(join(MIGRATIONS_DIR, name)));
  }
  return join(tmpdir(), `folio-test-pglite-${digest.digest('hex').slice(0, 16)}.tar`);
}

/** An in-memory PGlite database with the schema migrated, from the shared dump when there is one. */
export async function openTemplatedPglite(): Promise<Db> {
  const path = templatePath();
  if (existsSync(path)) {
    const db = await createPgliteDb({ loadDataDir: new Blob([readFileSync(path)]) });
    await migrate(db);
    return db;
  }
  const db = await createPgliteDb();
  await migrate(db);
  await trimForLoading(db);
  // Written aside and renamed, so a test file starting at the same time never reads half a dump.
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  renameSync(partial, path);
  return db;
}
