// What a bank line may become without a document (D74, D75): spend to or receive from an account,
// with an optional tax rate and tracking options, or a transfer to another bank account. The same
// checks run when a rule is saved (so a rule that saves is one that can be accepted) and again when a
// line is created from it (an account may have been deactivated since). The references of many
// actions are read once: accounts, tax rates and tracking options, one query each.
import { ACCOUNT_USES } from '../../domain/account-use.ts';
import type { BankLineKind } from '../../domain/bank-line.ts';
import { fieldError } from '../../domain/errors.ts';
import { assertTrackingOptionList } from '../../domain/journal.ts';
import { type Money, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import * as tax from '../../storage/stores/tax.ts';
import * as tracking from '../../storage/stores/tracking.ts';
import { type AccountReference, accountReferenceCheck } from '../documents/documents.ts';
import { BANK_ACCOUNT } from './bank-accounts.ts';

export const TRACKING_OPTIONS_MAX = 20;

export interface LineAction {
  kind: BankLineKind;
  account: string;
  tax_rate?: string | null;
  tracking_options?: string[];
  memo?: string | null;
}

/** Where a refusal points for each part of an action (`account`, or a rule's `action/account`). */
export interface ActionPaths {
  account: string;
  tax_rate: string;
  tracking_options: string;
}

export const PATHS: ActionPaths = {
  account: 'account',
  tax_rate: 'tax_rate',
  tracking_options: 'tracking_options',
};
export const RULE_ACTION_PATHS: ActionPaths = {
  account: 'action/account',
  tax_rate: 'action/tax_rate',
  tracking_options: 'action/tracking_options',
};

/** An action whose references hold: the tax's percentage and account, when taxed. */
export interface CheckedAction {
  kind: BankLineKind;
  accountId: string;
  tax: { percent: Money; accountId: string } | null;
  trackingOptionIds: string[];
  memo: string | null;
}

export type ActionCheck = (
  action: LineAction,
  paths: ActionPaths,
  /** The bank account the line is on (a transfer goes elsewhere), or null for a rule of any account. */
  bankAccountId: string | null,
) => CheckedAction;

/** Reads what `actions` name (plus `extraAccountIds`) once, and answers the check of each action. */
export async function actionCheck(
  db: Queryable,
  organizationId: string,
  actions: LineAction[],
  extraAccountIds: string[] = [],
): Promise<{ check: ActionCheck; checkAccount: (reference: AccountReference) => void }> {
  const rateIds = [...new Set(actions.flatMap((action) => (action.tax_rate ? [action.tax_rate] : [])))];
  const optionIds = [...new Set(actions.flatMap((action) => action.tracking_options ?? []))];
  const rates = rateIds.length > 0 ? await tax.findRates(db, organizationId, rateIds) : [];
  const options =
    optionIds.length > 0 ? await tracking.activeOptionCategories(db, organizationId, optionIds) : [];
  const checkAccount = await accountReferenceCheck(db, organizationId, [
    ...actions.map((action) => action.account),
    ...rates.map((rate) => rate.liability_account_id),
    ...extraAccountIds,
  ]);
  const rateById = new Map(rates.map((rate) => [rate.id, rate]));
  const categoryOf = new Map(options.map((option) => [option.id, option.category_id]));
  const check: ActionCheck = (action, paths, bankAccountId) => {
    if (action.kind === 'transfer') {
      checkAccount({ id: action.account, path: paths.account, rule: BANK_ACCOUNT });
      if (action.account === bankAccountId) {
        throw fieldError(paths.account, 'a transfer goes to another bank account than the line’s own');
      }
      if (action.tax_rate)
        throw fieldError(paths.tax_rate, 'a transfer between bank accounts carries no tax');
    } else {
      checkAccount({ id: action.account, path: paths.account, rule: ACCOUNT_USES.bankLineAccount });
    }
    let taxOf: CheckedAction['tax'] = null;
    if (action.tax_rate) {
      const rate = rateById.get(action.tax_rate);
      if (!rate) throw fieldError(paths.tax_rate, 'no such tax rate in these books');
      if (!rate.is_active) throw fieldError(paths.tax_rate, 'the tax rate is inactive');
      checkAccount({ id: rate.liability_account_id, path: paths.tax_rate, rule: ACCOUNT_USES.taxAccount });
      taxOf = { percent: parseMoney(rate.rate), accountId: rate.liability_account_id };
    }
    const trackingOptionIds = action.tracking_options ?? [];
    assertTrackingOptionList(trackingOptionIds, categoryOf, paths.tracking_options);
    return {
      kind: action.kind,
      accountId: action.account,
      tax: taxOf,
      trackingOptionIds,
      memo: action.memo?.trim() || null,
    };
  };
  return { check, checkAccount };
}
