// Bank connections (D29, internal surface). No bank provider exists yet: a connection request is
// recorded as `pending`. Sandbox books refuse bank connections (spec "What the service does" 6).
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/errors.ts';
import * as bankConnections from '../../storage/stores/bank-connections.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { type PageCursor, toPage } from '../pagination.ts';

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
  await bankConnections.insertPending(scope.tx, {
    id,
    organizationId,
    institutionName: command.institution_name.trim(),
    requestedBy: scope.actor.userId,
  });
  return (await bankConnections.find(scope.tx, organizationId, id))!;
}

export async function listBankConnections(deps: Deps, actor: Actor, cursor: PageCursor | undefined) {
  const organizationId = actor.organization.id;
  return toPage(organizationId, await bankConnections.list(deps.db, organizationId, cursor), cursor);
}
