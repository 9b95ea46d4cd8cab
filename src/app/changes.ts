// The write scope: everything one transaction changes, flushed as change records at the end (D32).
import { DomainError } from '../domain/errors.ts';
import type { Tx } from '../storage/db.ts';
import type { Actor } from './context.ts';

export type Operation = 'created' | 'updated' | 'deleted';

export interface WriteScope {
  tx: Tx;
  actor: Actor;
  /** Records that `entityId` reached `version` by `operation`; one change record each (D32). */
  changed(entityType: string, entityId: string, operation: Operation, version: number): void;
  /** Notes a ledger posting dated `date`; the period lock is re-checked under the commit lock. */
  postedOn(date: string): void;
}

interface PendingChange {
  entityType: string;
  entityId: string;
  operation: Operation;
  version: number;
}

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

const STORE_RESPONSE = `UPDATE idempotency_keys SET response_status = $7, response_body = $8
  WHERE organization_id = $1 AND credential_id = $9 AND key = $10`;

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
  const count = pending.length;
  const responseParams = response ? [response.status, response.text, actor.credentialId, response.key] : [];
  if (count === 0 && ledgerDates.length === 0) {
    if (response) {
      await tx.query(
        `UPDATE idempotency_keys SET response_status = $2, response_body = $3
          WHERE organization_id = $1 AND credential_id = $4 AND key = $5`,
        [organizationId, ...responseParams],
      );
    }
    return;
  }
  // One statement takes the counter (its row lock is held to commit), writes the change records (and
  // the stored response of an idempotent write) and reads the lock date: every round trip from here
  // to commit is time all other writers of the organization wait.
  const [counter] = await tx.query<{ first: string; closed: string | null }>(
    `WITH ${response ? `stored AS (${STORE_RESPONSE}),` : ''} counter AS (
       UPDATE sequences SET next_value = next_value + $2
        WHERE organization_id = $1 AND name = 'change'
        RETURNING next_value - $2 AS first, books_closed_through),
     written AS (
       INSERT INTO changes (organization_id, seq, entity_type, entity_id, operation, entity_version)
       SELECT $1, counter.first + s.ordinal - 1, s.entity_type, s.entity_id, s.operation, s.entity_version
         FROM counter, unnest($3::text[], $4::uuid[], $5::text[], $6::int[]) WITH ORDINALITY
           AS s(entity_type, entity_id, operation, entity_version, ordinal))
     SELECT first::text AS first, books_closed_through::text AS closed FROM counter`,
    [
      organizationId,
      count,
      pending.map((change) => change.entityType),
      pending.map((change) => change.entityId),
      pending.map((change) => change.operation),
      pending.map((change) => change.version),
      ...responseParams,
    ],
  );
  if (!counter) throw new Error(`organization ${organizationId} has no change counter`);
  // The lock date as of the counter lock (migration 0003): a period close that committed while we
  // waited is seen here. The refusal rolls back the change records written above.
  if (ledgerDates.length > 0 && counter.closed) {
    const earliest = [...ledgerDates].sort()[0]!;
    if (earliest <= counter.closed) throw periodClosed(earliest, counter.closed);
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

/**
 * Sets the lock date on the change counter row (migration 0003). The update takes the counter's row
 * lock to commit, so close and reopen serialize with every writer of the organization: a posting
 * that takes the counter after us reads the new date in the same statement.
 */
export async function setLockDateOnChangeCounter(tx: Tx, organizationId: string, through: string | null) {
  await tx.query(
    "UPDATE sequences SET books_closed_through = $2::date WHERE organization_id = $1 AND name = 'change'",
    [organizationId, through],
  );
}
