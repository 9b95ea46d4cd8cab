// Published: ledger reports (D40) from the balance summary.
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Actor, Deps } from '../../app/context.ts';
import { arAging } from '../../app/reports/ar-aging.ts';
import { generalLedger } from '../../app/reports/general-ledger.ts';
import { balanceSheet, profitAndLoss, trialBalance } from '../../app/reports/ledger-reports.ts';
import type { Permission } from '../../domain/roles.ts';
import { actorOf, type Checked, defineRoute } from '../route.ts';
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

  /** GET /api/v1/reports/<name>: `run` answers the query; its answer is held to `response`. */
  function report<Q extends TSchema, S extends TSchema, V>(
    name: string,
    spec: {
      operationId: string;
      summary: string;
      permission?: Permission;
      querystring: Q;
      response: S;
      run: (actor: Actor, query: Static<Q>) => Promise<Checked<V, Static<S>>>;
    },
  ) {
    const { response, run, ...declared } = spec;
    defineRoute(app, deps, {
      ...base,
      ...declared,
      method: 'GET',
      url: `/api/v1/reports/${name}`,
      response: { 200: response },
      handler: async (request) => (await run(actorOf(request), request.query)) as never,
    });
  }

  report('trial-balance', {
    operationId: 'getTrialBalance',
    summary: 'Trial balance as of a date (posted entries only)',
    querystring: AsOfQuery,
    response: TrialBalance,
    run: (actor, query) => trialBalance(deps, actor, query.as_of),
  });
  report('profit-and-loss', {
    operationId: 'getProfitAndLoss',
    summary: 'Profit and loss for a date range',
    querystring: RangeQuery,
    response: ProfitAndLoss,
    run: (actor, query) => profitAndLoss(deps, actor, query.from, query.to),
  });
  report('balance-sheet', {
    operationId: 'getBalanceSheet',
    summary: 'Balance sheet as of a date',
    querystring: AsOfQuery,
    response: BalanceSheet,
    run: (actor, query) => balanceSheet(deps, actor, query.as_of),
  });
  report('ar-aging', {
    operationId: 'getArAging',
    summary:
      'Receivables aging by customer as of a date (current, 1-30, 31-60, 61-90, over 90 days past due)',
    permission: 'reports:ar_aging',
    querystring: AsOfQuery,
    response: ArAging,
    run: (actor, query) => arAging(deps, actor, query.as_of),
  });
  report('general-ledger', {
    operationId: 'getGeneralLedger',
    summary: "One account's posted lines in a date range with a running balance",
    querystring: GeneralLedgerQuery,
    response: GeneralLedger,
    run: (actor, query) => generalLedger(deps, actor, query),
  });
}
