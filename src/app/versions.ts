// D34: optimistic concurrency. A writer may name the version it read; a different current version
// answers 412 stale_write. A writer that names none gets last-writer-wins.
import { DomainError, notFound } from '../domain/errors.ts';
import type { Queryable } from '../storage/db.ts';
import type { RowLock } from '../storage/sql.ts';
import type { WriteScope } from './changes.ts';

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

type Locker<Row> = (scope: WriteScope, id: string, expectedVersion: number | undefined) => Promise<Row>;

/**
 * The lock step of one kind of row: `find(db, organizationId, id, 'update')` (a store's find),
 * locked at the version the writer named; `what` names it in the 404.
 */
export function lockerOf<Row extends { version: number }>(
  find: (db: Queryable, organizationId: string, id: string, lock: RowLock) => Promise<Row | undefined>,
  what: string,
): Locker<Row> {
  return (scope, id, expectedVersion) =>
    lockAtVersion(() => find(scope.tx, scope.actor.organization.id, id, 'update'), what, expectedVersion);
}

/**
 * An update use case `(scope, id, patch, expectedVersion?)`: `lock` takes the row at the writer's
 * version, then `write` changes it to the next version.
 */
export function versionedUpdate<Row extends { version: number }, Patch, Result>(
  lock: Locker<Row>,
  write: (scope: WriteScope, current: Row, patch: Patch, version: number) => Promise<Result>,
) {
  return async (scope: WriteScope, id: string, patch: Patch, expectedVersion?: number): Promise<Result> => {
    const current = await lock(scope, id, expectedVersion);
    return write(scope, current, patch, current.version + 1);
  };
}

/**
 * A deactivate use case `(scope, id, expectedVersion?)`: `lock` takes the row at the writer's
 * version; an inactive row answers as it is (`describe`: same version, no change record), an active
 * one goes through its kind's `update` with `is_active: false` (the same write as PATCH).
 */
export function versionedDeactivate<Row extends { version: number; is_active: boolean }, Result>(
  lock: Locker<Row>,
  describe: (scope: WriteScope, row: Row) => Result | Promise<Result>,
  update: (scope: WriteScope, id: string, patch: { is_active: false }) => Promise<Result>,
) {
  return async (scope: WriteScope, id: string, expectedVersion?: number): Promise<Result> => {
    const current = await lock(scope, id, expectedVersion);
    if (!current.is_active) return describe(scope, current);
    return update(scope, id, { is_active: false });
  };
}

/**
 * A delete use case `(scope, id, expectedVersion?)`: `lock` takes the row at the writer's version,
 * then `remove` deletes it; it answers nothing (204).
 */
export function versionedDelete<Row extends { id: string; version: number }>(
  lock: Locker<Row>,
  remove: (tx: Queryable, organizationId: string, id: string) => Promise<unknown>,
) {
  return async (scope: WriteScope, id: string, expectedVersion?: number): Promise<null> => {
    const row = await lock(scope, id, expectedVersion);
    await remove(scope.tx, scope.actor.organization.id, row.id);
    return null;
  };
}
