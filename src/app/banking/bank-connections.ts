// Bank connections (D29, internal surface). No bank provider exists yet: a connection request is
// recorded as `pending`. Sandbox books refuse bank connections (spec "What the service does" 6).
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/errors.ts';
import type { Queryable } from '../../storage/db.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { isoTimestamp } from '../ledger/sql.ts';
import { keysetClause, PAGE_SIZE, type PageCursor, toPage } from '../pagination.ts';

interface BankConnectionRow {
  id: string;
  institution_name: string;
  status: string;
  created_at: string;
}

const BANK_CONNECTION_SELECT = `SELECT id, institution_name, status, ${isoTimestamp('created_at')} AS created_at
  FROM bank_connections`;

async function findBankConnection(db: Queryable, organizationId: string, id: string) {
  const [row] = await db.query<BankConnectionRow>(
    `${BANK_CONNECTION_SELECT} WHERE organization_id = $1 AND id = $2`,
    [organizationId, id],
  );
  return row;
}

/** Refused before any transaction opens, so a sandbox request writes nothing at all. */
export function assertBankConnectionsAllowed(actor: Actor) {
  if (actor.organization.mode === 'sandbox') {
    throw new DomainError('sandbox_restricted', 'sandbox books cannot connect to a bank', {
      mode: 'sandbox',
    });
  }
}

export async function requestBankConnection(scope: WriteScope, command: { institution_name: string }) {
  assertBankConnectionsAllowed(scope.actor);
  const organizationId = scope.actor.organization.id;
  const id = randomUUID();
  await scope.tx.query(
    `INSERT INTO bank_connections (id, organization_id, institution_name, status, requested_by)
     VALUES ($1, $2, $3, 'pending', $4)`,
    [id, organizationId, command.institution_name.trim(), scope.actor.userId],
  );
  return (await findBankConnection(scope.tx, organizationId, id))!;
}

export async function listBankConnections(deps: Deps, actor: Actor, cursor: PageCursor | undefined) {
  const organizationId = actor.organization.id;
  const keyset = keysetClause(cursor, 2);
  const rows = await deps.db.query<BankConnectionRow>(
    `${BANK_CONNECTION_SELECT} WHERE organization_id = $1 AND ${keyset.condition}
      ORDER BY ${keyset.order} LIMIT ${PAGE_SIZE + 1}`,
    [organizationId, ...keyset.params],
  );
  return toPage(organizationId, rows, cursor);
}
