// Published: bank reconciliations (D76): reconcile a bank account on a statement date, read and list.
import type { FastifyInstance } from 'fastify';
import { reconcileBankAccount } from '../../app/banking/reconcile.ts';
import { listReconciliations, readReconciliation } from '../../app/banking/reconcile-read.ts';
import type { Deps } from '../../app/context.ts';
import { namedRoutes } from '../named-routes.ts';
import {
  BankReconciliation,
  BankReconciliationCreate,
  BankReconciliationListQuery,
  PageBankReconciliation,
} from '../schemas/bank-reconciliations.ts';

export function registerBankReconciliationRoutes(app: FastifyInstance, deps: Deps) {
  const reconciliations = namedRoutes(app, deps, {
    noun: 'bank reconciliation',
    area: 'banking',
    schema: BankReconciliation,
  });
  reconciliations.list({
    summary: 'List reconciliations (oldest first)',
    querystring: BankReconciliationListQuery,
    page: PageBankReconciliation,
    list: listReconciliations,
  });
  reconciliations.read((actor, id) => readReconciliation(deps.db, actor, id), 'Read a reconciliation');
  reconciliations.create({
    operationId: 'reconcileBankAccount',
    summary: 'Reconcile a bank account on a statement date (D76)',
    description:
      'The cleared balance is the opening balance (posted lines dated before the account’s first bank transaction, less those matched to a bank transaction counted here or dated after statement_date) plus the ledger lines matched to bank transactions dated on or before statement_date. Equal to statement_balance: 201, the reconciliation is stored and the matched transactions not yet reconciled name it in `reconciliation` (their matches can no longer change: unmatch is 409). Not equal: 409 invalid_state with detail {cleared_balance, statement_balance, difference} and nothing written. A statement_date before the account’s last reconciliation, or with no bank transaction on or before it: 409 invalid_state on statement_date. Honours Idempotency-Key.',
    body: BankReconciliationCreate,
    create: reconcileBankAccount,
  });
}
