// Journal-entry throughput over HTTP on PostgreSQL, next to pgbench's TPC-B on the same server
// (issue 2, "Benchmark"). Two runs: entries between random accounts, and entries that all debit one
// (hot) account. One entry = create the draft + post it, two HTTP requests with an API key.
//
//   npm run bench:journal      BENCH_ENTRIES, BENCH_WARMUP, BENCH_CLIENTS, BENCH_PGBENCH_SECONDS,
//                              BENCH_IDEMPOTENCY (1: send Idempotency-Key on every write), BENCH_DATABASE_URL
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

/** Creates a balanced two-line draft and posts it; records the entry's and each step's latency. */
async function postEntry(
  books: Books,
  debit: Account,
  credit: Account,
  entry: Latencies,
  steps: StepLatencies,
) {
  const value = amount();
  const keyHeader = (): Record<string, string> => (IDEMPOTENCY ? { 'idempotency-key': randomUUID() } : {});
  const start = performance.now();
  const draft = await steps.time('create draft', () =>
    books.api.post(
      '/api/v1/journal-entries',
      {
        txn_date: today(),
        memo: 'bench',
        lines: [
          { account: debit.id, debit: value },
          { account: credit.id, credit: value },
        ],
      },
      keyHeader(),
    ),
  );
  await steps.time('post', () =>
    books.api.post(`/api/v1/journal-entries/${draft.body.id}/post`, undefined, keyHeader()),
  );
  entry.add(performance.now() - start);
}

async function measure(
  name: string,
  books: Books,
  service: Service,
  database: string,
  choose: () => [Account, Account],
): Promise<RunFigures> {
  await runConcurrently(WARMUP, CLIENTS, () =>
    postEntry(books, ...choose(), new Latencies(), new StepLatencies()),
  );
  await vacuumAnalyze(database);
  const entry = new Latencies();
  const steps = new StepLatencies();
  const cpuBefore = await cpuSnapshot(service.pid, databaseUrl('postgres'), database);
  const result = await runConcurrently(ENTRIES, CLIENTS, () => postEntry(books, ...choose(), entry, steps));
  const cpu = cpuPerOperation(
    cpuBefore,
    await cpuSnapshot(service.pid, databaseUrl('postgres'), database),
    result.count,
  );
  const figures = {
    name,
    entriesPerSecond: rate(result.count, result.elapsedMs),
    entry,
    steps,
    count: result.count,
    seconds: result.elapsedMs / 1000,
  };
  console.log(
    `${name}: ${result.count} entries in ${fixed(figures.seconds)} s = ${fixed(figures.entriesPerSecond)} entries/s; ` +
      `per entry ${entry.summary()}` +
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
      `entry = POST /journal-entries + POST /journal-entries/{id}/post with an API key` +
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
    console.log(
      `ratio random/pgbench: ${fixed(randomRatio, 2)} (target >= 0.6) ${randomRatio >= 0.6 ? 'met' : 'NOT met'}`,
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
