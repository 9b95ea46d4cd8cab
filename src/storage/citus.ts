// Citus (D79): after the migrations, the runner distributes every table of the books by
// organization_id, co-located with organizations (distributed by its own id), and makes the shared
// identity tables reference tables, so every statement of a request routes to one shard group.
// It runs where the citus extension is installed in the database (or FOLIO_CITUS=1 demands it),
// inside the migrations' transaction, and only for tables not distributed yet: a new table of a
// later migration is distributed the first time the runner meets it.
import type { Tx } from './db.ts';

/** Tables of the books: distributed by this column, co-located with organizations. */
const DISTRIBUTION_COLUMN = 'organization_id';
/** Distributed by its own id: organizations.id is what every other table's organization_id names. */
const ANCHOR = 'organizations';
/** Stays on the coordinator: the runner's own record. */
const LOCAL_TABLES = new Set(['schema_migrations']);
/** Looked up before the organization is known (by a token's hash): on every node, though it names one. */
const REFERENCE_DESPITE_ORGANIZATION = new Set(['token_lookup']);

export type CitusMode = 'off' | 'detect' | 'on';

export function citusModeFromEnv(env: NodeJS.ProcessEnv = process.env): CitusMode {
  if (env.FOLIO_CITUS === '1') return 'on';
  if (env.FOLIO_CITUS === '0') return 'off';
  return 'detect';
}

export async function citusInstalled(tx: Tx): Promise<boolean> {
  const rows = await tx.query("SELECT 1 FROM pg_extension WHERE extname = 'citus'");
  return rows.length > 0;
}

/** Whether any table of this schema is distributed already (the extension must be installed). */
export async function citusDistributed(tx: Tx): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid
      WHERE c.relnamespace = current_schema()::regnamespace LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Settings every migration needs on Citus: DDL on a distributed table in a transaction that also
 * writes runs over one connection per node, and triggers (the ledger's immutability) may be created.
 */
export async function prepareCitusTransaction(tx: Tx): Promise<void> {
  await tx.query("SELECT set_config('citus.multi_shard_modify_mode', 'sequential', true)");
  await tx.query("SELECT set_config('citus.enable_unsafe_triggers', 'on', true)");
  await tx.query("SELECT set_config('citus.multi_task_query_log_level', 'off', true)");
}

interface TableFacts {
  name: string;
  hasOrganization: boolean;
}

/** Distributes what is not distributed yet; answers the tables it distributed, in order, with how. */
export async function distributeTables(tx: Tx): Promise<string[]> {
  const tables = await tx.query<TableFacts>(
    `SELECT c.relname AS name,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = $1 AND a.attnotnull)
              AS "hasOrganization"
       FROM pg_class c
      WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace
        AND NOT c.relispartition
      ORDER BY c.relname`,
    [DISTRIBUTION_COLUMN],
  );
  const done = new Set(
    (
      await tx.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid
          WHERE c.relnamespace = current_schema()::regnamespace`,
      )
    ).map((row) => row.name),
  );
  const kindOf = (table: TableFacts): 'local' | 'reference' | 'anchor' | 'distributed' => {
    if (LOCAL_TABLES.has(table.name)) return 'local';
    if (table.name === ANCHOR) return 'anchor';
    if (table.hasOrganization && !REFERENCE_DESPITE_ORGANIZATION.has(table.name)) return 'distributed';
    return 'reference';
  };
  // Reference tables first, then organizations, then the books (co-located with organizations).
  const rank = { reference: 0, anchor: 1, distributed: 2, local: 3 } as const;
  const pending = tables
    .filter((table) => kindOf(table) !== 'local' && !done.has(table.name))
    .sort((a, b) => rank[kindOf(a)] - rank[kindOf(b)]);
  // Citus refuses a foreign key between a distributed table and one not distributed yet, either way:
  // the foreign keys of the tables about to be distributed are set aside and put back afterwards
  // (Citus then creates them shard by shard, co-located, and checks them).
  const names = pending.map((table) => table.name);
  const foreignKeys = await tx.query<{ tbl: string; name: string; def: string }>(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      WHERE c.contype = 'f' AND t.relnamespace = current_schema()::regnamespace
        AND (t.relname = ANY ($1::text[]) OR c.confrelid::regclass::text = ANY ($1::text[]))
      ORDER BY 1, 2`,
    [names],
  );
  for (const key of foreignKeys) await tx.query(`ALTER TABLE ${key.tbl} DROP CONSTRAINT "${key.name}"`);
  const made: string[] = [];
  for (const table of pending) {
    const kind = kindOf(table);
    if (kind === 'reference') {
      await tx.query('SELECT create_reference_table($1::regclass)', [table.name]);
    } else if (kind === 'anchor') {
      await tx.query("SELECT create_distributed_table($1::regclass, 'id')", [table.name]);
    } else {
      await tx.query('SELECT create_distributed_table($1::regclass, $2, colocate_with => $3)', [
        table.name,
        DISTRIBUTION_COLUMN,
        ANCHOR,
      ]);
    }
    made.push(`${table.name} (${kind === 'anchor' ? 'distributed by id' : kind})`);
  }
  for (const key of foreignKeys) {
    await tx.query(`ALTER TABLE ${key.tbl} ADD CONSTRAINT "${key.name}" ${key.def}`);
  }
  return made;
}
