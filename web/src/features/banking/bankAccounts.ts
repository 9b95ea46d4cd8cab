// Bank accounts as banking sees them (D70): active accounts of detail type bank or credit_card, and
// their ledger balance in the bank's own sign (money in positive), so it reads beside a statement's
// balance: a card's debt is negative on its statement and here alike.

import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import type { Account } from '../../api/queries/accounts.ts';
import { formatMoney, parseMoney } from '../../ui/money.ts';

export const BANK_DETAIL_TYPES = new Set(['bank', 'credit_card']);

export const isBankAccount = (account: Account) =>
  account.is_active && BANK_DETAIL_TYPES.has(account.detail_type);

/** Not the bank's side nor a control account: no receivables, payables, stock, bank or card. */
const NOT_OTHER_SIDE = new Set([
  ...BANK_DETAIL_TYPES,
  'undeposited_funds',
  'accounts_receivable',
  'accounts_payable',
  'inventory',
]);

/** An account a spend or receipt (a bank line recorded, a bank rule) may post to: the API's rule. */
export const isOtherSide = (account: Account) => !NOT_OTHER_SIDE.has(account.detail_type);

export function useBankAccounts() {
  const accounts = useAllAccounts();
  return { ...accounts, data: accounts.data?.filter(isBankAccount) };
}

/** The ledger balance as the bank writes it: an asset's as is, a liability's (a card) negated. */
export function bankSignBalance(account: Account): string {
  return account.type === 'asset' ? account.balance : formatMoney(-parseMoney(account.balance));
}

export const accountLabel = (account: Pick<Account, 'number' | 'name'>) =>
  `${account.number} ${account.name}`;

export const kindLabel = (account: Account) =>
  account.detail_type === 'credit_card' ? 'Credit card' : 'Bank';
