// CPU time of the processes a benchmark runs on, per role: the service, each PostgreSQL server (its
// postmaster and every backend it forked, found by parent pid in /proc) and the benchmark itself.
// Used to say where the CPU of one request goes, so a run on one machine can be read as a cluster of
// machines (bench/organizations.ts). Linux only; clock ticks are 1/100 s on Debian's kernels.
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';

const TICK_MS = 10;

/**
 * utime + stime of one process in ms, and its parent; undefined when it is gone. `reaped` is the
 * time of its children that have exited and been waited for (cutime + cstime): a PostgreSQL
 * backend's CPU moves there when its connection closes (pgbench's do, at the end of its run).
 */
async function statOf(pid: number): Promise<{ ppid: number; ms: number; reaped: number } | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses: state is field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      reaped: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
    };
  } catch {
    return undefined;
  }
}

/** The postmaster's pid of the server at `url`: the first line of postmaster.pid in its data directory. */
export async function postmasterPid(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    const pidFile = await readFile(`${rows[0]?.data_directory}/postmaster.pid`, 'utf8');
    return Number(pidFile.split('\n')[0]);
  } finally {
    await client.end();
  }
}

export interface Role {
  name: string;
  /** The process itself, or with `children`, the process and every process it forked. */
  pid: number;
  children?: boolean;
}

/**
 * CPU ms so far of each role; with `children`, the live children's and those that exited (a
 * backend whose connection closed between two readings is still counted).
 */
export async function cpuByRole(roles: Role[]): Promise<Map<string, number>> {
  const all = new Map<number, { ppid: number; ms: number; reaped: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await statOf(Number(entry));
    if (stat) all.set(Number(entry), stat);
  }
  const totals = new Map<string, number>();
  for (const role of roles) {
    const own = all.get(role.pid);
    let ms = own?.ms ?? 0;
    if (role.children) {
      ms += own?.reaped ?? 0;
      for (const stat of all.values()) if (stat.ppid === role.pid) ms += stat.ms;
    }
    totals.set(role.name, ms);
  }
  return totals;
}

/** CPU ms per role between two readings, divided by `count` (per request). */
export function perUnit(before: Map<string, number>, after: Map<string, number>, count: number) {
  return [...after].map(([name, ms]) => ({ name, msPerUnit: (ms - (before.get(name) ?? 0)) / count }));
}
