// Many organizations at once (issue 22): BENCH_ORGANIZATIONS sets of books, each with one client
// posting one-request journal entries (D58) with its own API key, all at the same time, beside
// pgbench's TPC-B at `-s <organizations>` (one branch per client, so pgbench is not serialized on one
// row either) on the same server. One organization's entries are capped by its commit order (D32,
// the change-feed counter); many organizations must not be: target at least 0.5x pgbench tps.
//
// For contrast the same number of entries is then posted by the same number of clients into ONE
// organization. With BENCH_CITUS_URL (a coordinator database migrated with FOLIO_CITUS=1, made by
// scripts/citus-cluster.sh) the many-organizations run is repeated against the cluster, and the
// machine's CPU per entry (all processes: /proc/stat) is printed for both, so the cost of routing
// each statement through the coordinator reads as the difference.
//
//   npm run bench:organizations   BENCH_ORGANIZATIONS (16), BENCH_ENTRIES (3200), BENCH_WARMUP (320),
//                                 BENCH_PGBENCH_SECONDS (15), BENCH_DATABASE_URL, BENCH_CITUS_URL
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { cleanup, onCleanup } from './lib/cleanup.ts';
import { runConcurrently } from './lib/concurrency.ts';
import { type Account, type Books, signUpWithKey, today } from './lib/folio.ts';
import { intOption } from './lib/options.ts';
import { PgbenchBracket } from './lib/pgbench.ts';
import { createScratchDatabase, databaseUrl, serverSettings, vacuumAnalyze } from './lib/postgres.ts';
import { cpuByRole, perUnit, postmasterPid, type Role } from './lib/process-cpu.ts';
import { startService } from './lib/service.ts';
import { fixed, Latencies, machineLoad, rate } from './lib/stats.ts';

const ORGANIZATIONS = intOption('BENCH_ORGANIZATIONS', 16);
const ENTRIES = intOption('BENCH_ENTRIES', 3200);
const WARMUP = intOption('BENCH_WARMUP', 320);
const PGBENCH_SECONDS = intOption('BENCH_PGBENCH_SECONDS', 15);
const CITUS_URL = process.env.BENCH_CITUS_URL;
const TARGET_RATIO = 0.5;

/** Busy CPU milliseconds of the whole machine so far (every process: service, PostgreSQL, client). */
async function machineBusyMs(): Promise<number> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 10;
}

/** `folio check` over every organization of `databaseUrl`, as an operator runs it: its wall time. */
async function timeCheck(label: string, databaseUrl: string): Promise<number> {
  const start = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/check.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    maxBuffer: 16 * 1024 * 1024,
  });
  const seconds = (performance.now() - start) / 1000;
  console.log(`folio check on ${label}: ${fixed(seconds, 2)} s, ${stdout.trim().split('\n').at(-1)}`);
  return seconds;
}

/** Each node of the cluster behind the coordinator at `url`, by role and port, as a URL. */
async function citusNodes(url: string): Promise<Record<string, string>> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ nodeport: number; groupid: number }>(
    'SELECT nodeport, groupid FROM pg_dist_node ORDER BY groupid',
  );
  await client.end();
  const nodes: Record<string, string> = {};
  for (const row of rows) {
    const node = new URL(url);
    node.port = String(row.nodeport);
    nodes[row.groupid === 0 ? 'coordinator' : `worker ${row.nodeport}`] = node.toString();
  }
  return nodes;
}

interface Ledger {
  books: Books;
  bank: Account;
  income: Account;
}

/** New books; `sockets` is how many requests its clients may have in flight at once. */
async function ledgerOf(baseUrl: string, sockets: number): Promise<Ledger> {
  const books = await signUpWithKey(baseUrl, sockets);
  const bank = books.accounts.find((account) => account.type === 'asset');
  const income = books.accounts.find((account) => account.type === 'income');
  if (!bank || !income) throw new Error('the default chart has no asset or income account');
  return { books, bank, income };
}

