// D21: gapless per-organization document numbers. The counter row is locked by the UPDATE until
// commit, so a rolled-back transaction gives its number back and no number is skipped.
import type { Tx } from '../storage/db.ts';

export const SEQUENCES = {
  journal_entry: 'JE-',
  invoice: 'INV-',
  payment_received: 'PMT-',
} as const;
export type SequenceName = keyof typeof SEQUENCES;

export const NUMBER_DIGITS = 6;

export async function allocateNumber(
  tx: Tx,
  organizationId: string,
  sequence: SequenceName,
): Promise<string> {
  const [row] = await tx.query<{ value: string }>(
    `UPDATE sequences SET next_value = next_value + 1
      WHERE organization_id = $1 AND name = $2
      RETURNING (next_value - 1)::text AS value`,
    [organizationId, sequence],
  );
  if (!row) throw new Error(`organization ${organizationId} has no ${sequence} sequence`);
  return formatNumber(sequence, BigInt(row.value));
}

/**
 * The same allocation as allocateNumber, as a CTE for the statement that uses the number, so the
 * counter's lock (held to commit) is taken by the statement that writes the number: one round trip
 * less while every other writer of the organization's sequence waits. `value` formats like formatNumber.
 */
export function allocateNumberSql(sequence: SequenceName, organizationParam = '$1') {
  const name = 'allocated_number';
  const digits = `${name}.value`;
  return {
    name,
    cte: `${name} AS (UPDATE sequences SET next_value = next_value + 1
      WHERE organization_id = ${organizationParam} AND name = '${sequence}'
      RETURNING (next_value - 1)::text AS value)`,
    value: `'${SEQUENCES[sequence]}' || CASE WHEN length(${digits}) >= ${NUMBER_DIGITS} THEN ${digits}
      ELSE lpad(${digits}, ${NUMBER_DIGITS}, '0') END`,
  };
}

export function formatNumber(sequence: SequenceName, value: bigint): string {
  return SEQUENCES[sequence] + value.toString().padStart(NUMBER_DIGITS, '0');
}

/** Creates the counters of a new organization: one per document sequence, and the change feed's. */
export async function createSequences(tx: Tx, organizationId: string): Promise<void> {
  await tx.query(
    `INSERT INTO sequences (organization_id, name)
     SELECT $1, name FROM unnest($2::text[]) AS name`,
    [organizationId, ['change', ...Object.keys(SEQUENCES)]],
  );
}
