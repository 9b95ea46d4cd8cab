// Match suggestions (D74) for one bank line on a busy bank account: BENCH_LINES posted ledger lines
// on Business Checking (100,000; bulk-loaded in the shape posting writes, bench/lib/ledger-load.ts,
// dated over BENCH_DAYS days), then VACUUM (ANALYZE). A bank line is pushed with the amount and date
// of a loaded line, and GET /api/v1/bank-transactions/{id}/suggestions is timed BENCH_REQUESTS times
// (300) over HTTP to the real service on PostgreSQL: p50 and p99. Also prints the plan of the
// ledger-candidates statement (src/storage/stores/bank-transactions.ts candidateLines).
//
//   npm run bench:bank-suggestions     BENCH_LINES (100000), BENCH_DAYS (365), BENCH_REQUESTS (300),
//                                      BENCH_DATABASE_URL
import pg from 'pg';
import { cleanup, onCleanup } from './lib/cleanup.ts';
import { signUpWithKey } from './lib/folio.ts';
import { chartOf, loadPostedEntries } from './lib/ledger-load.ts';
import { intOption } from './lib/options.ts';
import { createScratchDatabase, serverSettings } from './lib/postgres.ts';
import { startService } from './lib/service.ts';
import { fixed, Latencies, machineLoad } from './lib/stats.ts';

const LINES = intOption('BENCH_LINES', 100_000);
const DAYS = Math.max(1, intOption('BENCH_DAYS', 365));
const REQUESTS = intOption('BENCH_REQUESTS', 300);
const TODAY = new Date().toISOString().slice(0, 10);

/** The candidates statement's plan, one node a line, with its time. */
async function candidatesPlan(
  sql: pg.Client,
  organizationId: string,
  bankLine: { accountId: string; amount: string; date: string },
) {
  const { candidateLines } = await import('../src/storage/stores/bank-transactions.ts');
  let text = '';
  let values: unknown[] = [];
  await candidateLines(
    {
      query: async (statement: string, parameters?: unknown[]) => {
        text = statement;
        values = parameters ?? [];
        return [];
      },
    } as never,
    organizationId,
    bankLine,
    14,
  );
  const { rows } = await sql.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values);
  const [plan] = rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode; 'Execution Time': number }>;
  const nodes: string[] = [];
  const walk = (node: PlanNode, depth: number) => {
    nodes.push(
      `${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''} (rows ${node['Actual Rows']})`,
    );
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(plan!.Plan, 2);
  const pages = plan!.Plan['Shared Hit Blocks'] + plan!.Plan['Shared Read Blocks'];
  return `${fixed(plan!['Execution Time'], 2)} ms, ${pages} pages:\n${nodes.join('\n')}`;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

async function main() {
  console.log(`Folio bank match suggestions, ${new Date().toISOString()}`);
  console.log(`machine: ${await machineLoad()}`);
  const settings = await serverSettings();
  console.log(`PostgreSQL ${settings.server_version}, autovacuum=${settings.autovacuum}`);
  const database = await createScratchDatabase('banksugg');
  onCleanup(() => database.drop());
  const service = await startService(database.url);
  onCleanup(() => service.stop());
  const books = await signUpWithKey(service.baseUrl, 1);
  onCleanup(async () => books.connections.close());
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  onCleanup(() => sql.end());
  const chart = chartOf(books);

  const loadStart = performance.now();
  await loadPostedEntries(sql, {
    organizationId: books.organizationId,
    currency: 'USD',
    chart,
    entries: LINES,
    batchEntries: 10_000,
    days: DAYS,
    today: TODAY,
  });
  await sql.query('VACUUM (ANALYZE)');
  const [{ n }] = (
    await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM journal_lines WHERE organization_id = $1 AND account_id = $2',
      [books.organizationId, chart.busy.id],
    )
  ).rows as [{ n: number }];
  console.log(
    `\n${n} posted lines on ${chart.busy.number} ${chart.busy.name} (of ${LINES * 2}), dated over ${DAYS} days, loaded and analyzed in ${fixed((performance.now() - loadStart) / 1000)} s`,
  );

  // A bank line the ledger can explain: the amount and date of a loaded line on checking.
  const [target] = (
    await sql.query<{ amount: string; date: string }>(
      `SELECT (l.debit - l.credit)::text AS amount, e.txn_date::text AS date
         FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
        WHERE l.organization_id = $1 AND l.account_id = $2 ORDER BY e.entry_number OFFSET $3 LIMIT 1`,
      [books.organizationId, chart.busy.id, Math.floor(n / 2)],
    )
  ).rows;
  const pushed = await books.api.post('/api/v1/bank-transactions', {
    account: chart.busy.id,
    transactions: [
      { date: target!.date, amount: target!.amount, description: 'bench', bank_reference: 'bench-1' },
    ],
  });
  const transaction = pushed.body.results[0].id as string;
  const path = `/api/v1/bank-transactions/${transaction}/suggestions`;
  const first = await books.api.get(path);
  console.log(
    `bank line ${target!.amount} on ${target!.date}: ${first.body.results.length} suggestions (${first.body.results.filter((r: { kind: string }) => r.kind === 'journal_line').length} ledger lines)`,
  );
  console.log(
    `candidates statement: ${await candidatesPlan(sql, books.organizationId, { accountId: chart.busy.id, amount: target!.amount, date: target!.date })}`,
  );

  for (let warm = 0; warm < 20; warm += 1) await books.api.get(path);
  const latencies = new Latencies();
  for (let request = 0; request < REQUESTS; request += 1) {
    const start = performance.now();
    await books.api.get(path);
    latencies.add(performance.now() - start);
  }
  const figure = `GET suggestions, ${REQUESTS} sequential requests over HTTP with ${n} lines on the account: ${latencies.summary()}`;
  console.log(`\n${figure}`);
  console.log(`\nSummary (machine: ${await machineLoad()})\n  ${figure}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
