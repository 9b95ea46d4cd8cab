// CPU time spent by the parts of a run: the service process, its PostgreSQL backends, this client.
import { readFile } from 'node:fs/promises';
import pg from 'pg';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of a process, in milliseconds; 0 when it is gone. */
export async function processCpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

async function backendPids(serverDatabaseUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: serverDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

export interface CpuSnapshot {
  service: number;
  backends: Map<number, number>;
  client: number;
}

/** CPU so far of the service, of the backends connected to `database`, and of this process. */
export async function cpuSnapshot(
  servicePid: number,
  adminUrl: string,
  database: string,
): Promise<CpuSnapshot> {
  const pids = await backendPids(adminUrl, database);
  const backends = new Map<number, number>();
  for (const pid of pids) backends.set(pid, await processCpuMs(pid));
  const usage = process.cpuUsage();
  return { service: await processCpuMs(servicePid), backends, client: (usage.user + usage.system) / 1000 };
}

/** CPU milliseconds per operation between two snapshots (backends that came and went are missed). */
export function cpuPerOperation(before: CpuSnapshot, after: CpuSnapshot, operations: number) {
  let backends = 0;
  for (const [pid, ms] of after.backends) backends += ms - (before.backends.get(pid) ?? 0);
  const per = (ms: number) => ms / operations;
  return {
    service: per(after.service - before.service),
    postgres: per(backends),
    client: per(after.client - before.client),
  };
}

export function describeCpu(cpu: ReturnType<typeof cpuPerOperation>, unit: string): string {
  const total = cpu.service + cpu.postgres + cpu.client;
  return (
    `CPU per ${unit}: service ${cpu.service.toFixed(2)} ms, PostgreSQL backends ${cpu.postgres.toFixed(2)} ms, ` +
    `bench client ${cpu.client.toFixed(2)} ms (total ${total.toFixed(2)} ms)`
  );
}
