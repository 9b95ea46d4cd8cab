#!/usr/bin/env node
// npm test: the whole suite on PGlite, then again on PostgreSQL when DATABASE_URL or
// TEST_DATABASE_URL is set (D39), then on a Citus cluster when CITUS_TEST_DATABASE_URL is set
// (docs/scale-out.md; .ci/run sets it). Test files: test/**/*.test.ts (or the paths given).
// FOLIO_TEST_PASSES (pglite,postgres,citus) keeps only the passes it names. test/domain and test/unit
// (no database) run in the first pass only.
// A whole run (no paths given) also runs the web app's browser test (web/e2e/*.e2e.ts in Debian's
// Chromium, on PGlite only, beside the passes from the start; skipped, and said so, when
// /usr/bin/chromium is missing), after the PGlite pass its unit tests (Vitest, web/src/**/*.test.ts),
// and, when FOLIO_CITUS_FAULT_NODE names a worker's port, the cluster's own tests (test/cluster)
// last, with nothing else writing. Each pass runs its files in two long-lived processes
// (scripts/test-group.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildTests, compiledPath, nodeFlags, sourcePath } from './test-build.mjs';
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
const citusUrl = process.env.CITUS_TEST_DATABASE_URL;
const faultNode = process.env.FOLIO_CITUS_FAULT_NODE;
// The fault test stops a worker: only the last step of a run may see which one.
const { FOLIO_CITUS_FAULT_NODE: _omitted, ...baseEnv } = process.env;
const wanted = new Set((process.env.FOLIO_TEST_PASSES || 'pglite,postgres,citus').split(','));
const onPglite = { FOLIO_TEST_DB: 'pglite', DATABASE_URL: '', TEST_DATABASE_URL: '' };
const runs = [
  { name: 'PGlite', key: 'pglite', env: onPglite },
  postgresUrl && {
    name: 'PostgreSQL',
    key: 'postgres',
    url: postgresUrl,
    env: { FOLIO_TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
  },
  citusUrl && {
    name: 'Citus',
    key: 'citus',
    url: citusUrl,
    env: { FOLIO_TEST_DB: 'postgres', TEST_DATABASE_URL: citusUrl, DATABASE_URL: '' },
  },
].filter((run) => run && wanted.has(run.key));

// The suite runs compiled (scripts/test-build.mjs): the same modules, without tsx in every process.
const compiled = await buildTests(files);
// test/domain and test/unit never open a database (pure rules, types, parsers): they run once, in the
// first pass, and the server passes run the rest.
const DATABASE_FREE = /^test\/(domain|unit)\//;
const serverCompiled = compiled.filter((_, index) => !DATABASE_FREE.test(files[index]));
let failed = false;
// The browser test starts first and runs beside every pass: it is one long chain on one core (one
// Chromium, one screen after another), which two cores finish soonest when it starts first and the
// passes' files fill the other core around it. Its output is kept and printed whole once it ends, so
// the logs do not interleave.
const browserTest = wholeRun ? startBrowserTest(runs.length === 0) : Promise.resolve(true);
for (const run of runs) {
  const started = performance.now();
  console.log(`\n# suite on ${run.name}`);
  const own = run === runs[0] ? compiled : serverCompiled;
  const tally = await runPass(own, run.env);
  console.log(
    `# suite on ${run.name}: ${tally.tests} tests, ${tally.pass} pass, ${tally.fail} fail: ${seconds(started)} s${tally.ok ? '' : ', FAILED'}`,
  );
  if (!tally.ok) failed = true;
  // On Citus the fault test checks the books it wrote; the whole suite's 1,600 sets of books take
  // about 3.5 minutes there against 20 s on PostgreSQL, for the same SQL.
  else if (run.key === 'postgres' && !(await booksCheck(run))) failed = true;
  if (run.key === 'pglite' && wholeRun && !(await webUnitTests())) failed = true;
}
if (!(await browserTest)) failed = true;
if (wholeRun && runs.some((run) => run.key === 'citus') && !(await clusterTests())) failed = true;
process.exit(failed ? 1 : 0);

/**
 * A pass: two test processes (two cores; scripts/test-group.mjs), each handed its next file when it
 * finishes one, the biggest files first so the last to run are short. Each file's time is printed as
 * it ends; each process's TAP is printed whole when the process ends, so two never interleave.
 */
async function runPass(compiledFiles, env) {
  const bySize = (file) => statSync(file).size;
  const queue = [...compiledFiles].sort((a, b) => bySize(b) - bySize(a));
  const workers = await Promise.all([testProcess(queue, env), testProcess(queue, env)]);
  const count = (name) =>
    workers.reduce(
      (sum, { output }) => sum + Number(output.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0),
      0,
    );
  const ok = workers.every(({ code }) => code === 0);
  return { tests: count('tests'), pass: count('pass'), fail: count('fail'), ok };
}

/** One test process taking files from `queue` until it is empty; its exit status and whole output. */
function testProcess(queue, env) {
  const child = spawn(process.execPath, [...nodeFlags(env.FOLIO_TEST_DB), 'scripts/test-group.mjs'], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...baseEnv, ...env },
  });
  const chunks = [];
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  child.stderr.on('data', (chunk) => chunks.push(chunk));
  let running;
  let since;
  child.on('message', () => {
    if (running) console.log(`# ${sourcePath(running)}: ${seconds(since)} s`);
    running = queue.shift();
    since = performance.now();
    if (child.connected) child.send(running ? { file: running } : { end: true });
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const output = Buffer.concat(chunks).toString();
      process.stdout.write(output);
      if (code !== 0)
        console.log(
          `# a test process FAILED (exit ${code})${running ? `, last in ${sourcePath(running)}` : ''}`,
        );
      resolve({ code: code ?? 1, output });
    }),
  );
}

