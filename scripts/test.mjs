#!/usr/bin/env node
// npm test: the whole suite on PGlite, then again on PostgreSQL when DATABASE_URL or
// TEST_DATABASE_URL is set (D39). Test files: test/**/*.test.ts (or the paths given).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function findTests(dir) {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return findTests(path);
      return name.endsWith('.test.ts') ? [path] : [];
    })
    .sort();
}

const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : findTests('test');
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const runs = [{ name: 'PGlite', env: { FOLIO_TEST_DB: 'pglite', DATABASE_URL: '', TEST_DATABASE_URL: '' } }];
if (postgresUrl)
  runs.push({ name: 'PostgreSQL', env: { FOLIO_TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl } });

let failed = false;
for (const run of runs) {
  console.log(`\n# suite on ${run.name}`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=2', ...files],
    { stdio: 'inherit', env: { ...process.env, ...run.env } },
  );
  if (result.status !== 0) {
    console.log(`# suite on ${run.name} FAILED`);
    failed = true;
  } else if (run.name === 'PostgreSQL') {
    // D69: every set of books the suite left in the shared database must pass folio check (on PGlite
    // each test file's harness runs the check when it closes its in-memory database).
    console.log('\n# folio check over the books the PostgreSQL suite left');
    const check = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/check.ts'], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: postgresUrl },
    });
    if (check.status !== 0) {
      console.log(`# folio check FAILED (exit ${check.status})`);
      failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);
