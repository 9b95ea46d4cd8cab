// Reconciliations (D76): the stored reconciliation, the request that makes one, the page and filters.
import { Type } from '@sinclair/typebox';
import * as S from './common.ts';

export const BankReconciliation = S.Named('BankReconciliation', {
  id: S.IdOutput,
  account: Type.String({ format: 'uuid', description: 'The bank account (D70).' }),
  statement_date: Type.String({ format: 'date' }),
  statement_balance: S.MoneyOutput('The balance the bank statement shows at the end of statement_date.'),
  cleared_balance: S.MoneyOutput(
    'opening_balance plus the ledger lines matched to bank transactions dated on or before statement_date; equal to statement_balance.',
  ),
  opening_balance: S.MoneyOutput(
    'What the account held before its first bank transaction: posted lines dated before that day, less those matched to a bank transaction counted here or dated after statement_date.',
  ),
  transactions_reconciled: Type.Integer({
    minimum: 0,
    description:
      'Matched bank transactions this reconciliation froze (their `reconciliation` names it; their matches no longer change).',
  }),
  version: Type.Integer(),
  created_at: Type.String(),
});

export const BankReconciliationCreate = S.Named('BankReconciliationCreate', {
  account: S.Uuid('The bank account (D70).'),
  statement_date: S.DateString('The statement’s closing date; not before the account’s last reconciliation.'),
  statement_balance: S.MoneyInput('The closing balance the statement shows, signed as the bank shows it.'),
});

export const PageBankReconciliation = S.Page(S.ref(BankReconciliation), 'BankReconciliation');

export const BankReconciliationListQuery = Type.Object({
  ...S.CursorQuery,
  account: Type.Optional(Type.String({ description: 'Only this bank account’s reconciliations.' })),
});

export const BANK_RECONCILIATION_COMPONENTS = [
  BankReconciliation,
  BankReconciliationCreate,
  PageBankReconciliation,
];
