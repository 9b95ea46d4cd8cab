// Bank rules (D75): CRUD, and the suggestion the first matching rule makes for a bank line. A rule
// is checked whole when saved: its shape (src/domain/bank-rule.ts) and what it names (its bank
// account, and the action's account, tax rate and tracking options, as /create checks them), so a
// saved rule is one that can be accepted.
//
// Suggestions are computed when a bank transaction is read, from the rules as they are then (one
// query for all the rules, matched in memory), never stored: a rule added, changed or deleted shows
// at once on every unmatched line, without rewriting (and versioning) thousands of transactions.
import { randomUUID } from 'node:crypto';
import {
  type BankRule,
  checkRuleShape,
  firstMatchingRule,
  type RuleAction,
  type RuleCondition,
  type RuleDirection,
} from '../../domain/bank-rule.ts';
import { fieldError } from '../../domain/errors.ts';
import { parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { RuleFields, RuleRow } from '../../storage/stores/bank-rules.ts';
import * as rules from '../../storage/stores/bank-rules.ts';
import type { BankTransactionRow } from '../../storage/stores/bank-transactions.ts';
import type { WriteScope } from '../changes.ts';
import { listAll, readById } from '../reads.ts';
import { lockerOf, versionedDelete, versionedUpdate } from '../versions.ts';
import { recordStamps } from '../views.ts';
import { BANK_ACCOUNT } from './bank-accounts.ts';
import { actionCheck, type LineAction, RULE_ACTION_PATHS } from './line-actions.ts';

export { RULES_MAX } from '../../storage/stores/bank-rules.ts';
export const PRIORITY_MAX = 1_000_000;

/** What a bank rule proposes for a transaction (D75); null when none does. */
export interface Suggestion {
  rule: string;
  rule_name: string;
  kind: RuleAction['kind'];
  account: string;
  tax_rate: string | null;
  tracking_options: string[];
  memo: string | null;
}

export interface RuleInput {
  name: string;
  priority: number;
  account?: string | null;
  direction?: RuleDirection;
  match?: 'all' | 'any';
  conditions: RuleCondition[];
  action: LineAction;
}

function actionOf(row: RuleRow): RuleAction {
  const action = row.action as Partial<RuleAction>;
  return {
    kind: action.kind as RuleAction['kind'],
    account: String(action.account),
    tax_rate: action.tax_rate ?? null,
    tracking_options: action.tracking_options ?? [],
    memo: action.memo ?? null,
  };
}

/** A stored rule as the domain reads it (firstMatchingRule). */
function ruleOf(row: RuleRow): BankRule {
  return {
    id: row.id,
    name: row.name,
    priority: row.priority,
    accountId: row.account_id,
    direction: row.direction as RuleDirection,
    match: row.match_mode as 'all' | 'any',
    conditions: row.conditions as RuleCondition[],
    action: actionOf(row),
  };
}

/** A rule as answered: the domain's rule, its bank account as `account`, and its stamps. */
function describeRule(row: RuleRow) {
  const { id, name, priority, accountId, ...rule } = ruleOf(row);
  return { id, name, priority, account: accountId, ...rule, ...recordStamps(row) };
}
export type RuleView = ReturnType<typeof describeRule>;

/** The books' rules in the order they apply (priority, then age): one query. */
export async function rulesInOrder(db: Queryable, organizationId: string): Promise<BankRule[]> {
  return (await rules.inOrder(db, organizationId)).map(ruleOf);
}

/** The suggestion of the first rule that matches an unmatched transaction (D75), else null. */
export function suggestionOf(ordered: readonly BankRule[], row: BankTransactionRow): Suggestion | null {
  if (row.status !== 'unmatched') return null;
  const rule = firstMatchingRule(ordered, {
    accountId: row.account_id,
    amount: parseMoney(row.amount),
    description: row.description,
    payee: row.payee,
    reference: row.bank_reference,
  });
  if (!rule) return null;
  return {
    rule: rule.id,
    rule_name: rule.name,
    kind: rule.action.kind,
    account: rule.action.account,
    tax_rate: rule.action.tax_rate,
    tracking_options: rule.action.tracking_options,
    memo: rule.action.memo,
  };
}

export const readRule = readById(rules.find, 'bank rule', describeRule);

/** GET /bank-rules: in the order they apply (priority, then age), 50 a page. */
export const listRules = listAll(rules.page, describeRule);

/** A whole rule checked: its shape, then what it names (D70 bank account, the action's references). */
async function fieldsOf(scope: WriteScope, input: RuleInput): Promise<RuleFields> {
  const name = input.name.trim();
  if (name === '') throw fieldError('name', 'must not be blank');
  if (!Number.isInteger(input.priority) || input.priority < 0 || input.priority > PRIORITY_MAX) {
    throw fieldError('priority', `must be a whole number from 0 to ${PRIORITY_MAX}`);
  }
  const direction = input.direction ?? 'any';
  const conditions = checkRuleShape({ direction, conditions: input.conditions, action: input.action });
  const accountId = input.account ?? null;
  const { check, checkAccount } = await actionCheck(
    scope.tx,
    scope.actor.organization.id,
    [input.action],
    accountId ? [accountId] : [],
  );
  if (accountId) checkAccount({ id: accountId, path: 'account', rule: BANK_ACCOUNT });
  const checked = check(input.action, RULE_ACTION_PATHS, accountId);
  const action: RuleAction = {
    kind: checked.kind,
    account: checked.accountId,
    tax_rate: checked.tax ? (input.action.tax_rate ?? null) : null,
    tracking_options: checked.trackingOptionIds,
    memo: checked.memo,
  };
  return {
    name,
    priority: input.priority,
    account_id: accountId,
    direction,
    match_mode: input.match ?? 'all',
    conditions,
    action,
  };
}

export async function createRule(scope: WriteScope, input: RuleInput): Promise<RuleView> {
  const organizationId = scope.actor.organization.id;
  const fields = await fieldsOf(scope, input);
  // Each bank line is compared with every rule, so their number is bounded. Two requests creating
  // the last rules at once can pass the count together: the bound is a cost limit, not a ledger rule.
  if ((await rules.count(scope.tx, organizationId)) >= rules.RULES_MAX) {
    throw fieldError('name', `these books have ${rules.RULES_MAX} bank rules, the most they may keep`);
  }
  const id = randomUUID();
  await rules.insert(scope.tx, organizationId, id, fields);
  return readRule(scope.tx, scope.actor, id);
}

const lockRule = lockerOf(rules.lock, 'bank rule');

/** PATCH: sparse at the top level (conditions and action are replaced whole); checked whole again. */
export const updateRule = versionedUpdate(
  lockRule,
  async (scope, row, patch: Partial<RuleInput> & { version?: number }, version): Promise<RuleView> => {
    const { version: _version, ...given } = patch;
    const current = describeRule(row);
    const merged: RuleInput = {
      name: given.name ?? current.name,
      priority: given.priority ?? current.priority,
      account: given.account === undefined ? current.account : given.account,
      direction: given.direction ?? current.direction,
      match: given.match ?? current.match,
      conditions: given.conditions ?? current.conditions,
      action: given.action ?? current.action,
    };
    await rules.update(scope.tx, scope.actor.organization.id, row.id, await fieldsOf(scope, merged), version);
    return readRule(scope.tx, scope.actor, row.id);
  },
);

export const deleteRule = versionedDelete(lockRule, rules.remove);
