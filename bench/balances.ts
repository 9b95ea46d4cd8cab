// Balances after a million lines (Foundation issue: "Account balances and the trial balance must not
// need a scan of all journal lines: reading a balance after one million posted lines costs about
// what it costs after one hundred"). Reads a busy account's balance and the reports over HTTP with
// ~100 posted lines, bulk-loads posted entries up to BENCH_LINES lines straight into the tables in
// the shape posting writes, checks the books still agree with their lines, and reads again. The naive
// alternative (a sum over journal_lines) is timed beside it, and posting is timed before and after.
//
//   npm run bench:balances     BENCH_LINES, BENCH_DAYS, BENCH_READS, BENCH_WARMUP, BENCH_NAIVE_READS,
//                              BENCH_SEED_ENTRIES, BENCH_POSTS, BENCH_BATCH_ENTRIES, BENCH_DATABASE_URL
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { formatMoney, parseMoney } from '../src/domain/money.ts';
import { cleanup, onCleanup } from './lib/cleanup.ts';
import { type Books, signUpWithKey } from './lib/folio.ts';
import { chartOf, type LedgerChart, loadPostedEntries } from './lib/ledger-load.ts';
import { intOption } from './lib/options.ts';
import { createScratchDatabase, serverSettings } from './lib/postgres.ts';
import { startService } from './lib/service.ts';
import { fixed, Latencies, machineLoad } from './lib/stats.ts';

const LINES = intOption('BENCH_LINES', 1_000_000);
const DAYS = Math.max(1, intOption('BENCH_DAYS', 30));
const READS = intOption('BENCH_READS', 300);
const WARMUP = intOption('BENCH_WARMUP', 50);
const NAIVE_READS = intOption('BENCH_NAIVE_READS', 10);
const SEED_ENTRIES = intOption('BENCH_SEED_ENTRIES', 50);
const POSTS = intOption('BENCH_POSTS', 100);
const BATCH_ENTRIES = Math.max(1, intOption('BENCH_BATCH_ENTRIES', 50_000));

