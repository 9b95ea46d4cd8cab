#!/usr/bin/env node
// npm test: the whole suite on PGlite, then again on PostgreSQL when DATABASE_URL or
// TEST_DATABASE_URL is set (D39). Test files: test/**/*.test.ts (or the paths given).
// A whole run (no paths given) also runs, after the PGlite pass, the web app's unit tests (Vitest,
// web/src/**/*.test.ts) and its browser test (web/e2e/*.e2e.ts in Debian's Chromium, on PGlite only;
// skipped, and said so, when /usr/bin/chromium is missing).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

function findTests(dir) {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return findTests(path);
      return name.endsWith('.test.ts') ? [path] : [];
    })
    .sort();
}

const wholeRun = process.argv.slice(2).length === 0;
const files = wholeRun ? findTests('test') : process.argv.slice(2);
const CHROMIUM = process.env.FOLIO_CHROMIUM || '/usr/bin/chromium';
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
  if (run.name === 'PGlite' && wholeRun && !webTests()) failed = true;
}
process.exit(failed ? 1 : 0);

/** The web app's unit tests, then its browser test when Chromium is there. True when all passed. */
function webTests() {
  console.log('\n# web app unit tests (Vitest: web/src/**/*.test.ts)');
  const vitest = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'web/vite.config.ts'],
    { stdio: 'inherit' },
  );
  if (vitest.status !== 0) console.log('# web app unit tests FAILED');
  if (!existsSync(CHROMIUM)) {
    console.log(`\n# browser test SKIPPED: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return vitest.status === 0;
  }
  console.log(`\n# browser test (web/e2e, ${CHROMIUM}, PGlite): building the web app if needed`);
  if (!ensureWebBuild()) {
    console.log('# the web app did not build: browser test FAILED');
    return false;
  }
  const e2e = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...findE2e('web/e2e')], {
    stdio: 'inherit',
    env: { ...process.env, FOLIO_TEST_DB: 'pglite', DATABASE_URL: '', TEST_DATABASE_URL: '' },
  });
  if (e2e.status !== 0) console.log('# browser test FAILED');
  return vitest.status === 0 && e2e.status === 0;
}

function findE2e(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => join(dir, name))
    .sort();
}
