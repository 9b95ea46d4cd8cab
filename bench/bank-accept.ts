// Accepting bank rule suggestions (D75) over HTTP on PostgreSQL, next to pgbench's TPC-B on the same
// server: each round pushes BENCH_LINES bank lines (1000, the most one request takes) and accepts
// all their suggestions in ONE request, POST /bank-transactions/accept-suggestions: every line posted
// as a journal entry (a spend with its tax split off, a transfer, a receive) and matched. The rules
// include BENCH_RULES that never match, so every line is compared with all of them.
//
//   npm run bench:bank-accept   BENCH_LINES, BENCH_ROUNDS, BENCH_RULES, BENCH_PGBENCH_CLIENTS,
//                               BENCH_PGBENCH_SECONDS, BENCH_DATABASE_URL
import { randomUUID } from 'node:crypto';
import { cleanup, onCleanup } from './lib/cleanup.ts';
import { signUpWithKey, today } from './lib/folio.ts';
import { intOption } from './lib/options.ts';
import { PgbenchBracket } from './lib/pgbench.ts';
import { createScratchDatabase, serverSettings, vacuumAnalyze } from './lib/postgres.ts';
import { startService } from './lib/service.ts';
import { fixed, Latencies, machineLoad, rate } from './lib/stats.ts';

const LINES = intOption('BENCH_LINES', 1000);
const ROUNDS = intOption('BENCH_ROUNDS', 5);
const FILLER_RULES = intOption('BENCH_RULES', 50);
const PGBENCH_CLIENTS = intOption('BENCH_PGBENCH_CLIENTS', 8);
const PGBENCH_SECONDS = intOption('BENCH_PGBENCH_SECONDS', 10);

/** A bank line: two thirds staples (spend, taxed), then savings transfers and interest received. */
function line(round: number, index: number) {
  const cents = 100 + ((index * 7919) % 99_900);
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const kind = index % 6;
  const description =
    kind < 4 ? `STAPLES #${index}` : kind === 4 ? `Transfer to savings ${index}` : 'Interest';
  return {
    date: today(),
    amount: kind === 5 ? amount : `-${amount}`,
    description,
    bank_reference: `bench-${round}-${index}`,
  };
}

async function main() {
  console.log(`Folio bank accept-suggestions benchmark, ${new Date().toISOString()}`);
  console.log(`machine: ${await machineLoad()}`);
  const settings = await serverSettings();
  console.log(
    `PostgreSQL ${settings.server_version}: fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}`,
  );
  console.log(
    `workload: ${ROUNDS} rounds (after one warm-up) of ${LINES} pushed lines accepted in one request; ` +
      `${FILLER_RULES} rules that never match ahead of the 3 that do`,
  );
  const pgbench = new PgbenchBracket({ clients: PGBENCH_CLIENTS, threads: 2, seconds: PGBENCH_SECONDS });
  await pgbench.run('before');

  const database = await createScratchDatabase('bank_accept');
  onCleanup(() => database.drop());
  const service = await startService(database.url);
  onCleanup(() => service.stop());
  const books = await signUpWithKey(service.baseUrl, 2);
  onCleanup(async () => books.connections.close());
  const account = (number: string) => books.accounts.find((candidate) => candidate.number === number)!.id;
  const checking = account('1000');
  const rate8 = await books.api.post('/api/v1/tax-rates', { name: 'Bench tax', rate: '8.2500' });
  for (let index = 0; index < FILLER_RULES; index++) {
    await books.api.post('/api/v1/bank-rules', {
      name: `Never ${index}`,
      priority: index,
      conditions: [
        { field: 'payee', operator: 'equals', value: `nobody ${index}` },
        { field: 'amount', operator: 'gt', value: '1000000.00' },
      ],
      match: 'any',
      action: { kind: 'spend', account: account('6000') },
    });
  }
  const rules = [
    {
      name: 'Supplies',
      conditions: [{ field: 'description', operator: 'starts_with', value: 'staples' }],
      action: { kind: 'spend', account: account('6300'), tax_rate: rate8.body.id, memo: 'Supplies' },
    },
    {
      name: 'Savings',
      direction: 'out',
      conditions: [{ field: 'description', operator: 'contains', value: 'to savings' }],
      action: { kind: 'transfer', account: account('1050') },
    },
    {
      name: 'Interest',
      direction: 'in',
      conditions: [{ field: 'description', operator: 'equals', value: 'interest' }],
      action: { kind: 'receive', account: account('4000') },
    },
  ];
  for (const rule of rules) {
    await books.api.post('/api/v1/bank-rules', { priority: FILLER_RULES + 1, ...rule });
  }

  const latencies = new Latencies();
  let entries = 0;
  let acceptMs = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    const pushed = await books.api.post('/api/v1/bank-transactions', {
      account: checking,
      transactions: Array.from({ length: LINES }, (_, index) => line(round, index)),
    });
    const ids = pushed.body.results.map((row: { id: string }) => row.id);
    if (round === 1) await vacuumAnalyze(database.name);
    const start = performance.now();
    const accepted = await books.api.post(
      '/api/v1/bank-transactions/accept-suggestions',
      { ids },
      { 'idempotency-key': randomUUID() },
    );
    const ms = performance.now() - start;
    if (accepted.body.results.length !== LINES) throw new Error('not every suggestion was accepted');
    const label = round === 0 ? 'warm-up' : `round ${round}`;
    console.log(
      `${label}: ${LINES} suggestions accepted in one request in ${fixed(ms)} ms = ${fixed(rate(LINES, ms))} entries/s`,
    );
    if (round === 0) continue;
    latencies.add(ms);
    entries += LINES;
    acceptMs += ms;
  }
  console.log(`service peak RSS (VmHWM): ${fixed((await service.peakRssKb()) / 1024)} MiB`);
  await pgbench.run('after');
  const entriesPerSecond = rate(entries, acceptMs);
  console.log(
    `accept-suggestions: ${entries} entries in ${ROUNDS} requests, ${fixed(entriesPerSecond)} entries/s; per request ${latencies.summary()}`,
  );
  console.log(`pgbench reference: ${pgbench.describe()}`);
  console.log(`ratio entries/s to pgbench tps: ${fixed(entriesPerSecond / pgbench.tps, 2)}`);
  console.log(`machine after: ${await machineLoad()}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
