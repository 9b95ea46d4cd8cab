// The change feed (D32): the organization's change counter (a row of `sequences`, which also holds
// the lock date, migration 0003) and the change records it numbers.
import type { Queryable, SqlParam, Tx } from '../db.ts';
import { isoTimestamp } from '../sql.ts';
import { type KeyScope, type ResponseToStore, storeResponseParams, storeResponseSql } from './idempotency.ts';

export interface ChangeRecord {
  entityType: string;
  entityId: string;
  operation: 'created' | 'updated' | 'deleted';
  version: number;
}

export interface ChangeRow {
  seq: string;
  entity_type: string;
  entity_id: string;
  operation: string;
  occurred_at: string;
  entity_version: number;
}

/**
 * One statement takes the organization's change counter (its row lock is held to commit), writes
 * `records` numbered from it (and, with `response`, the idempotent write's stored response) and
 * reads the lock date: every round trip from here to commit is time all other writers of the
 * organization wait. Returns the lock date as of the counter lock.
 */
export async function append(
  tx: Tx,
  organizationId: string,
  records: ChangeRecord[],
  response?: { scope: KeyScope } & ResponseToStore,
): Promise<{ booksClosedThrough: string | null }> {
  if (tx.distributed) return appendOnCitus(tx, organizationId, records, response);
  const [counter] = await tx.query<{ closed: string | null }>(
    `WITH ${response ? `stored AS (${storeResponseSql(7)}),` : ''} counter AS (
       UPDATE sequences SET next_value = next_value + $2
        WHERE organization_id = $1 AND name = 'change'
        RETURNING next_value - $2 AS first, books_closed_through),
     written AS (
       INSERT INTO changes (organization_id, seq, entity_type, entity_id, operation, entity_version)
       SELECT $1, counter.first + s.ordinal - 1, s.entity_type, s.entity_id, s.operation, s.entity_version
         FROM counter, unnest($3::text[], $4::uuid[], $5::text[], $6::int[]) WITH ORDINALITY
           AS s(entity_type, entity_id, operation, entity_version, ordinal))
     SELECT books_closed_through::text AS closed FROM counter`,
    [
      organizationId,
      records.length,
      ...recordColumns(records),
      ...(response ? storeResponseParams(response.scope, response) : []),
    ],
  );
  if (!counter) throw new Error(`organization ${organizationId} has no change counter`);
  return { booksClosedThrough: counter.closed };
}

/**
 * The same on Citus, in two statements: Citus plans a data-modifying CTE whose rows feed an INSERT
 * ... SELECT as a sub-plan whose rows it copies to every worker, which made each write a two-phase
 * commit across the cluster, refused for every organization while any worker was down
 * (test/cluster/worker-stop.test.ts). UPDATEs alone in CTEs route to the organization's shard.
 */
async function appendOnCitus(
  tx: Tx,
  organizationId: string,
  records: ChangeRecord[],
  response?: { scope: KeyScope } & ResponseToStore,
): Promise<{ booksClosedThrough: string | null }> {
  const [counter] = await tx.query<{ first: string; closed: string | null }>(
    `WITH ${response ? `stored AS (${storeResponseSql(3)}),` : ''} counter AS (
       UPDATE sequences SET next_value = next_value + $2
        WHERE organization_id = $1 AND name = 'change'
        RETURNING next_value - $2 AS first, books_closed_through)
     SELECT first::text AS first, books_closed_through::text AS closed FROM counter`,
    [organizationId, records.length, ...(response ? storeResponseParams(response.scope, response) : [])],
  );
  if (!counter) throw new Error(`organization ${organizationId} has no change counter`);
  await tx.query(
    `INSERT INTO changes (organization_id, seq, entity_type, entity_id, operation, entity_version)
     SELECT $1, $2::bigint + s.ordinal - 1, s.entity_type, s.entity_id, s.operation, s.entity_version
       FROM unnest($3::text[], $4::uuid[], $5::text[], $6::int[]) WITH ORDINALITY
         AS s(entity_type, entity_id, operation, entity_version, ordinal)`,
    [organizationId, counter.first, ...recordColumns(records)],
  );
  return { booksClosedThrough: counter.closed };
}

/** The records column by column, in the order both INSERTs unnest them ($3 to $6). */
function recordColumns(records: ChangeRecord[]): SqlParam[] {
  return [
    records.map((record) => record.entityType),
    records.map((record) => record.entityId),
    records.map((record) => record.operation),
    records.map((record) => record.version),
  ];
}

/** The last change number the organization has committed (0 before its first change). */
export async function head(db: Queryable, organizationId: string): Promise<bigint> {
  const [counter] = await db.query<{ head: string }>(
    "SELECT (next_value - 1)::text AS head FROM sequences WHERE organization_id = $1 AND name = 'change'",
    [organizationId],
  );
  return BigInt(counter?.head ?? '0');
}

/** Up to `limit` change records after `after` and at most `through`, of the given entity types, by seq. */
export async function between(
  db: Queryable,
  organizationId: string,
  range: { after: bigint; through: bigint; entityTypes: string[]; limit: number },
): Promise<ChangeRow[]> {
  return db.query<ChangeRow>(
    `SELECT seq::text AS seq, entity_type, entity_id, operation, ${isoTimestamp('occurred_at')} AS occurred_at, entity_version
       FROM changes
      WHERE organization_id = $1 AND seq > $2::bigint AND seq <= $3::bigint AND entity_type = ANY($4::text[])
      ORDER BY changes.seq LIMIT $5`, // the bigint column, not the text alias ('10' < '9' as text)
    [organizationId, range.after.toString(), range.through.toString(), range.entityTypes, range.limit],
  );
}

/**
 * Sets the lock date on the change counter row (migration 0003). The update takes the counter's row
 * lock to commit, so close and reopen serialize with every writer of the organization: a posting
 * that takes the counter after us reads the new date in the same statement.
 */
export async function setLockDate(tx: Tx, organizationId: string, through: string | null): Promise<void> {
  await tx.query(
    "UPDATE sequences SET books_closed_through = $2::date WHERE organization_id = $1 AND name = 'change'",
    [organizationId, through],
  );
}
