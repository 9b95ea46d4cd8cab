// Published: ledger reports (D40, D57), each as JSON or, with Accept: text/csv or ?format=csv, as CSV.
import { Readable } from 'node:stream';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, Deps } from '../../app/context.ts';
import { apAging } from '../../app/reports/ap-aging.ts';
import { arAging } from '../../app/reports/ar-aging.ts';
import { bankReconciliationReport } from '../../app/reports/bank-reconciliation.ts';
import { generalLedger, generalLedgerInFull } from '../../app/reports/general-ledger.ts';
import { generalLedgerAllAccounts } from '../../app/reports/general-ledger-all.ts';
import { inventoryValuation } from '../../app/reports/inventory-valuation.ts';
import { balanceSheet, profitAndLoss, trialBalance } from '../../app/reports/ledger-reports.ts';
import { taxSummary } from '../../app/reports/tax-summary.ts';
import type { Permission } from '../../domain/roles.ts';
import { csvReply, wantsCsv } from '../csv.ts';
import {
  apAgingCsv,
  arAgingCsv,
  balanceSheetCsv,
  bankReconciliationCsv,
  type CsvDocument,
  GENERAL_LEDGER_CSV_HEADER,
  generalLedgerCsvBalance,
  generalLedgerCsvLine,
  inventoryValuationCsv,
  profitAndLossCsv,
  taxSummaryCsv,
  trialBalanceCsv,
} from '../report-csv.ts';
import { actorOf, type Checked, defineRoute, type Sent } from '../route.ts';
import {
  ApAging,
  ArAging,
  AsOfQuery,
  BalanceSheet,
  BalanceSheetQuery,
  BankReconciliationReport,
  BankReconciliationReportQuery,
  DateRangeQuery,
  GeneralLedger,
  GeneralLedgerAllAccounts,
  GeneralLedgerAllAccountsQuery,
  GeneralLedgerQuery,
  InventoryValuation,
  ProfitAndLoss,
  ProfitAndLossQuery,
  TaxSummary,
  TrialBalance,
} from '../schemas/reports.ts';
import { pageUrl } from './paging.ts';

