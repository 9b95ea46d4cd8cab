// Published: ledger reports (D40) from the balance summary.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { AGING_BUCKETS, arAging } from '../../app/reports/ar-aging.ts';
import { generalLedger } from '../../app/reports/general-ledger.ts';
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

  const Buckets = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, MoneyOutput()]));
  defineRoute(app, deps, {
    ...base,
    permission: 'reports:ar_aging',
    method: 'GET',
    url: '/api/v1/reports/ar-aging',
    summary:
      'Receivables aging by customer as of a date (current, 1-30, 31-60, 61-90, over 90 days past due)',
    querystring: Type.Object({ as_of: Type.Optional(Type.String({ format: 'date' })) }),
    response: {
      200: Type.Object({
        as_of: Type.String(),
        currency: Type.String(),
        customers: Type.Array(
          Type.Object({
            customer: Type.String(),
            customer_name: Type.String(),
            ...Buckets,
            total: MoneyOutput(),
          }),
        ),
        totals: Type.Object({ ...Buckets, total: MoneyOutput() }),
      }),
    },
    handler: async (request) => arAging(deps, actorOf(request), request.query.as_of),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/reports/general-ledger',
    summary: "One account's posted lines in a date range with a running balance",
    querystring: Type.Object({
      account: Type.String({ description: 'Account id.' }),
      from: Type.Optional(Type.String({ format: 'date' })),
      to: Type.Optional(Type.String({ format: 'date' })),
    }),
    response: {
      200: Type.Object({
        account: Type.String(),
        account_number: Type.String(),
        account_name: Type.String(),
        from: Type.String(),
        to: Type.String(),
        currency: Type.String(),
        opening_balance: MoneyOutput(),
        lines: Type.Array(
          Type.Object({
            journal_entry: Type.String(),
            entry_number: Type.String(),
            txn_date: Type.String(),
            memo: Type.String(),
            source_type: Type.String(),
            source_id: Type.Union([Type.String(), Type.Null()]),
            description: Type.String(),
            debit: MoneyOutput(),
            credit: MoneyOutput(),
            balance: MoneyOutput(),
          }),
        ),
        closing_balance: MoneyOutput(),
      }),
    },
    handler: async (request) => generalLedger(deps, actorOf(request), request.query),
  });
}
