// D21: gapless per-organization document numbers (the rules in src/domain/numbering.ts, the counters
// in src/storage/stores/sequences.ts).
import { formatNumber, SEQUENCES, type SequenceName } from '../domain/numbering.ts';
import type { Tx } from '../storage/db.ts';
import * as sequences from '../storage/stores/sequences.ts';

export { formatNumber, NUMBER_DIGITS, SEQUENCES, type SequenceName } from '../domain/numbering.ts';

export async function allocateNumber(
  tx: Tx,
  organizationId: string,
  sequence: SequenceName,
): Promise<string> {
  return formatNumber(sequence, await sequences.allocate(tx, organizationId, sequence));
}

/** Creates the counters of a new organization: one per document sequence, and the change feed's. */
export async function createSequences(tx: Tx, organizationId: string): Promise<void> {
  await sequences.createCounters(tx, organizationId, ['change', ...Object.keys(SEQUENCES)]);
}
