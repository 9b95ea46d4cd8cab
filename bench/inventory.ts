// Selling inventory items (issue 11, "Benchmark"): the invoice lifecycle of bench/invoices.ts
// (create customer, create invoice with 3 lines, send, pay in full) with and without inventory items
// on its lines, 16 clients, next to the same run's pgbench tps; and 16 clients selling one hot item.
// Stock is received by bills first (one opened bill per item). Not a test: it prints.
//
//   npm run bench:inventory   BENCH_LIFECYCLES (600), BENCH_WARMUP (60), BENCH_CLIENTS (16),
//                             BENCH_ITEMS (300), BENCH_PGBENCH_SECONDS (15), BENCH_DATABASE_URL
import { randomUUID } from 'node:crypto';
import { cleanup, onCleanup } from './lib/cleanup.ts';
import { runConcurrently } from './lib/concurrency.ts';
import { cpuPerOperation, cpuSnapshot, describeCpu } from './lib/cpu.ts';
import { type Books, signUpWithKey, today } from './lib/folio.ts';
import { intOption } from './lib/options.ts';
import { PgbenchBracket } from './lib/pgbench.ts';
import { createScratchDatabase, databaseUrl, serverSettings, vacuumAnalyze } from './lib/postgres.ts';
import { startService } from './lib/service.ts';
import { fixed, Latencies, machineLoad, rate, StepLatencies } from './lib/stats.ts';

const LIFECYCLES = intOption('BENCH_LIFECYCLES', 600);
const WARMUP = intOption('BENCH_WARMUP', 60);
const CLIENTS = intOption('BENCH_CLIENTS', 16);
const ITEMS = intOption('BENCH_ITEMS', 300);
const PGBENCH_SECONDS = intOption('BENCH_PGBENCH_SECONDS', 15);

interface Fixture {
  books: Books;
  salesAccountId: string;
  items: string[];
}

const price = (index: number) => `${10 + (index % 90)}.${String(index % 100).padStart(2, '0')}`;
const asPayment = (amount: string) => amount.replace(/^(-?\d+\.\d{2})00$/, '$1');

/** One lifecycle; with `items`, each line names one (3 of them, so the sale moves 3 items' stock). */
async function lifecycle(
  fixture: Fixture,
  index: number,
  items: string[] | null,
  total: Latencies,
  steps: StepLatencies,
) {
  const { api } = fixture.books;
  const start = performance.now();
  const customer = await steps.time('create customer', () =>
    api.post('/api/v1/customers', { display_name: `Customer ${index} ${randomUUID().slice(0, 8)}` }),
  );
  const lines = [0, 1, 2].map((line) =>
    items
      ? { item: items[line], quantity: '1', unit_price: price(index + line) }
      : {
          description: 'Goods',
          quantity: '1',
          unit_price: price(index + line),
          income_account: fixture.salesAccountId,
        },
  );
  const invoice = await steps.time('create invoice', () =>
    api.post('/api/v1/invoices', { customer: customer.body.id, lines }),
  );
  const sent = await steps.time('send', () => api.post(`/api/v1/invoices/${invoice.body.id}/send`, {}));
  const amount = asPayment(sent.body.total);
  await steps.time('pay in full', () =>
    api.post('/api/v1/payments-received', {
      customer: customer.body.id,
      payment_date: today(),
      amount,
      method: 'ach',
      applications: [{ invoice_id: invoice.body.id, amount }],
    }),
  );
  total.add(performance.now() - start);
}

async function measure(
  label: string,
  fixture: Fixture,
  service: { pid: number },
  databaseName: string,
  itemsFor: (index: number) => string[] | null,
  offset: number,
) {
  const total = new Latencies();
  const steps = new StepLatencies();
  const before = await cpuSnapshot(service.pid, databaseUrl('postgres'), databaseName);
  const result = await runConcurrently(LIFECYCLES, CLIENTS, (index) =>
    lifecycle(fixture, offset + index, itemsFor(index), total, steps),
  );
  const after = await cpuSnapshot(service.pid, databaseUrl('postgres'), databaseName);
  const perSecond = rate(result.count, result.elapsedMs);
  const cpu = cpuPerOperation(before, after, result.count);
  console.log(`${label}: ${fixed(perSecond)} lifecycles/s; per lifecycle ${total.summary()}`);
  console.log(`  ${describeCpu(cpu, 'lifecycle')}`);
  for (const [step, latencies] of steps.steps) console.log(`  ${step.padEnd(16)} ${latencies.summary()}`);
  return { perSecond, cpu, send: steps.steps.get('send')! };
}