const DAY_MS = 86_400_000;
/** One calendar day for the whole run (UTC, the seeded books' timezone), so HTTP and SQL agree. */
const TODAY = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.parse(TODAY) - days * DAY_MS).toISOString().slice(0, 10);

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const amount = () =>
  `${1 + Math.floor(Math.random() * 9999)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

type Chart = LedgerChart;

/** Draft + post over HTTP, with an Idempotency-Key on both as an integration sends; returns ms. */
async function postEntry(books: Books, chart: Chart, txnDate: string): Promise<number> {
  const sale = Math.random() < 0.5;
  const [debit, credit] = sale ? [chart.busy, pick(chart.incomes)] : [pick(chart.expenses), chart.busy];
  const value = amount();
  const start = performance.now();
  const draft = await books.api.post(
    '/api/v1/journal-entries',
    {
      txn_date: txnDate,
      memo: 'bench',
      lines: [
        { account: debit.id, debit: value },
        { account: credit.id, credit: value },
      ],
    },
    { 'idempotency-key': randomUUID() },
  );
  await books.api.post(`/api/v1/journal-entries/${draft.body.id}/post`, undefined, {
    'idempotency-key': randomUUID(),
  });
  return performance.now() - start;
}

/** `count` entries one after the other, dated over the last DAYS days; per-entry latency. */
async function postSequentially(books: Books, chart: Chart, count: number, offset: number) {
  const latencies = new Latencies();
  for (let i = 0; i < count; i++) latencies.add(await postEntry(books, chart, daysAgo((offset + i) % DAYS)));
  return latencies;
}

// What GET /accounts/{id} runs for the balance (src/storage/stores/accounts.ts totals).
const SUMMARY_BALANCE_SQL = `SELECT account_id, sum(debit)::text AS debit, sum(credit)::text AS credit
   FROM account_balances
  WHERE organization_id = $1 AND ($2::uuid[] IS NULL OR account_id = ANY($2::uuid[]))
    AND ($3::date IS NULL OR day <= $3::date)
  GROUP BY account_id`;

// What the trial balance and balance sheet run (src/storage/stores/reports.ts accountSummary).
const SUMMARY_REPORT_SQL = `SELECT a.id AS account_id, a.number, a.name, a.type, s.debit, s.credit
   FROM (SELECT account_id, sum(debit)::text AS debit, sum(credit)::text AS credit
           FROM account_balances
          WHERE organization_id = $1 AND ($2::date IS NULL OR day >= $2::date) AND day <= $3::date
          GROUP BY account_id) s
   JOIN accounts a ON a.organization_id = $1 AND a.id = s.account_id
  ORDER BY a.number`;

// The naive alternatives: sums over every posted line.
const NAIVE_BALANCE_SQL = `SELECT coalesce(sum(l.debit), 0)::text AS debit, coalesce(sum(l.credit), 0)::text AS credit,
       count(*)::int AS lines
  FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
 WHERE l.organization_id = $1 AND l.account_id = $2 AND e.status = 'posted'`;
const NAIVE_TRIAL_BALANCE_SQL = `SELECT l.account_id, sum(l.debit)::text AS debit, sum(l.credit)::text AS credit
  FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
 WHERE l.organization_id = $1 AND e.status = 'posted'
 GROUP BY l.account_id`;

type Reads = Map<string, Latencies>;

async function timeRepeatedly(
  reads: Reads,
  name: string,
  warmup: number,
  count: number,
  read: () => Promise<void>,
) {
  for (let i = 0; i < warmup; i++) await read();
  const latencies = new Latencies();
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await read();
    latencies.add(performance.now() - start);
  }
  reads.set(name, latencies);
  console.log(`  ${name.padEnd(44)} ${describe(latencies)}`);
}

const describe = (latencies: Latencies, unit = 'reads') =>
  `p50 ${fixed(latencies.percentile(50), 2)} ms, p99 ${fixed(latencies.percentile(99), 2)} ms, ` +
  `mean ${fixed(latencies.mean(), 2)} ms (${latencies.count} ${unit})`;

/** The reads, one client, one after the other, each after its own warm-up. */
async function measureReads(books: Books, sql: pg.Client, chart: Chart): Promise<Reads> {
  const reads: Reads = new Map();
  const org = books.organizationId;
  await timeRepeatedly(
    reads,
    `GET /accounts/{id} (${chart.busy.number}, balance)`,
    WARMUP,
    READS,
    async () => {
      const response = await books.api.get(`/api/v1/accounts/${chart.busy.id}`);
      if (typeof response.body.balance !== 'string') throw new Error('account without balance');
    },
  );
  await timeRepeatedly(reads, 'GET /reports/trial-balance', WARMUP, READS, async () => {
    await books.api.get('/api/v1/reports/trial-balance');
  });
  await timeRepeatedly(reads, 'GET /reports/balance-sheet', WARMUP, READS, async () => {
    await books.api.get('/api/v1/reports/balance-sheet');
  });
  await timeRepeatedly(reads, 'GET /reports/trial-balance?format=csv', WARMUP, READS, async () => {
    const csv = await books.api.getText('/api/v1/reports/trial-balance?format=csv');
    if (!csv.contentType.startsWith('text/csv')) throw new Error(`not CSV: ${csv.contentType}`);
  });
  const ledger = `/api/v1/reports/general-ledger?account=${chart.busy.id}&from=${daysAgo(DAYS + 1)}&to=${TODAY}`;
  await timeRepeatedly(
    reads,
    `GET /reports/general-ledger (${chart.busy.number}), 1st page`,
    WARMUP,
    READS,
    async () => {
      const page = await books.api.get(ledger);
      if (page.body.lines.length === 0) throw new Error('an empty general ledger');
    },
  );
  // Following `next` page after page: a keyset page costs the same deep in the ledger as at its start.
  let next: string | null = null;
  await timeRepeatedly(
    reads,
    `GET /reports/general-ledger (${chart.busy.number}), next pages`,
    WARMUP,
    READS,
    async () => {
      const page = await books.api.get(next ?? ledger);
      next = page.body.next ? new URL(page.body.next).pathname + new URL(page.body.next).search : null;
    },
  );
  await timeRepeatedly(reads, 'SQL: balance from account_balances', WARMUP, READS, async () => {
    await sql.query({ name: 'summary', text: SUMMARY_BALANCE_SQL, values: [org, [chart.busy.id], null] });
  });
  const naiveWarmup = Math.min(WARMUP, 2);
  await timeRepeatedly(reads, 'SQL: naive balance over journal_lines', naiveWarmup, NAIVE_READS, async () => {
    await sql.query({ name: 'naive_balance', text: NAIVE_BALANCE_SQL, values: [org, chart.busy.id] });
  });
  await timeRepeatedly(
    reads,
    'SQL: naive trial balance over journal_lines',
    naiveWarmup,
    NAIVE_READS,
    async () => {
      await sql.query({ name: 'naive_trial', text: NAIVE_TRIAL_BALANCE_SQL, values: [org] });
    },
  );
  return reads;
}

interface PlanNode {
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
}

/**
 * Buffers (8 kB pages) a query touches, from EXPLAIN (ANALYZE, BUFFERS): unlike a latency it does not
 * move with the machine's load, so it shows plainly whether the work grows with the ledger.
 */
async function pagesTouched(sql: pg.Client, text: string, values: unknown[]): Promise<string> {
  const { rows } = await sql.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values);
  const [plan] = rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode; 'Execution Time': number }>;
  const pages = plan!.Plan['Shared Hit Blocks'] + plan!.Plan['Shared Read Blocks'];
  return `${pages} pages (${fixed(plan!['Execution Time'], 2)} ms in the executor)`;
}

/**
 * The service sends named prepared statements (src/storage/pg-adapter.ts), so after five runs
 * PostgreSQL may switch a statement to its generic plan, which cannot use `account_id = ANY($2)` as
 * an index condition behind `$2 IS NULL OR`: the pages that plan touches for the balance read.
 */
async function genericPlanPages(sql: pg.Client, organizationId: string, accountId: string) {
  await sql.query('BEGIN');
  try {
    await sql.query("SET LOCAL plan_cache_mode = 'force_generic_plan'");
    await sql.query(`PREPARE bench_generic_balance (uuid, uuid[], date) AS ${SUMMARY_BALANCE_SQL}`);
    const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
    return await pagesTouched(
      sql,
      `EXECUTE bench_generic_balance (${literal(organizationId)}, ARRAY[${literal(accountId)}]::uuid[], NULL)`,
      [],
    );
  } finally {
    await sql.query('ROLLBACK');
    await sql.query('DEALLOCATE bench_generic_balance'); // PREPARE outlives the rollback
  }
}

async function printPages(sql: pg.Client, organizationId: string, chart: Chart) {
  // The timed balance statement is prepared like the service's, so it makes the same plan choice.
  const [plans] = (
    await sql.query<{ generic_plans: string; custom_plans: string }>(
      `SELECT generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE name = 'summary'`,
    )
  ).rows;
  console.log(
    `  pages touched by the balance read with its generic plan: ${await genericPlanPages(sql, organizationId, chart.busy.id)}; ` +
      `the prepared balance statement timed above ran ${plans?.generic_plans ?? '?'} generic and ` +
      `${plans?.custom_plans ?? '?'} custom plans so far`,
  );
  console.log(
    `  pages touched: balance from account_balances ${await pagesTouched(sql, SUMMARY_BALANCE_SQL, [organizationId, [chart.busy.id], null])}; ` +
      `report summary ${await pagesTouched(sql, SUMMARY_REPORT_SQL, [organizationId, null, TODAY])}; ` +
      `naive balance ${await pagesTouched(sql, NAIVE_BALANCE_SQL, [organizationId, chart.busy.id])}`,
  );
}

async function postedLines(sql: pg.Client, organizationId: string): Promise<number> {
  const { rows } = await sql.query<{ lines: number }>(
    `SELECT count(*)::int AS lines FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
      WHERE l.organization_id = $1 AND e.status = 'posted'`,
    [organizationId],
  );
  return rows[0]!.lines;
}

/** The bulk load of bench/lib/ledger-load.ts, then what autovacuum would do in a ledger grown over months. */
async function bulkLoad(
  sql: pg.Client,
  organizationId: string,
  currency: string,
  chart: Chart,
  lines: number,
) {
  const entries = Math.floor(lines / 2);
  const start = performance.now();
  await loadPostedEntries(sql, {
    organizationId,
    currency,
    chart,
    entries,
    batchEntries: BATCH_ENTRIES,
    days: DAYS,
    today: TODAY,
  });
  const vacuumStart = performance.now();
  // Autovacuum would get there on its own in a ledger that grew over months; done here so the
  // "after" reads see settled tables and fresh statistics rather than the load's leftovers.
  await sql.query('VACUUM (ANALYZE) journal_entries, journal_lines, account_balances, sequences');
  const checkpointStart = performance.now();
  // The load wrote some hundred MB at once; without a checkpoint here, writing them out would
  // happen during the "after" reads. CHECKPOINT needs superuser or pg_checkpoint: skipped without.
  const checkpoint = await sql.query('CHECKPOINT').then(
    () => `CHECKPOINT ${fixed((performance.now() - checkpointStart) / 1000)} s`,
    (error: Error) => `no CHECKPOINT (${error.message})`,
  );
  console.log(
    `  loaded ${entries} entries (${entries * 2} lines) in ${fixed((vacuumStart - start) / 1000)} s, ` +
      `VACUUM (ANALYZE) ${fixed((checkpointStart - vacuumStart) / 1000)} s, ${checkpoint}`,
  );
}

class Inconsistent extends Error {}

/**
 * The API's figures against the lines themselves: the busy account's balance equals its posted lines'
 * debits minus credits, the trial balance's columns agree and each of its accounts nets to what the
 * lines net to, and the JE numbers are gapless up to the counter.
 */
async function checkConsistency(books: Books, sql: pg.Client, chart: Chart, label: string) {
  const org = books.organizationId;
  const problems: string[] = [];
  const account = (await books.api.get(`/api/v1/accounts/${chart.busy.id}`)).body;
  const [naive] = (await sql.query(NAIVE_BALANCE_SQL, [org, chart.busy.id])).rows;
  const fromLines = parseMoney(naive.debit) - parseMoney(naive.credit); // asset: debit-normal
  const balanceOk = parseMoney(account.balance) === fromLines;
  console.log(
    `  ${chart.busy.number} balance: API ${account.balance}, sum over its ${naive.lines} posted lines in SQL ` +
      `${naive.debit} - ${naive.credit} = ${formatMoney(fromLines)}: ${balanceOk ? 'equal' : 'DIFFERENT'}`,
  );
  if (!balanceOk) problems.push(`balance ${account.balance} != lines ${formatMoney(fromLines)}`);

  const trial = (await books.api.get('/api/v1/reports/trial-balance')).body;
  const columnsOk = trial.total_debit === trial.total_credit && trial.in_balance === true;
  console.log(
    `  trial balance: total debit ${trial.total_debit}, total credit ${trial.total_credit}, ` +
      `in_balance ${trial.in_balance}: ${columnsOk ? 'equal' : 'DIFFERENT'}`,
  );
  if (!columnsOk) problems.push(`trial balance ${trial.total_debit} != ${trial.total_credit}`);
  const lineNets = new Map<string, bigint>();
  for (const row of (await sql.query(NAIVE_TRIAL_BALANCE_SQL, [org])).rows) {
    const net = parseMoney(row.debit) - parseMoney(row.credit);
    if (net !== 0n) lineNets.set(row.account_id, net);
  }
  const reportNets = new Map<string, bigint>(
    trial.lines.map((line: { account: string; debit: string; credit: string }) => [
      line.account,
      parseMoney(line.debit) - parseMoney(line.credit),
    ]),
  );
  const differing = [...new Set([...lineNets.keys(), ...reportNets.keys()])].filter(
    (id) => lineNets.get(id) !== reportNets.get(id),
  );
  console.log(
    `  trial balance per account against the lines: ${reportNets.size} accounts, ` +
      `${differing.length === 0 ? 'all equal' : `${differing.length} DIFFERENT`}`,
  );
  if (differing.length > 0) problems.push(`trial balance differs from the lines for ${differing.join(', ')}`);

  const [numbers] = (
    await sql.query(
      `SELECT count(*)::int AS posted, count(DISTINCT entry_number)::int AS distinct_numbers,
              max(substring(entry_number FROM 4)::bigint)::int AS highest,
              (SELECT next_value - 1 FROM sequences WHERE organization_id = $1 AND name = 'journal_entry')::int AS counter
         FROM journal_entries WHERE organization_id = $1 AND status = 'posted'`,
      [org],
    )
  ).rows;
  const numbersOk =
    numbers.posted === numbers.distinct_numbers &&
    numbers.posted === numbers.highest &&
    numbers.highest === numbers.counter;
  console.log(
    `  JE numbers: ${numbers.posted} posted entries, highest JE-${numbers.highest}, counter at ${numbers.counter}: ` +
      `${numbersOk ? 'gapless' : 'NOT gapless'}`,
  );
  if (!numbersOk) problems.push(`JE numbers ${JSON.stringify(numbers)}`);
  if (problems.length > 0) throw new Inconsistent(`inconsistent ${label}: ${problems.join('; ')}`);
}

async function summaryRows(sql: pg.Client, organizationId: string, accountId: string) {
  const { rows } = await sql.query<{ organization: number; account: number }>(
    `SELECT count(*)::int AS organization, count(*) FILTER (WHERE account_id = $2)::int AS account
       FROM account_balances WHERE organization_id = $1`,
    [organizationId, accountId],
  );
  return rows[0]!;
}

async function tableSizes(sql: pg.Client): Promise<string> {
  const { rows } = await sql.query<{ name: string; size: string }>(
    `SELECT relname AS name, pg_size_pretty(pg_total_relation_size(oid)) AS size FROM pg_class
      WHERE relname IN ('journal_entries', 'journal_lines', 'account_balances') ORDER BY relname`,
  );
  return rows.map((row) => `${row.name} ${row.size}`).join(', ');
}

function printComparison(before: Reads, after: Reads) {
  console.log(
    '\nread                                          before p50 / p99 / mean      after p50 / p99 / mean   p50 after/before',
  );
  for (const [name, was] of before) {
    const now = after.get(name)!;
    const triple = (latencies: Latencies) =>
      `${fixed(latencies.percentile(50), 2)} / ${fixed(latencies.percentile(99), 2)} / ${fixed(latencies.mean(), 2)} ms`;
    console.log(
      `${name.padEnd(45)} ${triple(was).padStart(26)}   ${triple(now).padStart(26)}   ` +
        `${fixed(now.percentile(50) / was.percentile(50), 2)}x`,
    );
  }
}

/**
 * The busy account's whole general ledger as one CSV download (D57): streamed by the service in
 * chunks, so its memory should not grow with the ledger; prints time, size and the service's peak RSS.
 */
async function timeLedgerDownload(books: Books, chart: Chart, service: { peakRssKb(): Promise<number> }) {
  const rssBefore = await service.peakRssKb();
  const start = performance.now();
  const csv = await books.api.getText(
    `/api/v1/reports/general-ledger?account=${chart.busy.id}&from=${daysAgo(DAYS + 1)}&to=${TODAY}&format=csv`,
  );
  const seconds = (performance.now() - start) / 1000;
  const records = csv.text.split('\r\n').length - 2; // header and the final CRLF
  const megabytes = Buffer.byteLength(csv.text) / 1_048_576;
  console.log(
    `  general ledger CSV of ${chart.busy.number}, whole range: ${records} records (${fixed(megabytes, 1)} MiB) in ` +
      `${fixed(seconds, 2)} s = ${fixed(records / seconds, 0)} lines/s; service peak RSS ${fixed(rssBefore / 1024, 1)} MiB ` +
      `before, ${fixed((await service.peakRssKb()) / 1024, 1)} MiB after`,
  );
}

async function main() {
  console.log(`Folio balances benchmark, ${new Date().toISOString()}`);
  console.log(`machine: ${await machineLoad()}`);
  const settings = await serverSettings();
  console.log(
    `PostgreSQL ${settings.server_version}: fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}, ` +
      `shared_buffers=${settings.shared_buffers}x8kB`,
  );
  console.log(
    `workload: ~${SEED_ENTRIES * 2} posted lines over HTTP, reads, then a bulk load to ~${LINES} lines, ` +
      `reads again; entries dated over the last ${DAYS} days; ${READS} reads each (${NAIVE_READS} of the naive ` +
      `queries) after ${WARMUP} warm-up reads, one client, sequential`,
  );

  const database = await createScratchDatabase('balances');
  onCleanup(() => database.drop());
  const service = await startService(database.url);
  onCleanup(() => service.stop());
  const books = await signUpWithKey(service.baseUrl, 1);
  onCleanup(async () => books.connections.close());
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  onCleanup(() => sql.end());
  const chart = chartOf(books);
  const [organization] = (
    await sql.query<{ currency: string }>('SELECT currency FROM organizations WHERE id = $1', [
      books.organizationId,
    ])
  ).rows;
  console.log(
    `busy account: ${chart.busy.number} ${chart.busy.name}, on one side of every entry against one of ` +
      `${chart.incomes.length} income or ${chart.expenses.length} expense accounts`,
  );

  console.log(`\n1. ${SEED_ENTRIES} entries over HTTP (draft + post), one after the other`);
  const seeded = await postSequentially(books, chart, SEED_ENTRIES, 0);
  const linesBefore = await postedLines(sql, books.organizationId);
  const rowsBefore = await summaryRows(sql, books.organizationId, chart.busy.id);
  console.log(
    `  ${linesBefore} posted lines; summary rows: ${rowsBefore.organization} in the organization, ` +
      `${rowsBefore.account} for ${chart.busy.number}; per entry ${describe(seeded, 'entries')}`,
  );

  console.log(`\n2. reads with ${linesBefore} posted lines (${await machineLoad()})`);
  const readsBefore = await measureReads(books, sql, chart);
  await printPages(sql, books.organizationId, chart);

  console.log(
    `\n3. posting ${POSTS} entries over HTTP, one after the other, with ${linesBefore} lines in the ledger`,
  );
  const postsBefore = await postSequentially(books, chart, POSTS, SEED_ENTRIES);
  console.log(`  per entry (draft + post) ${describe(postsBefore, 'entries')}`);

  const toLoad = Math.max(0, LINES - (await postedLines(sql, books.organizationId)));
  console.log(
    `\n4. bulk load of ${toLoad} lines straight into the tables, in SQL batches of ${BATCH_ENTRIES} entries ` +
      `(posting them over HTTP one by one, at the ${fixed(postsBefore.mean(), 1)} ms per entry just measured, ` +
      `would take about ${fixed(((toLoad / 2) * postsBefore.mean()) / 60_000, 0)} minutes; the rows have the ` +
      `shape posting writes: numbered posted entries, their lines, the summary rows incremented)`,
  );
  await bulkLoad(sql, books.organizationId, organization!.currency, chart, toLoad);
  const linesAfter = await postedLines(sql, books.organizationId);
  const rowsAfter = await summaryRows(sql, books.organizationId, chart.busy.id);
  console.log(
    `  ${linesAfter} posted lines; summary rows: ${rowsAfter.organization} in the organization, ` +
      `${rowsAfter.account} for ${chart.busy.number}; ${await tableSizes(sql)}`,
  );

  console.log('\n5. consistency after the load');
  await checkConsistency(books, sql, chart, 'after the load');

  console.log(`\n6. reads with ${linesAfter} posted lines (${await machineLoad()})`);
  const readsAfter = await measureReads(books, sql, chart);
  await printPages(sql, books.organizationId, chart);
  await timeLedgerDownload(books, chart, service);

  console.log(
    `\n7. posting ${POSTS} entries over HTTP, one after the other, with ${linesAfter} lines in the ledger`,
  );
  const postsAfter = await postSequentially(books, chart, POSTS, SEED_ENTRIES + POSTS);
  console.log(`  per entry (draft + post) ${describe(postsAfter, 'entries')}`);
  console.log('  consistency after posting on top of the load:');
  await checkConsistency(books, sql, chart, 'after posting on top of the load');

  console.log(`\nSummary (${DAYS} days of activity, machine: ${await machineLoad()})`);
  console.log(
    `posted lines: ${linesBefore} before, ${linesAfter} after the load (${linesAfter - linesBefore} bulk-loaded ` +
      `in SQL, not over HTTP); summary rows read by one balance: ${rowsBefore.account} before, ${rowsAfter.account} ` +
      `after; by the trial balance: ${rowsBefore.organization} before, ${rowsAfter.organization} after`,
  );
  printComparison(readsBefore, readsAfter);
  console.log(`posting one entry (draft + post), before: ${describe(postsBefore, 'entries')}`);
  console.log(
    `posting one entry (draft + post), after:  ${describe(postsAfter, 'entries')}; ` +
      `p50 after/before ${fixed(postsAfter.percentile(50) / postsBefore.percentile(50), 2)}x`,
  );
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Inconsistent ? `FAILED: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
