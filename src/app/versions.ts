// D34: optimistic concurrency. A writer may name the version it read; a different current version
// answers 412 stale_write. A writer that names none gets last-writer-wins.
import { DomainError, notFound } from '../domain/errors.ts';

export function assertVersion(expected: number | undefined, current: number): void {
  if (expected === undefined || expected === current) return;
  throw new DomainError('stale_write', `the record is at version ${current}, not ${expected}`, {
    your_version: expected,
    current_version: current,
  });
}

/**
 * The row a write changes: `load` reads and locks it; a missing one answers not_found naming
 * `what`, one at another version than the writer named answers stale_write.
 */
export async function lockAtVersion<Row extends { version: number }>(
  load: () => Promise<Row | undefined>,
  what: string,
  expectedVersion: number | undefined,
): Promise<Row> {
  const row = await load();
  if (!row) throw notFound(what);
  assertVersion(expectedVersion, row.version);
  return row;
}
