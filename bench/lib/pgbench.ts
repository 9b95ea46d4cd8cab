// pgbench's built-in TPC-B on the same server, in its own scratch database.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createScratchDatabase } from './postgres.ts';
import { cpuByRole, postmasterPid } from './process-cpu.ts';

const run = promisify(execFile);

export interface PgbenchResult {
  tps: number;
  transactions: number;
  latencyMs: number;
  /** CPU of the PostgreSQL server (postmaster and backends) per transaction, in ms. */
  serverCpuMs: number;
  command: string;
}

export interface PgbenchOptions {
  clients: number;
  threads: number;
  seconds: number;
  scale?: number;
}

/** `pgbench -i -s <scale>` into a fresh database, then `pgbench -c -j -T`; the database is dropped. */
export async function runPgbench(options: PgbenchOptions): Promise<PgbenchResult> {
  const scale = options.scale ?? 1;
  const database = await createScratchDatabase('pgbench');
  try {
    await run('pgbench', ['-i', '-q', '-s', String(scale), database.url], { timeout: 300_000 });
    const args = [
      '-c',
      String(options.clients),
      '-j',
      String(options.threads),
      '-T',
      String(options.seconds),
    ];
    // Everything the server spends while pgbench runs (other work on the server counts too).
    const server = [{ name: 'server', pid: await postmasterPid(database.url), children: true }];
    const before = await cpuByRole(server);
    const { stdout } = await run('pgbench', [...args, database.url], {
      timeout: (options.seconds + 120) * 1000,
    });
    const after = await cpuByRole(server);
    const tps = /tps = ([\d.]+)/.exec(stdout);
    const transactions = /number of transactions actually processed: (\d+)/.exec(stdout);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout);
    if (!tps) throw new Error(`could not read tps from pgbench:\n${stdout}`);
    return {
      tps: Number(tps[1]),
      transactions: Number(transactions?.[1] ?? Number.NaN),
      latencyMs: Number(latency?.[1] ?? Number.NaN),
      serverCpuMs:
        ((after.get('server') ?? 0) - (before.get('server') ?? 0)) / Number(transactions?.[1] ?? Number.NaN),
      command: `pgbench -i -s ${scale}; pgbench ${args.join(' ')} (built-in TPC-B)`,
    };
  } finally {
    await database.drop();
  }
}

/**
 * pgbench before and after the workload, so a change in the machine's background load during the
 * run shows up (both figures are printed) and the reference is their mean rather than one moment.
 */
export class PgbenchBracket {
  private readonly results: PgbenchResult[] = [];

  constructor(private readonly options: PgbenchOptions) {}

  async run(label: string) {
    const result = await runPgbench(this.options);
    this.results.push(result);
    console.log(
      `pgbench (${label}): ${result.tps.toFixed(1)} tps, ${result.transactions} transactions, ` +
        `latency avg ${result.latencyMs.toFixed(2)} ms, PostgreSQL CPU ${result.serverCpuMs.toFixed(2)} ms per transaction: ${result.command}`,
    );
    return result;
  }

  /** Mean PostgreSQL CPU per transaction (ms) of the runs so far. */
  get serverCpuMs(): number {
    return this.results.reduce((sum, result) => sum + result.serverCpuMs, 0) / this.results.length;
  }

  /** Mean tps of the runs so far. */
  get tps(): number {
    return this.results.reduce((sum, result) => sum + result.tps, 0) / this.results.length;
  }

  describe(): string {
    return `${this.tps.toFixed(1)} tps (mean of ${this.results.map((result) => result.tps.toFixed(1)).join(' and ')})`;
  }
}
