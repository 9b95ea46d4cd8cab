// The routes of a resource named by its noun (documents, payments, contacts): resourceRoutes with
// the URL, the tag, every operationId and the list's and read's summaries taken from the noun, so
// that a kind declares only what is its own (schemas, use cases, the summaries of its writes). A
// `bill payment` is at /api/v1/bill-payments, tagged `bill payments`; its operations are
// `listBillPayments`, `readBillPayment`, `createBillPayment`, `updateBillPayment`,
// `deleteBillPayment` and `<verb>BillPayment` for an action.
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../app/context.ts';
import type { Permission } from '../domain/roles.ts';
import {
  type ActSpec,
  type ActWithSpec,
  type CreateSpec,
  type ListSpec,
  type ReadSpec,
  type RemoveSpec,
  resourceRoutes,
  type UpdateSpec,
} from './resource-routes.ts';

/** What a pair of permissions `<area>:read` and `<area>:write` is named by: accounts, payables, banking... */
export type PermissionArea = {
  [P in Permission]: P extends `${infer Area}:read`
    ? `${Area}:write` extends Permission
      ? Area
      : never
    : never;
}[Permission];

/**
 * A resource named by its noun; `plural` where it is not the noun and an s ("payments received"),
 * `tag` where its routes are grouped under another name than the plural (tax rates under `tax`).
 * Its reads need `<area>:read`, its writes `<area>:write`.
 */
export interface NamedKind<S extends TSchema> {
  noun: string;
  plural?: string;
  tag?: string;
  area: PermissionArea;
  schema: S;
}

/** A spec whose `K` may be left out: the noun names it (a kind may still say its own). */
type Defaulted<Spec, K extends keyof Spec> = Omit<Spec, K> & Partial<Pick<Spec, K>>;
type Named = 'operationId' | 'summary';

/** The routes of a named resource: resourceRoutes', each named from the noun. */
export function namedRoutes<S extends TSchema>(app: FastifyInstance, deps: Deps, kind: NamedKind<S>) {
  const { noun, plural = `${noun}s`, tag = plural, area, schema } = kind;
  const one = pascal(noun);
  const url = `/api/v1/${plural.replace(/ /g, '-')}`;
  const routes = resourceRoutes(app, deps, {
    url,
    tag,
    schema,
    read: `${area}:read`,
    write: `${area}:write`,
  });
  return {
    ...routes,
    url,
    plural,
    /** The noun in camel case, for an operation named after the kind: `creditNote` (`creditNoteTotals`). */
    camelNoun: `${one[0]!.toLowerCase()}${one.slice(1)}`,
    /** GET url: `listInvoices`, "List invoices". */
    list<Q extends TSchema, R extends TSchema, Row>(spec: Defaulted<ListSpec<Q, R, Row>, Named>) {
      routes.list({ operationId: `list${pascal(plural)}`, summary: `List ${plural}`, ...spec });
    },
    /** GET url/:id: `readInvoice`, "Read an invoice" (or the kind's own summary). */
    read<V>(read: ReadSpec<S, V>['read'], summary = `Read ${articled(noun)}`) {
      routes.read({ operationId: `read${one}`, summary, read });
    },
    /** POST url: `createInvoice`, "Create an invoice" unless the kind says more. */
    create<B extends TSchema, V>(spec: Defaulted<CreateSpec<S, B, V>, Named>) {
      routes.create({ operationId: `create${one}`, summary: `Create ${articled(noun)}`, ...spec });
    },
    /** PATCH url/:id: `updateInvoice`. */
    update<B extends TSchema, V>(spec: Defaulted<UpdateSpec<S, B, V>, 'operationId'>) {
      routes.update({ operationId: `update${one}`, ...spec });
    },
    /** DELETE url/:id: `deleteInvoice`. */
    remove(spec: Defaulted<RemoveSpec, 'operationId'>) {
      routes.remove({ operationId: `delete${one}`, ...spec });
    },
    /** POST url/:id/<verb>: `voidInvoice`, "Void an invoice" unless the kind says more. */
    act<V>(verb: string, spec: Defaulted<ActSpec<S, V>, Named>) {
      const summary = `${verb[0]!.toUpperCase()}${verb.slice(1)} ${articled(noun)}`;
      routes.act(verb, { operationId: `${verb}${one}`, summary, ...spec });
    },
    /** POST url/:id/<verb> with a body of its own: `applyCreditNote`. */
    actWith<B extends TSchema, V>(verb: string, spec: Defaulted<ActWithSpec<S, B, V>, 'operationId'>) {
      routes.actWith(verb, { operationId: `${verb}${one}`, ...spec });
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
