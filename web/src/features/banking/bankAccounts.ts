// Bank accounts as banking sees them (D70): active accounts of detail type bank or credit_card, and
// their ledger balance in the bank's own sign (money in positive), so it reads beside a statement's
// balance: a card's debt is negative on its statement and here alike.

import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import type { Account } from '../../api/queries/accounts.ts';
import { formatMoney, parseMoney } from '../../ui/money.ts';

export const BANK_DETAIL_TYPES = new Set(['bank', 'credit_card']);

export const isBankAccount = (account: Account) =>
  account.is_active && BANK_DETAIL_TYPES.has(account.detail_type);

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
