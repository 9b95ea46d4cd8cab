// Reconciliations (D76), read: one by id, and the list (filter by bank account, oldest first).
import type { ReconciliationRow } from '../../storage/stores/bank-reconciliations.ts';
import * as reconciliations from '../../storage/stores/bank-reconciliations.ts';
import { listByAccount, readById } from '../reads.ts';

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

export const readReconciliation = readById(
  reconciliations.find,
  'bank reconciliation',
  describeReconciliation,
);

/** GET /bank-reconciliations: oldest first (keyset on created_at, id), optionally of one account. */
export const listReconciliations = listByAccount(reconciliations.page, describeReconciliation);