async function main() {
  console.log(`Folio inventory sales benchmark, ${new Date().toISOString()}`);
  console.log(`machine: ${await machineLoad()}`);
  const settings = await serverSettings();
  console.log(
    `PostgreSQL ${settings.server_version}: fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}`,
  );
  console.log(
    `workload: ${CLIENTS} clients, ${WARMUP} warm-up + ${LIFECYCLES} lifecycles per run; lifecycle = create customer, ` +
      'create invoice (3 lines), send, pay in full; stocked runs name 3 inventory items of ' +
      `${ITEMS} (stock received by bills first)`,
  );
  const pgbench = new PgbenchBracket({ clients: CLIENTS, threads: 2, seconds: PGBENCH_SECONDS });
  await pgbench.run('before');

  const database = await createScratchDatabase('inventory');
  onCleanup(() => database.drop());
  const service = await startService(database.url);
  onCleanup(() => service.stop());
  const books = await signUpWithKey(service.baseUrl, CLIENTS);
  onCleanup(async () => books.connections.close());
  const byNumber = new Map(books.accounts.map((account) => [account.number, account.id]));
  const fixture: Fixture = {
    books,
    salesAccountId: byNumber.get('4000')!,
    items: [],
  };
  const stockPerItem = Math.ceil(((WARMUP + LIFECYCLES) * 3) / ITEMS) + 10;
  const vendor = await books.api.post('/api/v1/vendors', { display_name: 'Bench Supplier' });
  await runConcurrently(ITEMS + 1, CLIENTS, async (index) => {
    const item = await books.api.post('/api/v1/items', {
      name: `Item ${index}`,
      type: 'inventory',
      sale_price: '25.00',
      income_account: fixture.salesAccountId,
    });
    const bill = await books.api.post('/api/v1/bills', {
      vendor: vendor.body.id,
      bill_date: today(),
      lines: [
        {
          item: item.body.id,
          quantity: String(index === ITEMS ? (WARMUP + LIFECYCLES) * 3 : stockPerItem),
          unit_cost: `${1 + (index % 7)}.3333`,
        },
      ],
    });
    const opened = await books.api.post(`/api/v1/bills/${bill.body.id}/open`, {});
    if (opened.status !== 200) throw new Error(`bill not opened: ${JSON.stringify(opened.body)}`);
    fixture.items[index] = item.body.id;
  });
  const hot = fixture.items[ITEMS]!;
  const spread = (index: number) => [0, 1, 2].map((line) => fixture.items[(index * 3 + line) % ITEMS]!);

  await runConcurrently(WARMUP, CLIENTS, (index) =>
    lifecycle(fixture, index, index % 2 ? spread(index) : null, new Latencies(), new StepLatencies()),
  );
  await vacuumAnalyze(database.name);

  const plain = await measure('service-only lines', fixture, service, database.name, () => null, 10_000);
  const stocked = await measure(
    'inventory items (3 of 300)',
    fixture,
    service,
    database.name,
    spread,
    20_000,
  );
  const hotRun = await measure(
    'one hot item on every line',
    fixture,
    service,
    database.name,
    () => [hot, hot, hot],
    30_000,
  );
  console.log(`service peak RSS (VmHWM): ${fixed((await service.peakRssKb()) / 1024)} MiB`);
  await books.connections.close();
  await service.stop();
  await pgbench.run('after');
  console.log(`pgbench reference: ${pgbench.describe()}`);
  console.log(`machine after: ${await machineLoad()}`);
  const cpuOf = (run: typeof plain) => run.cpu.service + run.cpu.postgres;
  console.log(
    `ratio to pgbench: service-only ${fixed(plain.perSecond / pgbench.tps, 3)}, stocked ${fixed(stocked.perSecond / pgbench.tps, 3)}, hot item ${fixed(hotRun.perSecond / pgbench.tps, 3)}`,
  );
  console.log(
    `what stock bookkeeping adds per sale (3 inventory lines): send p50 ${fixed(stocked.send.percentile(50) - plain.send.percentile(50))} ms, ` +
      `service+PostgreSQL CPU ${fixed(cpuOf(stocked) - cpuOf(plain), 2)} ms per lifecycle`,
  );
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
