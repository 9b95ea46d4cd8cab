// The routes every priced document has (invoices, credit notes, bills), declared from one
// descriptor on top of resourceRoutes: the list with its filters (and its totals row), one by id, a
// new draft and a change to a draft, named and summarized alike for every kind. A kind adds its own actions (send,
// issue, open, void, apply, delete) on the routes this returns, in the order it declares them.
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Actor, Deps } from '../app/context.ts';
import {
  type CreateSpec,
  type ListSpec,
  type ReadSpec,
  type Resource,
  resourceRoutes,
  type UpdateSpec,
} from './resource-routes.ts';
import { actorOf, type Checked } from './route.ts';
import { DocumentListTotals } from './schemas/common.ts';

/**
 * A kind of document: its noun names everything else. `credit note` is at /api/v1/credit-notes,
 * tagged `credit notes`, its operations `listCreditNotes`, `readCreditNote`, ..., its summaries
 * "List credit notes", "Read a credit note". `read` and `write` are its permissions.
 */
export interface DocumentKind<S extends TSchema> extends Omit<Resource<S>, 'url' | 'tag'> {
  noun: string;
}

type Named = 'operationId' | 'summary';

/** The routes of a document kind: its resource's, with list, read and update named from the kind. */
export function documentRoutes<S extends TSchema>(app: FastifyInstance, deps: Deps, kind: DocumentKind<S>) {
  const { noun } = kind;
  const plural = `${noun}s`;
  const operation = { one: pascal(noun), many: pascal(plural) };
  const url = `/api/v1/${plural.replace(/ /g, '-')}`;
  const routes = resourceRoutes(app, deps, { ...kind, url, tag: plural });
  return {
    ...routes,
    /** GET url: `listInvoices`, "List invoices". */
    list<Q extends TSchema, R extends TSchema, Row>(spec: Omit<ListSpec<Q, R, Row>, Named>) {
      routes.list({ operationId: `list${operation.many}`, summary: `List ${noun}s`, ...spec });
    },
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
        operationId: `${operation.one[0]!.toLowerCase()}${operation.one.slice(1)}Totals`,
        summary: `Count and sum the ${plural} the list filters match (every page): a list’s totals row`,
        description: `Takes the filters of GET /${url.slice('/api/v1/'.length)} (not cursor or sort) and answers how many ${plural} match, the sum of their totals and of ${sums.second}, in the books’ currency.`,
        querystring,
        response: { 200: sums.response },
        handler: (request) => totals(deps, actorOf(request), request.query),
      });
    },
    /** GET url/:id: `readInvoice`, "Read an invoice". */
    read<V>(read: ReadSpec<S, V>['read']) {
      routes.read({ operationId: `read${operation.one}`, summary: `Read ${articled(noun)}`, read });
    },
    /** POST url: `createInvoice`; the summary and description are the kind's own. */
    create<B extends TSchema, V>(spec: Omit<CreateSpec<S, B, V>, 'operationId'>) {
      routes.create({ operationId: `create${operation.one}`, ...spec });
    },
    /** PATCH url/:id: `updateInvoice`, "Change a draft invoice (sparse; lines replace all lines)". */
    update<B extends TSchema, V>(spec: Omit<UpdateSpec<S, B, V>, Named>) {
      routes.update({
        operationId: `update${operation.one}`,
        summary: `Change a draft ${noun} (sparse; lines replace all lines)`,
        ...spec,
      });
    },
  };
}

/** `credit note` -> `CreditNote`. */
function pascal(words: string): string {
  return words.replace(/(?:^| )(\w)/g, (_, letter: string) => letter.toUpperCase());
}

function articled(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}
