// D70: a bank account is an active account of detail type `bank` or `credit_card`; statement lines
// and bank transactions belong to one. Every other account is refused on the field that names it.

import type { Queryable } from '../../storage/db.ts';
import { type AccountRule, assertActiveAccount } from '../documents/documents.ts';

export const BANK_DETAIL_TYPES: readonly string[] = ['bank', 'credit_card'];

export const BANK_ACCOUNT: AccountRule = {
  accepts: (account) => BANK_DETAIL_TYPES.includes(account.detail_type),
  requirement: 'must be a bank account (detail type bank or credit_card)',
};

/** `id` names an active bank account of these books, else 400 validation_error on `path`. */
export function assertBankAccount(db: Queryable, organizationId: string, id: string, path: string) {
  return assertActiveAccount(db, organizationId, id, path, BANK_ACCOUNT);
}
