// Published: bank rules (D75): CRUD in the order they apply. What a rule proposes shows as a bank
// transaction's `suggestion`; POST /bank-transactions/accept-suggestions creates it.
import type { FastifyInstance } from 'fastify';
import { createRule, deleteRule, listRules, readRule, updateRule } from '../../app/banking/bank-rules.ts';
import type { Deps } from '../../app/context.ts';
import { namedRoutes } from '../named-routes.ts';
import {
  BankRule,
  BankRuleCreate,
  BankRuleListQuery,
  BankRuleUpdate,
  PageBankRule,
} from '../schemas/bank-rules.ts';

export function registerBankRuleRoutes(app: FastifyInstance, deps: Deps) {
  const bankRules = namedRoutes(app, deps, { noun: 'bank rule', area: 'banking', schema: BankRule });
  bankRules.list({
    summary: 'List bank rules in the order they apply (priority, then age)',
    querystring: BankRuleListQuery,
    page: PageBankRule,
    list: listRules,
  });
  bankRules.read((actor, id) => readRule(deps.db, actor, id));
  bankRules.create({
    summary: 'Save a bank rule',
    description:
      'The first rule (lowest priority) whose bank account, direction and conditions (all or any) take an unmatched bank line becomes its suggestion; nothing is posted until it is accepted. Text comparisons ignore case; amount comparisons take the absolute amount, exactly. The action is checked as POST /bank-transactions/{id}/create checks it.',
    body: BankRuleCreate,
    create: createRule,
  });
  bankRules.update({
    summary: 'Change a bank rule (sparse; conditions and action are replaced whole)',
    body: BankRuleUpdate,
    update: updateRule,
  });
  bankRules.remove({ summary: 'Delete a bank rule (what it created stays)', remove: deleteRule });
}
