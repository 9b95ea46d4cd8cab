// Bank connections (D29, D89, internal surface): a bank account's link to where its lines come from,
// `file` (statements imported) or `api` (lines pushed with POST /bank-transactions). Active at once;
// an aggregator or a bank's own API will be a provider behind one port, later. Sandbox books refuse
// bank connections (spec "What the service does" 6).
import { randomUUID } from 'node:crypto';
import { DomainError, notFound } from '../../domain/errors.ts';
import type { Queryable } from '../../storage/db.ts';
import type { BankConnectionRow } from '../../storage/stores/bank-connections.ts';
import * as bankConnections from '../../storage/stores/bank-connections.ts';
import * as bank from '../../storage/stores/bank-transactions.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { type PageCursor, toPage } from '../pagination.ts';
import { assertBankAccount } from './bank-accounts.ts';

/** Refused before any transaction opens, so a sandbox request writes nothing at all. */
export function assertBankConnectionsAllowed(actor: Actor) {
  if (actor.organization.mode === 'sandbox') {
    throw new DomainError('sandbox_restricted', 'sandbox books cannot connect to a bank', {
      mode: 'sandbox',
    });
  }
}

/** The connections with their account's activity: lines, unmatched lines, the last lines' arrival. */
async function describeConnections(db: Queryable, organizationId: string, rows: BankConnectionRow[]) {
  const accountIds = [...new Set(rows.flatMap((row) => (row.account_id ? [row.account_id] : [])))];
  const activity = new Map(
    (accountIds.length === 0 ? [] : await bank.activityOf(db, organizationId, accountIds)).map((row) => [
      row.account_id,
      row,
    ]),
  );
  return rows.map((row) => {
    const seen = row.account_id ? activity.get(row.account_id) : undefined;
    return {
      id: row.id,
      account: row.account_id,
      source: row.source,
      institution_name: row.institution_name,
      status: row.status,
      last_import_at: seen?.last_import_at ?? null,
      transaction_count: seen?.transaction_count ?? 0,
      unmatched_count: seen?.unmatched_count ?? 0,
      created_at: row.created_at,
    };
  });
}

export async function requestBankConnection(
  scope: WriteScope,
  command: { account: string; source: 'file' | 'api'; institution_name: string },
) {
  assertBankConnectionsAllowed(scope.actor);
  const organizationId = scope.actor.organization.id;
  await assertBankAccount(scope.tx, organizationId, command.account, 'account');
  const id = randomUUID();
  await bankConnections.insertActive(scope.tx, {
    id,
    organizationId,
    accountId: command.account,
    source: command.source,
    institutionName: command.institution_name.trim(),
    requestedBy: scope.actor.userId,
  });
  const row = await bankConnections.find(scope.tx, organizationId, id);
  if (!row) throw notFound('bank connection');
  const [view] = await describeConnections(scope.tx, organizationId, [row]);
  return view!;
}

export async function listBankConnections(deps: Deps, actor: Actor, cursor: PageCursor | undefined) {
  const organizationId = actor.organization.id;
  const page = toPage(organizationId, await bankConnections.list(deps.db, organizationId, cursor), cursor);
  return { ...page, rows: await describeConnections(deps.db, organizationId, page.rows) };
}
