// D84: what an account may be used for, in one place. Every field that names an account (an item's
// accounts, a tax rate's account, an adjustment's offset, a document line, money in or out) names
// one of these uses; the same use is checked when the account is named and again when the document
// posts, so a setting that was valid once cannot make the books disagree with their documents later.
//
// The rules rest on which accounts documents keep: an account whose balance must equal what its
// documents say (receivables = open invoices, payables = open bills, inventory = the items' values,
// D57, D56, D86). No other posting may move those, or the agreement breaks.
import { type AccountType, CASH_DETAIL_TYPES, isCashAccount } from './chart.ts';

/** The part of an account a use looks at. */
export interface UsableAccount {
  type: AccountType;
  detail_type: string;
}

/** A rule for one use, and the sentence a refusal gives (400 validation_error on the field). */
export interface AccountRule {
  accepts(account: UsableAccount): boolean;
  requirement: string;
}

/** Detail types whose balance documents keep: receivables, payables and stock (D57, D56, D86). */
export const DOCUMENT_KEPT_DETAIL_TYPES: ReadonlySet<string> = new Set([
  'accounts_receivable',
  'accounts_payable',
  'inventory',
]);

/** An account whose balance is kept by documents (and so never moved by anything else). */
export function isDocumentKept(account: UsableAccount): boolean {
  return DOCUMENT_KEPT_DETAIL_TYPES.has(account.detail_type);
}

/** Money moves through these, and bank reconciliation keeps them: never a tax or offset account. */
const MONEY_DETAIL_TYPES: ReadonlySet<string> = new Set(CASH_DETAIL_TYPES);

function ofType(type: AccountType, what = `an ${type} account`): AccountRule {
  return { accepts: (account) => account.type === type, requirement: `must be ${what}` };
}

export const ACCOUNT_USES = {
  /** An invoice or credit note line's income account; an item's income account. */
  income: ofType('income'),
  /** An item's expense account (for an inventory item, its cost of goods sold account). */
  itemExpense: ofType('expense', 'an expense account'),
  /** An inventory item's asset account: where its stock's value is carried (D47, D86). */
  inventoryAsset: {
    accepts: (account) => account.type === 'asset' && account.detail_type === 'inventory',
    requirement: 'must be an inventory asset account (an asset of detail type inventory)',
  },
  /**
   * A tax rate's account: a liability (tax collected) or, for recoverable purchase tax, an asset,
   * that no document keeps and money does not move through: never Accounts Payable, Accounts
   * Receivable, inventory, a bank or card.
   */
  taxAccount: {
    accepts: (account) =>
      (account.type === 'liability' || account.type === 'asset') &&
      !isDocumentKept(account) &&
      !MONEY_DETAIL_TYPES.has(account.detail_type),
    requirement:
      'must be a liability (or, for recoverable tax, an asset) account other than payables, receivables, inventory, bank, cash or credit card',
  },
  /**
   * What a bill line without an inventory item buys: an expense, or an asset that is not money,
   * receivables or stock (stock is bought by naming its item, D54).
   */
  purchase: {
    accepts: (account) =>
      account.type === 'expense' ||
      (account.type === 'asset' && !isDocumentKept(account) && !MONEY_DETAIL_TYPES.has(account.detail_type)),
    requirement:
      'must be an expense account or an asset account other than cash, bank, receivables or inventory (stock is bought by naming its item)',
  },
  /**
   * The other side of an inventory adjustment (D52): anything but an account documents keep, so
   * stock value never moves into receivables, payables or another item's inventory account.
   */
  adjustmentOffset: {
    accepts: (account) => !isDocumentKept(account),
    requirement: 'must not be an inventory, receivables or payables account',
  },
  /**
   * D88: a deposit goes to a bank account: an asset of detail type bank (D70 also counts credit
   * cards as bank accounts for statements; cash is not taken to a bank).
   */
  depositTo: {
    accepts: (account) => account.type === 'asset' && account.detail_type === 'bank',
    requirement: 'must be a bank account (an asset account of detail type bank)',
  },
  /** D70: statement lines and bank transactions belong to an account of detail type bank or credit_card. */
  bankAccount: {
    accepts: (account) =>
      (account.type === 'asset' && account.detail_type === 'bank') ||
      (account.type === 'liability' && account.detail_type === 'credit_card'),
    requirement: 'must be a bank account (detail type bank or credit_card)',
  },
  /**
   * D74: the other side of money spent or received straight from a bank line (an expense, income,
   * a tax paid, an owner's draw, a loan): anything but an account documents keep (receivables,
   * payables, inventory), Undeposited Funds (kept by payments and deposits, D88) and a bank or card
   * account (money between bank accounts is a transfer, which names both).
   */
  bankLineAccount: {
    accepts: (account) =>
      !isDocumentKept(account) && !['bank', 'credit_card', 'undeposited_funds'].includes(account.detail_type),
    requirement:
      'must not be a receivables, payables, inventory, Undeposited Funds, bank or credit card account (money between bank accounts is a transfer)',
  },
  /** D64: money received or paid moves through cash. */
  cash: {
    accepts: (account) => isCashAccount(account.type, account.detail_type),
    requirement: `must be a bank, cash, undeposited funds or credit card account (detail type ${CASH_DETAIL_TYPES.join(', ')})`,
  },
} satisfies Record<string, AccountRule>;

export type AccountUse = keyof typeof ACCOUNT_USES;

/** An account of one type (a manual rule for fields with no named use). */
export function accountOfType(type: AccountType): AccountRule {
  return ofType(type);
}
