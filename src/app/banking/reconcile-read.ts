// Reconciliations (D76), read: one by id, and the list (filter by bank account, oldest first).
import { fieldError, notFound } from '../../domain/errors.ts';
import type { Queryable } from '../../storage/db.ts';
import { isUuid } from '../../storage/sql.ts';
import type { ReconciliationRow } from '../../storage/stores/bank-reconciliations.ts';
import * as reconciliations from '../../storage/stores/bank-reconciliations.ts';
import type { Actor, Deps } from '../context.ts';
import { type PageCursor, toPage } from '../pagination.ts';

export const RECONCILIATION_ENTITY = 'bank_reconciliation';

export function describeReconciliation(row: ReconciliationRow) {
  return {
    id: row.id,
    account: row.account_id,
    statement_date: row.statement_date,
    statement_balance: row.statement_balance,
    cleared_balance: row.cleared_balance,
    opening_balance: row.opening_balance,
    transactions_reconciled: row.transactions_reconciled,
    version: row.version,
    created_at: row.created_at,
  };
}
export type ReconciliationView = ReturnType<typeof describeReconciliation>;

export async function readReconciliation(db: Queryable, actor: Actor, id: string) {
  const row = await reconciliations.find(db, actor.organization.id, id);
  if (!row) throw notFound('bank reconciliation');
  return describeReconciliation(row);
}

/** GET /bank-reconciliations: oldest first (keyset on created_at, id), optionally of one account. */
export async function listReconciliations(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  query: { account?: string },
) {
  const organizationId = actor.organization.id;
  if (query.account !== undefined && !isUuid(query.account)) {
    throw fieldError('query/account', 'must be an account id (UUID)');
  }
  const rows = await reconciliations.page(deps.db, organizationId, query.account ?? null, cursor);
  const page = toPage(organizationId, rows, cursor);
  return { ...page, rows: page.rows.map(describeReconciliation) };
}
