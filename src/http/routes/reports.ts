// Published: ledger reports (D40) from the balance summary.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { arAging } from '../../app/reports/ar-aging.ts';
import { generalLedger } from '../../app/reports/general-ledger.ts';
import { balanceSheet, profitAndLoss, trialBalance } from '../../app/reports/ledger-reports.ts';
import { actorOf, defineRoute } from '../route.ts';
import {
  ArAging,
  AsOfQuery,
  BalanceSheet,
  GeneralLedger,
  GeneralLedgerQuery,
  ProfitAndLoss,
  RangeQuery,
  TrialBalance,
} from '../schemas/reports.ts';

export function registerReportRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'reports', published: true, auth: 'organization', permission: 'reports:read' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/reports/trial-balance',
    operationId: 'getTrialBalance',
    summary: 'Trial balance as of a date (posted entries only)',
    querystring: AsOfQuery,
    response: { 200: TrialBalance },
    handler: async (request) => trialBalance(deps, actorOf(request), request.query.as_of),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/reports/profit-and-loss',
    operationId: 'getProfitAndLoss',
    summary: 'Profit and loss for a date range',
    querystring: RangeQuery,
    response: { 200: ProfitAndLoss },
    handler: async (request) => profitAndLoss(deps, actorOf(request), request.query.from, request.query.to),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/reports/balance-sheet',
    operationId: 'getBalanceSheet',
    summary: 'Balance sheet as of a date',
    querystring: AsOfQuery,
    response: { 200: BalanceSheet },
    handler: async (request) => balanceSheet(deps, actorOf(request), request.query.as_of),
  });

  defineRoute(app, deps, {
    ...base,
    permission: 'reports:ar_aging',
    method: 'GET',
    url: '/api/v1/reports/ar-aging',
    operationId: 'getArAging',
    summary:
      'Receivables aging by customer as of a date (current, 1-30, 31-60, 61-90, over 90 days past due)',
    querystring: AsOfQuery,
    response: { 200: ArAging },
    handler: async (request) => arAging(deps, actorOf(request), request.query.as_of),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/reports/general-ledger',
    operationId: 'getGeneralLedger',
    summary: "One account's posted lines in a date range with a running balance",
    querystring: GeneralLedgerQuery,
    response: { 200: GeneralLedger },
    handler: async (request) => generalLedger(deps, actorOf(request), request.query),
  });
}
