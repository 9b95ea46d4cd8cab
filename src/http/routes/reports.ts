// Published: ledger reports (D40) from the balance summary.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { balanceSheet, profitAndLoss, trialBalance } from '../../app/reports/ledger-reports.ts';
import { actorOf, defineRoute } from '../route.ts';
import { MoneyOutput } from '../schemas/common.ts';

const SectionAccounts = Type.Array(
  Type.Object({
    account: Type.String(),
    account_number: Type.String(),
    account_name: Type.String(),
    amount: MoneyOutput(),
  }),
);
const Section = Type.Object({ accounts: SectionAccounts, total: MoneyOutput() });

export function registerReportRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'reports', published: true, auth: 'organization', permission: 'reports:read' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/reports/trial-balance',
    summary: 'Trial balance as of a date (posted entries only)',
    querystring: Type.Object({ as_of: Type.Optional(Type.String({ format: 'date' })) }),
    response: {
      200: Type.Object({
        as_of: Type.String(),
        currency: Type.String(),
        lines: Type.Array(
          Type.Object({
            account: Type.String(),
            account_number: Type.String(),
            account_name: Type.String(),
            account_type: Type.String(),
            debit: MoneyOutput(),
            credit: MoneyOutput(),
          }),
        ),
        total_debit: MoneyOutput(),
        total_credit: MoneyOutput(),
        in_balance: Type.Boolean(),
      }),
    },
    handler: async (request) => trialBalance(deps, actorOf(request), request.query.as_of),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/reports/profit-and-loss',
    summary: 'Profit and loss for a date range',
    querystring: Type.Object({
      from: Type.Optional(Type.String({ format: 'date' })),
      to: Type.Optional(Type.String({ format: 'date' })),
    }),
    response: {
      200: Type.Object({
        from: Type.String(),
        to: Type.String(),
        currency: Type.String(),
        income: Section,
        expenses: Section,
        net_income: MoneyOutput(),
      }),
    },
    handler: async (request) => profitAndLoss(deps, actorOf(request), request.query.from, request.query.to),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/reports/balance-sheet',
    summary: 'Balance sheet as of a date',
    querystring: Type.Object({ as_of: Type.Optional(Type.String({ format: 'date' })) }),
    response: {
      200: Type.Object({
        as_of: Type.String(),
        currency: Type.String(),
        assets: Section,
        liabilities: Section,
        equity: Type.Object({
          accounts: SectionAccounts,
          current_earnings: MoneyOutput(),
          total: MoneyOutput(),
        }),
        total_liabilities_and_equity: MoneyOutput(),
        in_balance: Type.Boolean(),
      }),
    },
    handler: async (request) => balanceSheet(deps, actorOf(request), request.query.as_of),
  });
}
