// A database of a test's own beside TEST_DATABASE_URL's (for tests that run a service process on it,
// or that migrate from an old schema). On a Citus cluster it is made as scripts/citus-cluster.sh
// makes one: on the coordinator and every worker, with the extension, the workers added, and the
// test database's settings (multi-shard statements refused, 4 shards), so those tests run on the
// cluster too rather than on the coordinator alone as on plain PostgreSQL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onPostgres } from './harness.ts';

export interface OwnDatabase {
  /** Undefined on PGlite, where every harness has a database of its own anyway. */
  url: string | undefined;
  /** True when it was made on a Citus cluster (distributed by the migrations). */
  citus: boolean;
  drop(): Promise<void>;
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withDatabase = (url: string, name: string, port?: number) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  if (port !== undefined) next.port = String(port);
  return next.toString();
};

/** On PostgreSQL: a fresh database beside TEST_DATABASE_URL's, dropped (forcibly) by drop(). */
export async function ownDatabase(label: string): Promise<OwnDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!onPostgres || !base) return { url: undefined, citus: false, drop: async () => undefined };
  const name = `${new URL(base).pathname.slice(1) || 'folio'}_${label}_${randomBytes(4).toString('hex')}`;
  const facts = await onServer(base, async (client) => {
    const citus = (await client.query("SELECT 1 FROM pg_extension WHERE extname = 'citus'")).rowCount === 1;
    if (!citus) return { citus, workers: [] as number[], settings: [] as string[] };
    const workers = (
      await client.query<{ nodeport: number }>(
        'SELECT nodeport FROM pg_dist_node WHERE groupid <> 0 ORDER BY nodeport',
      )
    ).rows.map((row) => row.nodeport);
    const settings = (
      await client.query<{ setting: string }>(
        `SELECT unnest(setconfig) AS setting FROM pg_db_role_setting
          WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database()) AND setrole = 0`,
      )
    ).rows.map((row) => row.setting);
    return { citus, workers, settings };
  });
  const host = new URL(base);
  const nodes = [Number(host.port || 5432), ...facts.workers];
  for (const port of nodes) {
    await onServer(withDatabase(base, 'postgres', port), (client) => client.query(`CREATE DATABASE ${name}`));
    if (facts.citus)
      await onServer(withDatabase(base, name, port), (client) => client.query('CREATE EXTENSION citus'));
  }
  const url = withDatabase(base, name);
  if (facts.citus) {
    await onServer(url, async (client) => {
      await client.query('SELECT citus_set_coordinator_host($1, $2)', [host.hostname, nodes[0]]);
      for (const port of facts.workers)
        await client.query('SELECT citus_add_node($1, $2)', [host.hostname, port]);
      for (const setting of facts.settings) {
        const [key, ...value] = setting.split('=');
        await client.query(`ALTER DATABASE ${name} SET ${key} = '${value.join('=').replaceAll("'", "''")}'`);
      }
    });
  }
  return {
    url,
    citus: facts.citus,
    drop: async () => {
      for (const port of nodes)
        await onServer(withDatabase(base, 'postgres', port), (client) =>
          client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        );
    },
  };
}
