// Invoice lifecycle throughput over HTTP on PostgreSQL, next to pgbench's TPC-B on the same server
// (issue 3, "Benchmark"). One lifecycle = create a customer, create an invoice with three lines (one
// taxed), send it (posts its entry), receive a payment of the full total applied to it.
//
//   npm run bench:invoices     BENCH_LIFECYCLES, BENCH_WARMUP, BENCH_CLIENTS, BENCH_PGBENCH_SECONDS,
//                              BENCH_IDEMPOTENCY (1: send Idempotency-Key on every write), BENCH_DATABASE_URL
import { randomUUID } from 'node:crypto';
import { cleanup, onCleanup } from './lib/cleanup.ts';
import { runConcurrently } from './lib/concurrency.ts';
import { cpuPerOperation, cpuSnapshot, describeCpu } from './lib/cpu.ts';
import { type Books, signUpWithKey, today } from './lib/folio.ts';
import { boolOption, intOption } from './lib/options.ts';
import { PgbenchBracket } from './lib/pgbench.ts';
import { createScratchDatabase, databaseUrl, serverSettings, vacuumAnalyze } from './lib/postgres.ts';
import { startService } from './lib/service.ts';
import { fixed, Latencies, machineLoad, rate, StepLatencies } from './lib/stats.ts';

const LIFECYCLES = intOption('BENCH_LIFECYCLES', 1000);
const WARMUP = intOption('BENCH_WARMUP', 100);
const CLIENTS = intOption('BENCH_CLIENTS', 16);
const PGBENCH_SECONDS = intOption('BENCH_PGBENCH_SECONDS', 15);
const IDEMPOTENCY = boolOption('BENCH_IDEMPOTENCY', true);

interface Fixture {
  books: Books;
  taxRateId: string;
  salesAccountId: string;
  servicesAccountId: string;
}

const keyHeader = (): Record<string, string> => (IDEMPOTENCY ? { 'idempotency-key': randomUUID() } : {});
const price = () =>
  `${10 + Math.floor(Math.random() * 990)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

/** "123.4500" -> "123.45": the invoice total, as a client would send it back. */
const asPayment = (amount: string) => amount.replace(/^(-?\d+\.\d{2})00$/, '$1');

async function lifecycle(fixture: Fixture, index: number, total: Latencies, steps: StepLatencies) {
  const { api } = fixture.books;
  const start = performance.now();
  const customer = await steps.time('create customer', () =>
    api.post(
      '/api/v1/customers',
      {
        display_name: `Customer ${index} ${randomUUID().slice(0, 8)}`,
        email: `c${index}@example.test`,
        payment_terms: 'net_30',
      },
      keyHeader(),
    ),
  );
  const invoice = await steps.time('create invoice', () =>
    api.post(
      '/api/v1/invoices',
      {
        customer: customer.body.id,
        lines: [
          {
            description: 'Consulting',
            quantity: '3',
            unit_price: price(),
            income_account: fixture.servicesAccountId,
          },
          {
            description: 'Widgets',
            quantity: '2.5',
            unit_price: price(),
            income_account: fixture.salesAccountId,
            is_taxable: true,
            tax_rate: fixture.taxRateId,
          },
          {
            description: 'Delivery',
            quantity: '1',
            unit_price: price(),
            income_account: fixture.salesAccountId,
          },
        ],
      },
      keyHeader(),
    ),
  );
  const sent = await steps.time('send', () =>
    api.post(`/api/v1/invoices/${invoice.body.id}/send`, {}, keyHeader()),
  );
  const amount = asPayment(sent.body.total);
  const payment = await steps.time('pay in full', () =>
    api.post(
      '/api/v1/payments-received',
      {
        customer: customer.body.id,
        payment_date: today(),
        amount,
        method: 'ach',
        reference: `ACH-${index}`,
        applications: [{ invoice_id: invoice.body.id, amount }],
      },
      keyHeader(),
    ),
  );
  if (!payment.body.id) throw new Error(`payment answered without an id: ${JSON.stringify(payment.body)}`);
  total.add(performance.now() - start);
}

async function main() {
  console.log(`Folio invoice lifecycle benchmark, ${new Date().toISOString()}`);
  console.log(`machine: ${await machineLoad()}`);
  const settings = await serverSettings();
  console.log(
    `PostgreSQL ${settings.server_version}: fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}, ` +
      `autovacuum=${settings.autovacuum} (VACUUM ANALYZE after the warm-up)`,
  );
  console.log(
    `workload: ${CLIENTS} concurrent clients, ${WARMUP} warm-up + ${LIFECYCLES} measured lifecycles; ` +
      'lifecycle = create customer, create invoice (3 lines, 1 taxed), send, pay in full' +
      (IDEMPOTENCY ? '; Idempotency-Key on every write' : ''),
  );

  const pgbench = new PgbenchBracket({ clients: CLIENTS, threads: 2, seconds: PGBENCH_SECONDS });
  await pgbench.run('before');

  const database = await createScratchDatabase('invoices');
  onCleanup(() => database.drop());
  const service = await startService(database.url);
  onCleanup(() => service.stop());
  const books = await signUpWithKey(service.baseUrl, CLIENTS);
  onCleanup(async () => books.connections.close());
  const taxRate = await books.api.post('/api/v1/tax-rates', { name: 'Bench sales tax', rate: '8.25' });
  const byNumber = new Map(books.accounts.map((account) => [account.number, account.id]));
  const fixture: Fixture = {
    books,
    taxRateId: taxRate.body.id,
    salesAccountId: byNumber.get('4000')!,
    servicesAccountId: byNumber.get('4100') ?? byNumber.get('4000')!,
  };

  await runConcurrently(WARMUP, CLIENTS, (index) =>
    lifecycle(fixture, index, new Latencies(), new StepLatencies()),
  );
  await vacuumAnalyze(database.name);
  const total = new Latencies();
  const steps = new StepLatencies();
  const cpuBefore = await cpuSnapshot(service.pid, databaseUrl('postgres'), database.name);
  const result = await runConcurrently(LIFECYCLES, CLIENTS, (index) =>
    lifecycle(fixture, WARMUP + index, total, steps),
  );
  const perSecond = rate(result.count, result.elapsedMs);
  console.log(
    `lifecycles: ${result.count} in ${fixed(result.elapsedMs / 1000)} s = ${fixed(perSecond)} lifecycles/s ` +
      `(${fixed(perSecond * 4)} writes/s); per lifecycle ${total.summary()}`,
  );
  const cpuAfter = await cpuSnapshot(service.pid, databaseUrl('postgres'), database.name);
  console.log(`  ${describeCpu(cpuPerOperation(cpuBefore, cpuAfter, result.count), 'lifecycle')}`);
  for (const [step, latencies] of steps.steps) console.log(`  ${step.padEnd(16)} ${latencies.summary()}`);
  console.log(`service peak RSS (VmHWM): ${fixed((await service.peakRssKb()) / 1024)} MiB`);
  await books.connections.close();
  await service.stop();

  await pgbench.run('after');
  console.log(`pgbench reference: ${pgbench.describe()}`);
  console.log(`machine after: ${await machineLoad()}`);
  console.log(
    `ratio lifecycles/pgbench: ${fixed(perSecond / pgbench.tps, 3)}; writes/pgbench: ${fixed((perSecond * 4) / pgbench.tps, 2)}`,
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
