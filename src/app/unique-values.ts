// A value the books keep unique (an account's number, an item's SKU): a unique index holds it, and
// a write that would repeat one answers 409 number_conflict on its field, never a 500.
import { DomainError } from '../domain/errors.ts';
import { sqlState, UNIQUE_VIOLATION } from '../storage/db.ts';

/** 409 number_conflict on `field`: its value is taken by another record. */
export function takenError(field: string, message: string): DomainError {
  return new DomainError('number_conflict', message, { fields: { [field]: ['is taken'] } });
}

/**
 * Runs `write`, which stores `value` (null or undefined: it stores none). A check that the value is
 * free does not stop a concurrent writer of the same value, which passes it too; the unique index
 * then refuses one of them (23505), and that refusal answers `taken(value)`.
 */
export async function withUniqueGuard<T>(
  value: string | null | undefined,
  taken: (value: string) => DomainError,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (value !== null && value !== undefined && sqlState(error) === UNIQUE_VIOLATION) throw taken(value);
    throw error;
  }
}
