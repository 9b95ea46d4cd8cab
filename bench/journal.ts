// Journal-entry throughput over HTTP on PostgreSQL, next to pgbench's TPC-B on the same server
// (issue 2, "Benchmark"). Two runs: entries between random accounts, and entries that all debit one
// (hot) account. BENCH_MODE says how an entry is written, with an API key:
//   draft-then-post  POST /journal-entries + POST /journal-entries/{id}/post (two requests, the default)
//   one-request      POST /journal-entries with post: true (D58)
//   batch            POST /journal-entries/batch, BENCH_BATCH_SIZE entries per request (100, D59)
//
//   npm run bench:journal      BENCH_MODE, BENCH_ENTRIES, BENCH_WARMUP, BENCH_CLIENTS, BENCH_BATCH_SIZE,
//                              BENCH_PGBENCH_SECONDS, BENCH_IDEMPOTENCY (1: send Idempotency-Key on every
//                              write), BENCH_DATABASE_URL, BENCH_CPU_PROF
import { randomUUID } from 'node:crypto';
import { cleanup, onCleanup } from './lib/cleanup.ts';
import { runConcurrently } from './lib/concurrency.ts';
import { cpuPerOperation, cpuSnapshot, describeCpu } from './lib/cpu.ts';
import { type Account, type Books, growChart, signUpWithKey, today } from './lib/folio.ts';
import { boolOption, intOption } from './lib/options.ts';
import { PgbenchBracket } from './lib/pgbench.ts';
import { createScratchDatabase, databaseUrl, serverSettings, vacuumAnalyze } from './lib/postgres.ts';
import { type Service, startService } from './lib/service.ts';
import { fixed, Latencies, machineLoad, rate, StepLatencies } from './lib/stats.ts';

const ENTRIES = intOption('BENCH_ENTRIES', 4000);
const WARMUP = intOption('BENCH_WARMUP', 400);
const CLIENTS = intOption('BENCH_CLIENTS', 16);
const PGBENCH_SECONDS = intOption('BENCH_PGBENCH_SECONDS', 15);
const IDEMPOTENCY = boolOption('BENCH_IDEMPOTENCY', true);
const CHART_SIZE = 50;
const MODES = ['draft-then-post', 'one-request', 'batch'] as const;
type Mode = (typeof MODES)[number];
const MODE = (process.env.BENCH_MODE || 'draft-then-post') as Mode;
if (!MODES.includes(MODE)) throw new Error(`BENCH_MODE must be one of ${MODES.join(', ')}`);
const BATCH_SIZE = MODE === 'batch' ? intOption('BENCH_BATCH_SIZE', 100) : 1;
/** Targets of issue 9: entries/s against the same run's pgbench tps, by mode (random accounts). */
const TARGET_RATIO: Record<Mode, number> = { 'draft-then-post': 0.6, 'one-request': 0.3, batch: 3 };

