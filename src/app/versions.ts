// D34: optimistic concurrency. A writer may name the version it read; a different current version
// answers 412 stale_write. A writer that names none gets last-writer-wins.
import { DomainError } from '../domain/errors.ts';

export function assertVersion(expected: number | undefined, current: number): void {
  if (expected === undefined || expected === current) return;
  throw new DomainError('stale_write', `the record is at version ${current}, not ${expected}`, {
    your_version: expected,
    current_version: current,
  });
}
