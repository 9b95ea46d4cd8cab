// Scratch databases on the benchmark's PostgreSQL server: created fresh, always dropped.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server to benchmark against: BENCH_DATABASE_URL (any database on it), or local trust auth. */
export const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the benchmark server. */
export function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates `folio_bench_<label>_<random>`; drop() removes it (forcing out leftover connections), unless
 * BENCH_KEEP_DATABASE=1 asks to keep it for reading its plans afterwards (its name is printed).
 */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = `folio_bench_${label}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  let dropped = false;
  return {
    name,
    url: databaseUrl(name),
    async drop() {
      if (dropped) return;
      dropped = true;
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        console.log(`kept the scratch database ${name} (BENCH_KEEP_DATABASE=1): drop it when done`);
        return;
      }
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Server version and the settings that decide commit cost, for the report. */
export async function serverSettings(): Promise<Record<string, string>> {
  return admin(async (client) => {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings
        WHERE name IN ('server_version', 'fsync', 'synchronous_commit', 'shared_buffers', 'max_connections',
                       'autovacuum')`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  });
}

/**
 * VACUUM (ANALYZE) of a scratch database between warm-up and measurement: what autovacuum does on a
 * production server after the first few hundred writes. Without it (this machine's CI configuration
 * turns autovacuum off) the planner keeps the statistics of empty tables and the dead row versions
 * stay: one journal-lines lookup was seen reading 350 rows per row returned after 17,000 lines, and
 * a second run on the same books cost twice the PostgreSQL CPU of the first.
 */
export async function vacuumAnalyze(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
}
