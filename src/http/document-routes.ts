// The routes every priced document has (invoices, credit notes, bills, vendor credits): namedRoutes
// (everything named from the noun) with the totals row of the list and the draft's change. A kind adds
// its own actions (send, issue, open, void, apply, delete) on the routes this returns, in the order it
// declares them.
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Actor, Deps } from '../app/context.ts';
import { type NamedKind, namedRoutes } from './named-routes.ts';
import type { UpdateSpec } from './resource-routes.ts';
import { actorOf, type Checked } from './route.ts';
import { DocumentListTotals } from './schemas/common.ts';

/** The routes of a document kind: namedRoutes', with its totals and its drafts' change. */
export function documentRoutes<S extends TSchema>(app: FastifyInstance, deps: Deps, kind: NamedKind<S>) {
  const routes = namedRoutes(app, deps, kind);
  const { url, plural, camelNoun } = routes;
  return {
    ...routes,
    /**
     * GET url/totals: `invoiceTotals`, the count and sums of what the list's filters match (a totals
     * row). Settled kinds sum their balances due (DocumentListTotals); credits their remaining credit.
     */
    totals<Q extends TSchema, V, R extends TSchema = typeof DocumentListTotals>(
      querystring: Q,
      totals: (deps: Deps, actor: Actor, query: Static<Q>) => Promise<Checked<V, Static<R>>>,
      sums: { response: R; second: string } = {
        response: DocumentListTotals as unknown as R,
        second: 'their balances due',
      },
    ) {
      routes.get({
        url: `${url}/totals`,
        operationId: `${camelNoun}Totals`,
        summary: `Count and sum the ${plural} the list filters match (every page): a list’s totals row`,
        description: `Takes the filters of GET /${url.slice('/api/v1/'.length)} (not cursor or sort) and answers how many ${plural} match, the sum of their totals and of ${sums.second}, in the books’ currency.`,
        querystring,
        response: { 200: sums.response },
        handler: (request) => totals(deps, actorOf(request), request.query),
      });
    },
    /** PATCH url/:id: `updateInvoice`, "Change a draft invoice (sparse; lines replace all lines)". */
    update<B extends TSchema, V>(spec: Omit<UpdateSpec<S, B, V>, 'operationId' | 'summary'>) {
      routes.update({ summary: `Change a draft ${kind.noun} (sparse; lines replace all lines)`, ...spec });
    },
  };
}
