// The counters of the `sequences` table: gapless document numbers (D21). The counter row is locked by
// the UPDATE until commit, so a rolled-back transaction gives its number back and no number is
// skipped. The change counter is a row of the same table; src/storage/stores/changes.ts writes it.
import { NUMBER_DIGITS, SEQUENCES, type SequenceName } from '../../domain/numbering.ts';
import type { Queryable, Tx } from '../db.ts';
import type { SqlParams } from '../rows.ts';

/** Takes the next value of the organization's `sequence` (its row lock is held to commit). */
export async function allocate(tx: Tx, organizationId: string, sequence: SequenceName): Promise<bigint> {
  const [row] = await tx.query<{ value: string }>(
    `UPDATE sequences SET next_value = next_value + 1
      WHERE organization_id = $1 AND name = $2
      RETURNING (next_value - 1)::text AS value`,
    [organizationId, sequence],
  );
  if (!row) throw new Error(`organization ${organizationId} has no ${sequence} sequence`);
  return BigInt(row.value);
}

/**
 * The same allocation as `allocate`, as a CTE for the statement that uses the number, so the
 * counter's lock (held to commit) is taken by the statement that writes the number: one round trip
 * less while every other writer of the organization's sequence waits. `value` formats like
 * formatNumber (src/domain/numbering.ts).
 */
export function allocateNumberCte(sequence: SequenceName, organizationParam = '$1') {
  const name = 'allocated_number';
  return {
    name,
    cte: `${name} AS (UPDATE sequences SET next_value = next_value + 1
      WHERE organization_id = ${organizationParam} AND name = '${sequence}'
      RETURNING (next_value - 1)::text AS value)`,
    value: formattedSql(sequence, `${name}.value`),
  };
}

/** SQL of `digits` (text) as formatNumber writes it: the prefix, then at least NUMBER_DIGITS digits. */
function formattedSql(sequence: SequenceName, digits: string): string {
  return `'${SEQUENCES[sequence]}' || CASE WHEN length(${digits}) >= ${NUMBER_DIGITS} THEN ${digits}
      ELSE lpad(${digits}, ${NUMBER_DIGITS}, '0') END`;
}

/**
 * allocateNumberCte where `tx` can run it. On Citus the number is taken first by its own UPDATE
 * (the same lock to commit) and the CTE is that constant: Citus plans a data-modifying CTE whose
 * rows feed an INSERT ... SELECT as a sub-plan whose rows it copies to every worker, which made each
 * numbered write a two-phase commit across the cluster, refused for every organization while any
 * worker was down (test/cluster/worker-stop.test.ts).
 */
export async function numberCte(
  tx: Queryable,
  sequence: SequenceName,
  organization: { id: string; param: string },
  params: SqlParams,
) {
  if (!tx.distributed) {
    const cte = allocateNumberCte(sequence, organization.param);
    return { ...cte, from: `FROM ${cte.name}`, after: cte.name as string | undefined };
  }
  const name = 'allocated_number';
  const taken = params.add((await allocate(tx as Tx, organization.id, sequence)).toString());
  // The value is the parameter itself, so an UPDATE need not read the CTE (Citus would plan that
  // UPDATE ... FROM as a sub-plan copied to every worker too).
  return {
    name,
    cte: `${name} AS NOT MATERIALIZED (SELECT ${taken}::text AS value)`,
    value: formattedSql(sequence, `${taken}::text`),
    from: '',
    after: undefined,
  };
}

/**
 * `count` consecutive numbers at once (a batch of entries, D59), as a CTE named `allocated_range`
 * with `first` (the first value); `format(offset)` is the SQL of the number `first + offset` in the
 * form formatNumber gives. Same counter, same lock to commit, as allocateNumberCte.
 */
export function allocateRangeCte(sequence: SequenceName, organizationParam: string, countParam: string) {
  const name = 'allocated_range';
  return {
    name,
    cte: `${name} AS (UPDATE sequences SET next_value = next_value + ${countParam}
      WHERE organization_id = ${organizationParam} AND name = '${sequence}'
      RETURNING next_value - ${countParam} AS first)`,
    format: (offset: string) => formattedSql(sequence, `(${name}.first + ${offset})::text`),
  };
}

/** allocateRangeCte where `tx` can run it: on Citus taken first, as numberCte says why. */
export async function rangeCte(
  tx: Queryable,
  sequence: SequenceName,
  organization: { id: string; param: string },
  count: number,
  params: SqlParams,
) {
  if (!tx.distributed) {
    const cte = allocateRangeCte(sequence, organization.param, `${params.add(count)}::bigint`);
    return { ...cte, after: cte.name as string | undefined };
  }
  const name = 'allocated_range';
  const [row] = await tx.query<{ first: string }>(
    `UPDATE sequences SET next_value = next_value + $3 WHERE organization_id = $1 AND name = $2
     RETURNING (next_value - $3)::text AS first`,
    [organization.id, sequence, count],
  );
  if (!row) throw new Error(`organization ${organization.id} has no ${sequence} sequence`);
  return {
    name,
    cte: `${name} AS NOT MATERIALIZED (SELECT ${params.add(row.first)}::bigint AS first)`,
    format: (offset: string) => formattedSql(sequence, `(${name}.first + ${offset})::text`),
    after: undefined,
  };
}

/** Creates the counters of a new organization, one per name, each starting at 1. */
export async function createCounters(db: Queryable, organizationId: string, names: string[]): Promise<void> {
  await db.query(
    `INSERT INTO sequences (organization_id, name)
     SELECT $1, name FROM unnest($2::text[]) AS name`,
    [organizationId, names],
  );
}
