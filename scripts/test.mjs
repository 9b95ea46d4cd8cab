#!/usr/bin/env node
// npm test: the whole suite on PGlite, then again on PostgreSQL when DATABASE_URL or
// TEST_DATABASE_URL is set (D39). Test files: test/**/*.test.ts (or the paths given).
// A whole run (no paths given) also runs, after the PGlite pass, the web app's unit tests (Vitest,
// web/src/**/*.test.ts) and its browser test (web/e2e/*.e2e.ts in Debian's Chromium, on PGlite only,
// beside the PostgreSQL pass; skipped, and said so, when /usr/bin/chromium is missing).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildTests, nodeFlags } from './test-build.mjs';
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

// The suite runs compiled (scripts/test-build.mjs): the same modules, without tsx in every process.
const compiled = await buildTests(files);
let failed = false;
// The browser test runs beside the PostgreSQL pass rather than after it: much of its time is spent
// waiting on Chromium and the screens, which the other pass fills. Its output is kept and printed
// whole once it ends, so the two logs do not interleave.
let browserTest = Promise.resolve(true);
for (const run of runs) {
  console.log(`\n# suite on ${run.name}`);
  const result = spawnSync(
    process.execPath,
    [...nodeFlags(run.env.FOLIO_TEST_DB), '--test', '--test-concurrency=2', ...compiled],
    {
      stdio: 'inherit',
      env: { ...process.env, ...run.env },
    },
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
  if (run.name === 'PGlite' && wholeRun) {
    if (!webUnitTests()) failed = true;
    browserTest = startBrowserTest();
  }
}
if (!(await browserTest)) failed = true;
process.exit(failed ? 1 : 0);

/** The web app's unit tests (Vitest). True when all passed. */
function webUnitTests() {
  console.log('\n# web app unit tests (Vitest: web/src/**/*.test.ts)');
  const vitest = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'web/vite.config.ts'],
    { stdio: 'inherit' },
  );
  if (vitest.status !== 0) console.log('# web app unit tests FAILED');
  return vitest.status === 0;
}

/**
 * The browser test when Chromium is there, started now and resolved (true when it passed) when it
 * ends; its output is printed then, in one piece.
 */
function startBrowserTest() {
  if (!existsSync(CHROMIUM)) {
    console.log(`\n# browser test SKIPPED: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return Promise.resolve(true);
  }
  console.log(`\n# browser test (web/e2e, ${CHROMIUM}, PGlite): building the web app if needed`);
  if (!ensureWebBuild()) {
    console.log('# the web app did not build: browser test FAILED');
    return Promise.resolve(false);
  }
  const alone = runs.length === 1;
  if (!alone) console.log('# browser test started; its output follows the PostgreSQL pass');
  const started = performance.now();
  const e2e = spawn(process.execPath, ['--import', 'tsx', '--test', ...findE2e('web/e2e')], {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FOLIO_TEST_DB: 'pglite', DATABASE_URL: '', TEST_DATABASE_URL: '' },
  });
  const output = [];
  e2e.stdout?.on('data', (chunk) => output.push(chunk));
  e2e.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    e2e.on('close', (code) => {
      if (!alone) {
        console.log(`\n# browser test output (${((performance.now() - started) / 1000).toFixed(0)} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      if (code !== 0) console.log('# browser test FAILED');
      resolve(code === 0);
    });
  });
}

function findE2e(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => join(dir, name))
    .sort();
}