interface RunFigures {
  name: string;
  entriesPerSecond: number;
  entry: Latencies;
  steps: StepLatencies;
  count: number;
  seconds: number;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const amount = () =>
  `${1 + Math.floor(Math.random() * 9999)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

function entryBody(debit: Account, credit: Account) {
  const value = amount();
  return {
    txn_date: today(),
    memo: 'bench',
    lines: [
      { account: debit.id, debit: value },
      { account: credit.id, credit: value },
    ],
  };
}

/**
 * Writes BATCH_SIZE posted entries the way BENCH_MODE says; records the request's latency per
 * entry written (the whole request for one entry, the batch's for a batch) and each step's.
 */
async function postEntries(
  books: Books,
  choose: () => [Account, Account],
  entry: Latencies,
  steps: StepLatencies,
) {
  const keyHeader = (): Record<string, string> => (IDEMPOTENCY ? { 'idempotency-key': randomUUID() } : {});
  const start = performance.now();
  if (MODE === 'batch') {
    const entries = Array.from({ length: BATCH_SIZE }, () => entryBody(...choose()));
    await steps.time(`batch of ${BATCH_SIZE}`, () =>
      books.api.post('/api/v1/journal-entries/batch', { post: true, entries }, keyHeader()),
    );
  } else if (MODE === 'one-request') {
    await steps.time('post: true', () =>
      books.api.post('/api/v1/journal-entries', { ...entryBody(...choose()), post: true }, keyHeader()),
    );
  } else {
    const draft = await steps.time('create draft', () =>
      books.api.post('/api/v1/journal-entries', entryBody(...choose()), keyHeader()),
    );
    await steps.time('post', () =>
      books.api.post(`/api/v1/journal-entries/${draft.body.id}/post`, undefined, keyHeader()),
    );
  }
  entry.add(performance.now() - start);
}

async function measure(
  name: string,
  books: Books,
  service: Service,
  database: string,
  choose: () => [Account, Account],
): Promise<RunFigures> {
  const requests = (entries: number) => Math.max(1, Math.ceil(entries / BATCH_SIZE));
  await runConcurrently(requests(WARMUP), CLIENTS, () =>
    postEntries(books, choose, new Latencies(), new StepLatencies()),
  );
  await vacuumAnalyze(database);
  const entry = new Latencies();
  const steps = new StepLatencies();
  const cpuBefore = await cpuSnapshot(service.pid, databaseUrl('postgres'), database);
  const result = await runConcurrently(requests(ENTRIES), CLIENTS, () =>
    postEntries(books, choose, entry, steps),
  );
  const count = result.count * BATCH_SIZE;
  const cpu = cpuPerOperation(
    cpuBefore,
    await cpuSnapshot(service.pid, databaseUrl('postgres'), database),
    count,
  );
  const figures = {
    name,
    entriesPerSecond: rate(count, result.elapsedMs),
    entry,
    steps,
    count,
    seconds: result.elapsedMs / 1000,
  };
  console.log(
    `${name}: ${count} entries in ${result.count} requests in ${fixed(figures.seconds)} s = ${fixed(figures.entriesPerSecond)} entries/s; ` +
      `per request ${entry.summary()}` +
      [...steps.steps].map(([step, latencies]) => `; ${step} ${latencies.summary()}`).join(''),
  );
  console.log(`  ${describeCpu(cpu, 'entry')}`);
  return figures;
}

/** One run (`random` or `hot`) on a fresh scratch database, service and set of books. */
async function runOnFreshBooks(kind: 'random' | 'hot') {
  const database = await createScratchDatabase(`journal_${kind}`);
  const dropDatabase = onCleanup(() => database.drop());
  const service = await startService(database.url);
  const stopService = onCleanup(() => service.stop());
  const books = await signUpWithKey(service.baseUrl, CLIENTS);
  const closeConnections = onCleanup(async () => books.connections.close());

  const numbers = new Set(books.accounts.map((account) => account.number));
  let next = 6900;
  while (numbers.has(String(next))) next++;
  await growChart(books, CHART_SIZE, 'expense', next);
  // Accounts Receivable takes no manual lines (it moves only with invoices and payments).
  const pool = books.accounts.filter(
    (account) =>
      (account.type === 'expense' || account.type === 'asset') &&
      account.system_role !== 'accounts_receivable',
  );
  console.log(
    `${kind} run: fresh books, ${books.accounts.length} accounts, ${pool.length} expense/asset accounts in play`,
  );

  let figures: RunFigures;
  if (kind === 'random') {
    figures = await measure('random accounts', books, service, database.name, () => {
      const debit = pick(pool);
      let credit = pick(pool);
      while (credit.id === debit.id) credit = pick(pool);
      return [debit, credit];
    });
  } else {
    const hotAccount = pool.find((account) => account.type === 'expense')!;
    const others = pool.filter((account) => account.id !== hotAccount.id);
    figures = await measure(
      `hot account (${hotAccount.number} debited)`,
      books,
      service,
      database.name,
      () => [hotAccount, pick(others)],
    );
  }
  const peakRssKb = await service.peakRssKb();
  await closeConnections();
  await stopService();
  await dropDatabase();
  return { figures, peakRssKb };
}

function describeMode(): string {
  if (MODE === 'batch') return `POST /journal-entries/batch, ${BATCH_SIZE} posted entries per request`;
  if (MODE === 'one-request') return 'entry = POST /journal-entries with post: true';
  return 'entry = POST /journal-entries + POST /journal-entries/{id}/post';
}

async function main() {
  console.log(`Folio journal benchmark, ${new Date().toISOString()}`);
  console.log(`machine: ${await machineLoad()}`);
  const settings = await serverSettings();
  console.log(
    `PostgreSQL ${settings.server_version}: fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}, ` +
      `shared_buffers=${settings.shared_buffers}x8kB, max_connections=${settings.max_connections}, ` +
      `autovacuum=${settings.autovacuum} (each run: VACUUM ANALYZE after its warm-up)`,
  );
  console.log(
    `workload: ${CLIENTS} concurrent clients, ${WARMUP} warm-up + ${ENTRIES} measured entries per run, ` +
      `mode ${MODE}: ${describeMode()} with an API key` +
      (IDEMPOTENCY ? ', Idempotency-Key on both' : ''),
  );

  const pgbench = new PgbenchBracket({ clients: CLIENTS, threads: 2, seconds: PGBENCH_SECONDS });
  await pgbench.run('before');

  // Each run starts from the same state: its own scratch database, service and books. (Run one
  // after the other on shared books, the second run paid for the rows and dead row versions the
  // first one left, and the hot-account run always came second.)
  const order = (process.env.BENCH_ORDER ?? 'random,hot').split(',');
  const figures = new Map<string, RunFigures>();
  let peakRssKb = 0;
  for (const kind of order) {
    if (kind !== 'random' && kind !== 'hot') throw new Error(`BENCH_ORDER: unknown run ${kind}`);
    const run = await runOnFreshBooks(kind);
    figures.set(kind, run.figures);
    peakRssKb = Math.max(peakRssKb, run.peakRssKb);
  }
  console.log(`service peak RSS (VmHWM, highest of the runs): ${fixed(peakRssKb / 1024)} MiB`);
  const random = figures.get('random');
  const hot = figures.get('hot');

  await pgbench.run('after');
  console.log(`pgbench reference: ${pgbench.describe()}`);
  console.log(`machine after: ${await machineLoad()}`);
  if (random) {
    const randomRatio = random.entriesPerSecond / pgbench.tps;
    const target = TARGET_RATIO[MODE];
    console.log(
      `ratio random/pgbench: ${fixed(randomRatio, 2)} (target >= ${target}) ${randomRatio >= target ? 'met' : 'NOT met'}`,
    );
  }
  if (random && hot) {
    const hotRatio = hot.entriesPerSecond / random.entriesPerSecond;
    console.log(
      `ratio hot/random:     ${fixed(hotRatio, 2)} (target >= 0.8) ${hotRatio >= 0.8 ? 'met' : 'NOT met'}`,
    );
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