/** Runs node with `args` and the base environment plus `env`, its output inherited; its exit status. */
function node(args, env = {}, stdio = 'inherit') {
  const child = spawn(process.execPath, args, { stdio, env: { ...baseEnv, ...env } });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(0);
}

/**
 * D69: every set of books a server pass left in its shared database must pass folio check (on PGlite
 * each test file's harness runs the check when it closes its in-memory database).
 */
async function booksCheck(run) {
  console.log(`\n# folio check over the books the ${run.name} suite left`);
  const status = await node(['--import', 'tsx', 'src/cli/check.ts'], { DATABASE_URL: run.url });
  if (status !== 0) console.log(`# folio check FAILED (exit ${status})`);
  return status === 0;
}

/** The web app's unit tests (Vitest). True when all passed. */
async function webUnitTests() {
  console.log('\n# web app unit tests (Vitest: web/src/**/*.test.ts)');
  const status = await node(['node_modules/vitest/vitest.mjs', 'run', '--config', 'web/vite.config.ts']);
  if (status !== 0) console.log('# web app unit tests FAILED');
  return status === 0;
}

/**
 * The browser test when Chromium is there, started now and resolved (true when it passed) when it
 * ends; its output is printed then, in one piece (or as it comes when it runs `alone`).
 */
function startBrowserTest(alone) {
  if (!existsSync(CHROMIUM)) {
    console.log(`\n# browser test SKIPPED: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return Promise.resolve(true);
  }
  console.log(`\n# browser test (web/e2e, ${CHROMIUM}, PGlite): building the web app if needed`);
  if (!ensureWebBuild()) {
    console.log('# the web app did not build: browser test FAILED');
    return Promise.resolve(false);
  }
  if (!alone) console.log('# browser test started; its output follows the server passes');
  const started = performance.now();
  const e2e = spawn(process.execPath, ['--import', 'tsx', '--test', ...findE2e('web/e2e')], {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...baseEnv, ...onPglite },
  });
  const output = [];
  e2e.stdout?.on('data', (chunk) => output.push(chunk));
  e2e.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    e2e.on('close', (code) => {
      if (!alone) {
        console.log(`\n# browser test output (${seconds(started)} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      if (code !== 0) console.log('# browser test FAILED');
      resolve(code === 0);
    });
  });
}

/**
 * The cluster's own tests (test/cluster): one organization's writes reach only its worker, and the
 * worker FOLIO_CITUS_FAULT_NODE names is stopped during writes and restarted. Run last, one file at a
 * time, with nothing else writing; then every node is started again, whatever the fault test left.
 */
async function clusterTests() {
  if (!faultNode) {
    console.log('\n# Citus cluster tests SKIPPED: FOLIO_CITUS_FAULT_NODE names no worker');
    return true;
  }
  const started = performance.now();
  console.log(`\n# Citus cluster tests (worker ${faultNode} is stopped and restarted)`);
  const cluster = findTests('test/cluster');
  const status = await node(
    ['--enable-source-maps', '--test', '--test-concurrency=1', ...cluster.map(compiledPath)],
    { FOLIO_TEST_DB: 'postgres', TEST_DATABASE_URL: citusUrl, FOLIO_CITUS_FAULT_NODE: faultNode },
  );
  await new Promise((resolve) =>
    spawn('bash', ['scripts/citus-cluster.sh', 'start'], { stdio: 'ignore' }).on('close', resolve),
  );
  console.log(`# Citus cluster tests: ${seconds(started)} s${status === 0 ? '' : ', FAILED'}`);
  return status === 0;
}

function findE2e(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => join(dir, name))
    .sort();
}
