// Bank rules (D75): what a rule takes (its bank account, direction and conditions) and proposes.
import { Type } from '@sinclair/typebox';
import { PRIORITY_MAX } from '../../app/banking/bank-rules.ts';
import { TRACKING_OPTIONS_MAX } from '../../app/banking/line-actions.ts';
import {
  CONDITIONS_PER_RULE_MAX,
  RULE_ACTION_KINDS,
  RULE_DIRECTIONS,
  RULE_FIELDS,
  RULE_MATCH_MODES,
  RULE_OPERATORS,
  RULE_TEXT_LENGTH_MAX,
} from '../../domain/bank-rule.ts';
import * as S from './common.ts';

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Priority = Type.Integer({
  minimum: 0,
  maximum: PRIORITY_MAX,
  description: 'Lower applies first; among equal priorities the older rule first.',
});
const Direction = S.Literals(RULE_DIRECTIONS, {
  description: 'in: money in (positive lines); out: money out; any (default).',
});
const MatchMode = S.Literals(RULE_MATCH_MODES, {
  description: 'all (default): every condition holds; any: at least one does.',
});

const Condition = Type.Object({
  field: S.Literals(RULE_FIELDS, { description: 'reference is the bank_reference.' }),
  operator: S.Literals(RULE_OPERATORS, {
    description: 'Text: contains, equals, starts_with (ignoring case); amount: equals, gt, lt.',
  }),
  value: Type.String({
    minLength: 1,
    maxLength: RULE_TEXT_LENGTH_MAX,
    description: 'Text, or for amount a decimal string compared exactly with the line’s absolute amount.',
  }),
});

const ActionKind = S.Literals(RULE_ACTION_KINDS, {
  description: 'spend (money out), receive (money in), transfer (to or from another bank account).',
});

const RuleActionOutput = Type.Object({
  kind: ActionKind,
  account: Type.String({ format: 'uuid' }),
  tax_rate: S.OrNull(Type.String({ format: 'uuid' })),
  tracking_options: Type.Array(Type.String({ format: 'uuid' })),
  memo: S.OrNull(Type.String()),
});

const RuleActionInput = Type.Object({
  kind: ActionKind,
  account: Type.String({
    description:
      'spend, receive: the other account (as POST /bank-transactions/{id}/create takes it); transfer: another bank account.',
  }),
  tax_rate: Type.Optional(S.OrNull(Type.String())),
  tracking_options: Type.Optional(Type.Array(Type.String(), { maxItems: TRACKING_OPTIONS_MAX })),
  memo: Type.Optional(S.OrNull(Type.String({ maxLength: 2000 }))),
});

export const BankRule = S.Named('BankRule', {
  id: S.IdOutput,
  name: Type.String(),
  priority: Type.Integer(),
  account: S.OrNull(
    Type.String({ format: 'uuid', description: 'The bank account it applies to; null: all.' }),
  ),
  direction: Direction,
  match: MatchMode,
  conditions: Type.Array(Condition),
  action: RuleActionOutput,
  ...S.RecordStamps,
});

export const PageBankRule = S.Page(S.ref(BankRule), 'BankRule');
export const BankRuleListQuery = Type.Object({ ...S.CursorQuery });

const RuleFields = {
  name: Name,
  priority: Priority,
  account: Type.Optional(S.OrNull(Type.String({ description: 'A bank account (D70), or null for all.' }))),
  direction: Type.Optional(Direction),
  match: Type.Optional(MatchMode),
  conditions: Type.Array(Condition, { minItems: 1, maxItems: CONDITIONS_PER_RULE_MAX }),
  action: RuleActionInput,
};

export const BankRuleCreate = Type.Object(RuleFields, { $id: 'BankRuleCreate', title: 'BankRuleCreate' });

export const BankRuleUpdate = S.Named('BankRuleUpdate', {
  ...RuleFields,
  name: Type.Optional(Name),
  priority: Type.Optional(Priority),
  conditions: Type.Optional(RuleFields.conditions),
  action: Type.Optional(RuleActionInput),
  ...S.VersionRead,
});

export const BANK_RULE_COMPONENTS = [BankRule, PageBankRule, BankRuleCreate, BankRuleUpdate];
