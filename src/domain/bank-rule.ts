// Bank rules (D75): which bank lines a rule takes (its account, direction and conditions) and what it
// proposes for them. Pure: the shape rules of a rule, and whether it matches a line. Text comparisons
// ignore case; amount comparisons take the line's absolute amount, exactly (bigint at scale 4, never
// a float).
import type { BankLineKind } from './bank-line.ts';
import { fieldError } from './errors.ts';
import { isMoneyString, type Money, parseMoney } from './money.ts';

export { BANK_LINE_KINDS as RULE_ACTION_KINDS } from './bank-line.ts';
export const RULE_DIRECTIONS = ['in', 'out', 'any'] as const;
export const RULE_MATCH_MODES = ['all', 'any'] as const;
export const RULE_FIELDS = ['description', 'payee', 'reference', 'amount'] as const;
export const RULE_OPERATORS = ['contains', 'equals', 'starts_with', 'gt', 'lt'] as const;
export const CONDITIONS_PER_RULE_MAX = 20;
export const RULE_TEXT_LENGTH_MAX = 200;

export type RuleDirection = (typeof RULE_DIRECTIONS)[number];
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export interface RuleCondition {
  field: RuleField;
  operator: RuleOperator;
  value: string;
}

export interface RuleAction {
  kind: BankLineKind;
  account: string;
  tax_rate: string | null;
  tracking_options: string[];
  memo: string | null;
}

/** A rule as stored and as matched. */
export interface BankRule {
  id: string;
  name: string;
  priority: number;
  accountId: string | null;
  direction: RuleDirection;
  match: 'all' | 'any';
  conditions: RuleCondition[];
  action: RuleAction;
}

/** The facts of a bank line a rule looks at. */
export interface RuleLine {
  accountId: string;
  amount: Money;
  description: string;
  payee: string | null;
  reference: string;
}

const TEXT_OPERATORS: readonly RuleOperator[] = ['contains', 'equals', 'starts_with'];
const AMOUNT_OPERATORS: readonly RuleOperator[] = ['equals', 'gt', 'lt'];

/**
 * The shape rules a stored rule keeps (the accounts it names are the caller's to check): each
 * condition's operator fits its field (text: contains, equals, starts_with; amount: equals, gt, lt),
 * text values are not blank, amount values are exact non-negative decimal strings (compared with the
 * absolute amount), and the action can apply in the rule's direction. Answers the conditions as kept
 * (text trimmed, amounts as given).
 */
export function checkRuleShape(rule: {
  direction: RuleDirection;
  conditions: RuleCondition[];
  action: { kind: BankLineKind; tax_rate?: string | null };
}): RuleCondition[] {
  if (rule.conditions.length === 0) throw fieldError('conditions', 'a rule needs at least one condition');
  if (rule.conditions.length > CONDITIONS_PER_RULE_MAX) {
    throw fieldError('conditions', `a rule has at most ${CONDITIONS_PER_RULE_MAX} conditions`);
  }
  const conditions = rule.conditions.map((condition, index): RuleCondition => {
    const path = `conditions/${index}`;
    if (condition.field === 'amount') {
      if (!AMOUNT_OPERATORS.includes(condition.operator)) {
        throw fieldError(`${path}/operator`, `an amount is compared with ${AMOUNT_OPERATORS.join(', ')}`);
      }
      if (!isMoneyString(condition.value)) {
        throw fieldError(`${path}/value`, 'must be a decimal string such as "42.50"', 'invalid_money');
      }
      if (parseMoney(condition.value) < 0n) {
        throw fieldError(
          `${path}/value`,
          'must not be negative: amounts are compared by their absolute value (use direction for the sign)',
          'invalid_money',
        );
      }
      return { ...condition };
    }
    if (!TEXT_OPERATORS.includes(condition.operator)) {
      throw fieldError(`${path}/operator`, `text is compared with ${TEXT_OPERATORS.join(', ')}`);
    }
    const value = condition.value.trim();
    if (value === '') throw fieldError(`${path}/value`, 'must not be blank');
    return { ...condition, value };
  });
  const { kind } = rule.action;
  if ((kind === 'spend' && rule.direction === 'in') || (kind === 'receive' && rule.direction === 'out')) {
    throw fieldError(
      'action/kind',
      `${kind} is for money ${kind === 'spend' ? 'out' : 'in'}; this rule takes money ${rule.direction} only`,
    );
  }
  if (kind === 'transfer' && rule.action.tax_rate) {
    throw fieldError('action/tax_rate', 'a transfer between bank accounts carries no tax');
  }
  return conditions;
}

function textOf(line: RuleLine, field: Exclude<RuleField, 'amount'>): string {
  if (field === 'description') return line.description;
  if (field === 'payee') return line.payee ?? '';
  return line.reference;
}

export function conditionHolds(condition: RuleCondition, line: RuleLine): boolean {
  if (condition.field === 'amount') {
    const magnitude = line.amount < 0n ? -line.amount : line.amount;
    const value = parseMoney(condition.value);
    if (condition.operator === 'gt') return magnitude > value;
    if (condition.operator === 'lt') return magnitude < value;
    return magnitude === value;
  }
  const text = textOf(line, condition.field).toLowerCase();
  const value = condition.value.toLowerCase();
  if (condition.operator === 'contains') return text.includes(value);
  if (condition.operator === 'starts_with') return text.startsWith(value);
  return text === value;
}

/**
 * Whether `rule` takes `line` and can propose for it: the rule's bank account (or any), its
 * direction, its conditions (all or any), and an action that fits the line: spend for money out,
 * receive for money in, a transfer to another account than the line's and never of zero.
 */
export function ruleMatches(rule: BankRule, line: RuleLine): boolean {
  if (rule.accountId !== null && rule.accountId !== line.accountId) return false;
  if (line.amount === 0n) return false;
  const moneyIn = line.amount > 0n;
  if (rule.direction === 'in' && !moneyIn) return false;
  if (rule.direction === 'out' && moneyIn) return false;
  const { action } = rule;
  if (action.kind === 'spend' && moneyIn) return false;
  if (action.kind === 'receive' && !moneyIn) return false;
  if (action.kind === 'transfer' && action.account === line.accountId) return false;
  const holds = (condition: RuleCondition) => conditionHolds(condition, line);
  return rule.match === 'all' ? rule.conditions.every(holds) : rule.conditions.some(holds);
}

/** The first rule (in the order given: priority, then age) that matches the line, or undefined. */
export function firstMatchingRule(rules: readonly BankRule[], line: RuleLine): BankRule | undefined {
  return rules.find((rule) => ruleMatches(rule, line));
}
