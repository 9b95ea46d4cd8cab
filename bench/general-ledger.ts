// The general ledger's CSV download on books read before their first ANALYZE (issue 18): books
// loaded by batches are read before autovacuum has analyzed them, and the report's plan must not
// depend on fresh statistics. Loads BENCH_LINES posted lines in batches straight into fresh tables
// (never analyzed: no planner statistics at all, which pg_stat_reset() would not give), downloads the
// busy account's whole general ledger as CSV, then VACUUM (ANALYZE) and downloads it again. Prints
// both times and the plan of one page of the download in both states.
//
//   npm run bench:general-ledger     BENCH_LINES (100000), BENCH_BATCH_ENTRIES (5000), BENCH_DAYS (30),
//                                    BENCH_DATABASE_URL
import pg from 'pg';
import { cleanup, onCleanup } from './lib/cleanup.ts';
import { type Books, signUpWithKey } from './lib/folio.ts';
import { chartOf, type LedgerChart, loadPostedEntries } from './lib/ledger-load.ts';
import { intOption } from './lib/options.ts';
import { createScratchDatabase, serverSettings } from './lib/postgres.ts';
import { startService } from './lib/service.ts';
import { fixed, machineLoad } from './lib/stats.ts';

// 100,000 lines: the busy account is on one side of every entry, so its CSV has 50,000 of them.
const LINES = intOption('BENCH_LINES', 100_000);
const BATCH_ENTRIES = Math.max(1, intOption('BENCH_BATCH_ENTRIES', 5_000));
const DAYS = Math.max(1, intOption('BENCH_DAYS', 30));
const TODAY = new Date().toISOString().slice(0, 10);
const FROM = new Date(Date.parse(TODAY) - (DAYS + 1) * 86_400_000).toISOString().slice(0, 10);

/** Planner statistics held for the ledger tables: none until the first ANALYZE. */
async function statisticsRows(sql: pg.Client): Promise<number> {
  const { rows } = await sql.query<{ rows: number }>(
    `SELECT count(*)::int AS rows FROM pg_stats WHERE tablename IN ('journal_entries', 'journal_lines')`,
  );
  return rows[0]!.rows;
}

/** The plan of one full page of the download (2,000 lines, from the start), in one line per node. */
async function pagePlan(sql: pg.Client, organizationId: string, chart: LedgerChart): Promise<string> {
  // The statement of src/storage/stores/reports.ts accountLines, first page, no tracking option.
  const { accountLines } = await import('../src/storage/stores/reports.ts');
  let text = '';
  let values: unknown[] = [];
  await accountLines(
    {
      query: async (statement: string, parameters?: unknown[]) => {
        text = statement;
        values = parameters ?? [];
        return [];
      },
    } as never,
    organizationId,
    { accountId: chart.busy.id, from: FROM, to: TODAY, trackingOption: null, limit: 2000 },
  );
  const { rows } = await sql.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values);
  const [plan] = rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode; 'Execution Time': number }>;
  const nodes: string[] = [];
  const walk = (node: PlanNode, depth: number) => {
    nodes.push(
      `${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`,
    );
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(plan!.Plan, 2);
  const pages = plan!.Plan['Shared Hit Blocks'] + plan!.Plan['Shared Read Blocks'];
  return `${fixed(plan!['Execution Time'], 1)} ms, ${pages} pages:\n${nodes.join('\n')}`;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

async function timeDownload(books: Books, chart: LedgerChart) {
  const start = performance.now();
  const { text } = await books.api.getText(
    `/api/v1/reports/general-ledger?account=${chart.busy.id}&from=${FROM}&to=${TODAY}&format=csv`,
  );
  const seconds = (performance.now() - start) / 1000;
  if (!text.includes('Closing balance')) throw new Error('the download ended without its closing balance');
  const records = text.split('\r\n').length - 2; // the header and the final CRLF
  return { seconds, records };
}

async function main() {
  console.log(`Folio general-ledger download before and after ANALYZE, ${new Date().toISOString()}`);
  console.log(`machine: ${await machineLoad()}`);
  const settings = await serverSettings();
  console.log(`PostgreSQL ${settings.server_version}, autovacuum=${settings.autovacuum}`);
  const database = await createScratchDatabase('ledger');
  onCleanup(() => database.drop());
  const service = await startService(database.url);
  onCleanup(() => service.stop());
  const books = await signUpWithKey(service.baseUrl, 1);
  onCleanup(async () => books.connections.close());
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  onCleanup(() => sql.end());
  const chart = chartOf(books);

  const entries = Math.floor(LINES / 2);
  console.log(
    `\n1. ${entries * 2} lines (${entries} entries, the busy account ${chart.busy.number} on one side of each) ` +
      `loaded in batches of ${BATCH_ENTRIES} entries, dated over ${DAYS} days`,
  );
  const loadStart = performance.now();
  await loadPostedEntries(sql, {
    organizationId: books.organizationId,
    currency: (await sql.query('SELECT currency FROM organizations WHERE id = $1', [books.organizationId]))
      .rows[0].currency,
    chart,
    entries,
    batchEntries: BATCH_ENTRIES,
    days: DAYS,
    today: TODAY,
  });
  console.log(`  loaded in ${fixed((performance.now() - loadStart) / 1000)} s`);

  const figures: string[] = [];
  for (const state of ['no statistics (never analyzed)', 'after VACUUM (ANALYZE)']) {
    if (state.startsWith('after')) {
      await sql.query('VACUUM (ANALYZE) journal_entries, journal_lines, account_balances');
    }
    const statistics = await statisticsRows(sql);
    console.log(`\n${figures.length + 2}. ${state}: ${statistics} pg_stats rows for the ledger tables`);
    console.log(`  one page of 2,000 lines: ${await pagePlan(sql, books.organizationId, chart)}`);
    const { seconds, records } = await timeDownload(books, chart);
    const figure = `${state}: ${records} records in ${fixed(seconds, 2)} s (${fixed(records / seconds, 0)} lines/s)`;
    console.log(`  general ledger CSV of ${chart.busy.number}, ${figure}`);
    figures.push(figure);
  }
  console.log(`\nSummary (machine: ${await machineLoad()})`);
  for (const figure of figures) console.log(`  ${figure}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