function postEntry(ledger: Ledger, latencies?: Latencies) {
  const value = `${1 + Math.floor(Math.random() * 9999)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  const start = performance.now();
  return ledger.books.api
    .post(
      '/api/v1/journal-entries',
      {
        txn_date: today(),
        memo: 'bench',
        post: true,
        lines: [
          { account: ledger.bank.id, debit: value },
          { account: ledger.income.id, credit: value },
        ],
      },
      { 'idempotency-key': randomUUID() },
    )
    .then(() => latencies?.add(performance.now() - start));
}

interface Figures {
  label: string;
  perSecond: number;
  latencies: Latencies;
  cpuMsPerEntry: number;
  /** CPU ms per entry of each process measured (service, each server, client). */
  byProcess: { name: string; msPerUnit: number }[];
}

/** `count` entries by `ledgers.length` clients, client i writing into ledgers[i]. */
async function measure(
  label: string,
  ledgers: Ledger[],
  count: number,
  roles: Role[] = [],
): Promise<Figures> {
  const latencies = new Latencies();
  const busyBefore = await machineBusyMs();
  const rolesBefore = await cpuByRole(roles);
  const result = await runConcurrently(count, ledgers.length, (_, client) =>
    postEntry(ledgers[client] as Ledger, latencies),
  );
  const cpuMsPerEntry = ((await machineBusyMs()) - busyBefore) / result.count;
  const byProcess = roles.length > 0 ? perUnit(rolesBefore, await cpuByRole(roles), result.count) : [];
  if (byProcess.length > 0) {
    console.log(
      `  CPU per entry by process: ${byProcess.map((r) => `${r.name} ${fixed(r.msPerUnit, 2)} ms`).join(', ')}`,
    );
  }
  const figures = {
    label,
    perSecond: rate(result.count, result.elapsedMs),
    latencies,
    cpuMsPerEntry,
    byProcess,
  };
  console.log(
    `${label}: ${result.count} entries in ${fixed(result.elapsedMs / 1000, 2)} s = ` +
      `${fixed(figures.perSecond)} entries/s; latency ${latencies.summary()}; machine CPU ${fixed(cpuMsPerEntry, 2)} ms per entry`,
  );
  return figures;
}

/** The processes whose CPU an entry costs: the service, each server of `databases`, this client. */
async function rolesOf(service: { pid: number }, databases: Record<string, string>): Promise<Role[]> {
  const servers: Role[] = [];
  for (const [name, url] of Object.entries(databases))
    servers.push({ name, pid: await postmasterPid(url), children: true });
  return [{ name: 'service', pid: service.pid }, ...servers, { name: 'client', pid: process.pid }];
}

/** Signs up the organizations on `databaseUrl`'s service, warms up, and measures them all at once. */
async function manyOrganizations(
  label: string,
  serviceDatabaseUrl: string,
  analyze: () => Promise<void>,
  servers: Record<string, string>,
) {
  const service = await startService(serviceDatabaseUrl);
  onCleanup(() => service.stop());
  const ledgers: Ledger[] = [];
  // One socket per organization: each set of books has exactly one writer, as a small business does.
  for (let index = 0; index < ORGANIZATIONS; index++) ledgers.push(await ledgerOf(service.baseUrl, 1));
  onCleanup(async () => {
    for (const ledger of ledgers) ledger.books.connections.close();
  });
  await runConcurrently(WARMUP, ledgers.length, (_, client) => postEntry(ledgers[client] as Ledger));
  await analyze();
  const roles = await rolesOf(service, servers);
  const many = await measure(`${label}, ${ORGANIZATIONS} organizations at once`, ledgers, ENTRIES, roles);
  return { service, ledgers, many };
}

async function main() {
  console.log(`Folio: ${ORGANIZATIONS} organizations posting at once, ${new Date().toISOString()}`);
  console.log(`machine: ${await machineLoad()}`);
  console.log(`server: ${JSON.stringify(await serverSettings())}`);
  const pgbench = new PgbenchBracket({
    clients: ORGANIZATIONS,
    threads: 2,
    seconds: PGBENCH_SECONDS,
    scale: ORGANIZATIONS,
  });
  await pgbench.run('before');

  const database = await createScratchDatabase('organizations');
  onCleanup(() => database.drop());
  const { service, many } = await manyOrganizations(
    'PostgreSQL',
    databaseUrl(database.name),
    () => vacuumAnalyze(database.name),
    { postgresql: databaseUrl(database.name) },
  );
  // The contrast: as many clients, all in one organization's books (D32 orders its commits).
  const shared = await ledgerOf(service.baseUrl, ORGANIZATIONS);
  onCleanup(async () => shared.books.connections.close());
  await runConcurrently(WARMUP, ORGANIZATIONS, () => postEntry(shared));
  const one = await measure(
    `PostgreSQL, one organization, ${ORGANIZATIONS} clients`,
    Array.from({ length: ORGANIZATIONS }, () => shared),
    ENTRIES,
  );
  await service.stop();
  const checkPostgres = await timeCheck('PostgreSQL', databaseUrl(database.name));

  let citus: Figures | undefined;
  let checkCitus: number | undefined;
  if (CITUS_URL) {
    const run = await manyOrganizations(
      'Citus (coordinator and two workers, this machine)',
      CITUS_URL,
      async () => {
        // The books on the cluster are analyzed by their own VACUUM on each node (Citus propagates it).
        const pg = (await import('pg')).default;
        const client = new pg.Client({ connectionString: CITUS_URL });
        await client.connect();
        await client.query('VACUUM (ANALYZE)');
        await client.end();
      },
      await citusNodes(CITUS_URL),
    );
    citus = run.many;
    await run.service.stop();
    checkCitus = await timeCheck('Citus', CITUS_URL);
  }
  await pgbench.run('after');

  const ratio = many.perSecond / pgbench.tps;
  console.log('\nSummary');
  console.log(`pgbench: ${pgbench.describe()}`);
  console.log(
    `${ORGANIZATIONS} organizations at once on PostgreSQL: ${fixed(many.perSecond)} entries/s = ` +
      `${fixed(ratio, 2)}x pgbench (target >= ${TARGET_RATIO}x): ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}`,
  );
  // What the target leaves per entry: the machine's cores at 0.5x pgbench's rate, against what the
  // database alone spends on a posting and on a pgbench transaction.
  const cores = availableParallelism();
  const budget = (cores * 1000) / (TARGET_RATIO * pgbench.tps);
  const postgresPerEntry = many.byProcess.find((p) => p.name === 'postgresql')?.msPerUnit ?? Number.NaN;
  console.log(
    `CPU budget per entry at ${TARGET_RATIO}x pgbench on ${cores} cores: ${fixed(budget, 2)} ms for everything; ` +
      `PostgreSQL alone spends ${fixed(postgresPerEntry, 2)} ms per entry, ${fixed(pgbench.serverCpuMs, 2)} ms per pgbench transaction`,
  );
  console.log(
    `one organization, same clients: ${fixed(one.perSecond)} entries/s ` +
      `(${fixed(many.perSecond / one.perSecond, 2)}x less than many)`,
  );
  if (citus) {
    console.log(
      `${ORGANIZATIONS} organizations at once on Citus: ${fixed(citus.perSecond)} entries/s = ` +
        `${fixed(citus.perSecond / pgbench.tps, 2)}x pgbench, ${fixed(citus.perSecond / many.perSecond, 2)}x PostgreSQL`,
    );
    console.log(
      `machine CPU per entry: PostgreSQL ${fixed(many.cpuMsPerEntry, 2)} ms, Citus ${fixed(citus.cpuMsPerEntry, 2)} ms: ` +
        `routing through the coordinator costs ${fixed(citus.cpuMsPerEntry - many.cpuMsPerEntry, 2)} ms per entry`,
    );
  }
  // The PostgreSQL books hold one organization more (the contrast run's) than the cluster's.
  console.log(
    `folio check: PostgreSQL ${fixed(checkPostgres, 2)} s` +
      (checkCitus === undefined
        ? ''
        : `, Citus ${fixed(checkCitus, 2)} s (${fixed(checkCitus / checkPostgres, 2)}x)`),
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanup);