export function registerReportRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'reports', published: true, auth: 'organization', permission: 'reports:read' } as const;
  const csvNote = ' Accept: text/csv or ?format=csv answers the same figures as CSV.';

  /**
   * GET /api/v1/reports/<name>: `run` answers the query (held to `response`); `csv` lays the same
   * answer out as CSV when the request asks for it.
   */
  function report<Q extends TSchema, S extends TSchema, V>(
    name: string,
    spec: {
      operationId: string;
      summary: string;
      permission?: Permission;
      querystring: Q;
      response: S;
      run: (actor: Actor, query: Static<Q>) => Promise<Checked<V, Static<S>>>;
      csv: (answer: V) => CsvDocument;
    },
  ) {
    const { response, run, csv, ...declared } = spec;
    defineRoute(app, deps, {
      ...base,
      ...declared,
      description: `${spec.summary}.${csvNote}`,
      alsoProduces: 'text/csv',
      method: 'GET',
      url: `/api/v1/reports/${name}`,
      response: { 200: response },
      handler: async (request, reply) => {
        const answer = await run(actorOf(request), request.query);
        if (!wantsCsv(request)) return answer as never;
        const document = csv(answer as V);
        return csvReply(reply, document.filename).send(document.body) as Sent;
      },
    });
  }

  report('trial-balance', {
    operationId: 'getTrialBalance',
    summary: 'Trial balance as of a date (posted entries only)',
    querystring: AsOfQuery,
    response: TrialBalance,
    run: (actor, query) => trialBalance(deps, actor, query),
    csv: trialBalanceCsv,
  });
  report('profit-and-loss', {
    operationId: 'getProfitAndLoss',
    summary:
      'Profit and loss for a date range (income, cost of goods sold, gross profit, expenses, net income), optionally of one tracking option, optionally with comparison columns',
    querystring: ProfitAndLossQuery,
    response: ProfitAndLoss,
    run: (actor, query) => profitAndLoss(deps, actor, query),
    csv: profitAndLossCsv,
  });
  report('balance-sheet', {
    operationId: 'getBalanceSheet',
    summary: 'Balance sheet as of a date, optionally with comparison columns',
    querystring: BalanceSheetQuery,
    response: BalanceSheet,
    run: (actor, query) => balanceSheet(deps, actor, query),
    csv: balanceSheetCsv,
  });
  report('tax-summary', {
    operationId: 'getTaxSummary',
    summary:
      'Tax summary for a date range: per tax rate, taxable sales, tax collected, taxable purchases, tax paid and the net; its totals beside the movement of the tax accounts',
    querystring: DateRangeQuery,
    response: TaxSummary,
    run: (actor, query) => taxSummary(deps, actor, query),
    csv: taxSummaryCsv,
  });
  report('ar-aging', {
    operationId: 'getArAging',
    summary:
      'Receivables aging by customer as of a date (current, 1-30, 31-60, 61-90, over 90 days past due, unapplied credit); its total is the Accounts Receivable balance',
    permission: 'reports:ar_aging',
    querystring: AsOfQuery,
    response: ArAging,
    run: (actor, query) => arAging(deps, actor, query),
    csv: arAgingCsv,
  });
  report('ap-aging', {
    operationId: 'getApAging',
    summary:
      'Payables aging by vendor as of a date (current, 1-30, 31-60, 61-90, over 90 days past due); its total is the Accounts Payable balance',
    querystring: AsOfQuery,
    response: ApAging,
    run: (actor, query) => apAging(deps, actor, query),
    csv: apAgingCsv,
  });
  report('inventory-valuation', {
    operationId: 'getInventoryValuation',
    summary:
      'Inventory valuation as of a date: per inventory item, the quantity, value and average cost its movements dated up to then add to; the total beside the inventory asset accounts’ balance',
    querystring: AsOfQuery,
    response: InventoryValuation,
    run: (actor, query) => inventoryValuation(deps, actor, query),
    csv: inventoryValuationCsv,
  });
  report('bank-reconciliation', {
    operationId: 'getBankReconciliationReport',
    summary:
      'Bank reconciliation of one bank account as of a date (D76): statement balance, ledger balance, cleared balance and their difference, the last reconciliation, and the unmatched bank transactions and ledger lines (counted and totalled in full, at most 500 of each listed)',
    permission: 'banking:read',
    querystring: BankReconciliationReportQuery,
    response: BankReconciliationReport,
    run: (actor, query) => bankReconciliationReport(deps, actor, query),
    csv: bankReconciliationCsv,
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/reports/general-ledger',
    operationId: 'getGeneralLedger',
    summary: "One account's posted lines in a date range with a running balance, 50 a page",
    description:
      "Pages by cursor (next, previous); each page gives its opening and closing balance. Accept: text/csv or ?format=csv downloads the whole range (every line, without cursor) as CSV, between an 'Opening balance' and a 'Closing balance' record.",
    alsoProduces: 'text/csv',
    querystring: GeneralLedgerQuery,
    response: { 200: GeneralLedger },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      if (wantsCsv(request)) return generalLedgerDownload(request, reply, actor);
      const page = await generalLedger(deps, actor, request.query);
      return {
        ...page.report,
        next: pageUrl(deps, request, page.nextCursor),
        previous: pageUrl(deps, request, page.previousCursor),
      };
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/reports/general-ledger/all-accounts',
    operationId: 'getGeneralLedgerAllAccounts',
    summary:
      "Every account's posted lines in a date range, grouped by account (by number), each with its account's running balance, 50 a page",
    description:
      'Pages by cursor (next, previous). Each page lists the accounts it shows with their balance before their first line on the page and after their last; the first page of an account opens with its balance at the end of the day before `from`. Accounts with no line in the range are not listed (the trial balance has them).',
    querystring: GeneralLedgerAllAccountsQuery,
    response: { 200: GeneralLedgerAllAccounts },
    handler: async (request) => {
      const page = await generalLedgerAllAccounts(deps, actorOf(request), request.query);
      return {
        ...page.report,
        next: pageUrl(deps, request, page.nextCursor),
        previous: pageUrl(deps, request, page.previousCursor),
      };
    },
  });

  /** The whole range as CSV, streamed chunk by chunk (a million lines never sit in memory). */
  async function generalLedgerDownload(
    request: FastifyRequest<{ Querystring: Static<typeof GeneralLedgerQuery> }>,
    reply: FastifyReply,
    actor: Actor,
  ): Promise<Sent> {
    const full = await generalLedgerInFull(deps, actor, request.query);
    async function* records() {
      yield GENERAL_LEDGER_CSV_HEADER;
      yield generalLedgerCsvBalance('Opening balance', full.from, full.opening);
      let closing = full.opening;
      for await (const chunk of full.chunks()) {
        if (chunk.lines.length > 0) yield chunk.lines.map(generalLedgerCsvLine).join('');
        closing = chunk.balance;
      }
      yield generalLedgerCsvBalance('Closing balance', full.to, closing);
    }
    const tracked = full.trackingOption ? `-tracking-${full.trackingOption}` : '';
    const filename = `general-ledger-${full.account.number}-${full.from}-to-${full.to}${tracked}.csv`;
    return csvReply(reply, filename).send(Readable.from(records())) as Sent;
  }
}
