// The write scope: everything one transaction changes, flushed as change records at the end (D32).
import { DomainError } from '../domain/errors.ts';
import type { EntityType } from '../domain/roles.ts';
import type { Tx } from '../storage/db.ts';
import * as changes from '../storage/stores/changes.ts';
import * as idempotencyKeys from '../storage/stores/idempotency.ts';
import type { Actor } from './context.ts';

export type Operation = changes.ChangeRecord['operation'];

export interface WriteScope {
  tx: Tx;
  actor: Actor;
  /** Records that `entityId` reached `version` by `operation`; one change record each (D32). */
  changed(entityType: EntityType, entityId: string, operation: Operation, version: number): void;
  /** Notes a ledger posting dated `date`; the period lock is re-checked under the commit lock. */
  postedOn(date: string): void;
}

type PendingChange = changes.ChangeRecord;

export function createWriteScope(tx: Tx, actor: Actor) {
  const pending: PendingChange[] = [];
  const ledgerDates: string[] = [];
  const scope: WriteScope = {
    tx,
    actor,
    changed: (entityType, entityId, operation, version) =>
      pending.push({ entityType, entityId, operation, version }),
    postedOn: (date) => ledgerDates.push(date),
  };
  return {
    scope,
    /** Writes the change records; with `response`, also the idempotent write's stored response. */
    flush: (response?: StoredResponseWrite) => flushChanges(tx, actor, pending, ledgerDates, response),
  };
}

/** The response of an idempotent write, stored on its claimed key (D35) by the flush statement. */
export interface StoredResponseWrite {
  key: string;
  status: number;
  text: string;
}

/**
 * Takes the organization's change counter (a row lock held until commit) as the LAST step of the
 * transaction. Writers of one organization therefore commit in the order of their change numbers,
 * so a reader that has seen seq N has seen every committed seq below N: the feed never skips.
 * The lock is held only for the commit itself, and only within one organization.
 */
async function flushChanges(
  tx: Tx,
  actor: Actor,
  pending: PendingChange[],
  ledgerDates: string[],
  response?: StoredResponseWrite,
) {
  const organizationId = actor.organization.id;
  const stored = response && {
    scope: { organizationId, credentialId: actor.credentialId, key: response.key },
    status: response.status,
    text: response.text,
  };
  if (pending.length === 0 && ledgerDates.length === 0) {
    if (stored) await idempotencyKeys.storeResponse(tx, stored.scope, stored);
    return;
  }
  const { booksClosedThrough } = await changes.append(tx, organizationId, pending, stored);
  // The lock date as of the counter lock (migration 0003): a period close that committed while we
  // waited is seen here. The refusal rolls back the change records written above.
  if (ledgerDates.length > 0 && booksClosedThrough) {
    const earliest = [...ledgerDates].sort()[0]!;
    if (earliest <= booksClosedThrough) throw periodClosed(earliest, booksClosedThrough);
  }
}

export function periodClosed(date: string, closedThrough: string): DomainError {
  return new DomainError(
    'period_closed',
    `${date} falls in a closed period (books closed through ${closedThrough})`,
    {
      date,
      books_closed_through: closedThrough,
    },
  );
}

/** Sets the lock date on the change counter row (src/storage/stores/changes.ts setLockDate says why). */
export const setLockDateOnChangeCounter = changes.setLockDate;
