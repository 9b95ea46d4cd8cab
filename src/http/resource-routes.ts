// The routes of a standard resource (issue 8): list, read one, create, update (PATCH with version)
// delete, and the POST actions on one record (deactivate, send, void, post; apply, with a body) are the same declaration for
// every kind of record but for names, schemas and use cases. Each is declared here once; the typed
// answer still holds, as in defineRoute and action: a use case's answer must be the route's schema.
// A resource's other routes (an invoice's PDF, a journal batch) go through get and post, which
// take the tag, the published surface and the read or write permission from the resource.
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { WriteScope } from '../app/changes.ts';
import type { Actor, Deps } from '../app/context.ts';
import type { Page, PageCursor } from '../app/pagination.ts';
import type { Permission } from '../domain/roles.ts';
import {
  type ActionSpec,
  action,
  actorOf,
  type Checked,
  defineRoute,
  type Responses,
  type RouteSpec,
  withEtag,
} from './route.ts';
import { listing } from './routes/paging.ts';
import { ActionRequest, IdParams, NoContent } from './schemas/common.ts';

/** A published resource at `url`: read routes need `read`, writes `write`; `schema` is its record. */
export interface Resource<S extends TSchema> {
  url: string;
  tag: string;
  read: Permission;
  write: Permission;
  schema: S;
}

export interface Described {
  operationId: string;
  summary: string;
  description?: string;
}

type ResultOf<P> = P extends { results: readonly (infer E)[] } ? E : never;

/** GET url: the page schema `page`, its filters `querystring`, the list use case. */
export type ListSpec<Q extends TSchema, R extends TSchema, Row> = Described & {
  querystring: Q;
  page: R;
  list: (
    deps: Deps,
    actor: Actor,
    cursor: PageCursor | undefined,
    query: Static<Q>,
  ) => Promise<Page<Checked<Row, ResultOf<Static<R>>>>>;
};

/** GET url/:id: the read use case, answering the record. */
export type ReadSpec<S extends TSchema, V> = Described & {
  read: (actor: Actor, id: string) => Promise<Checked<V, Static<S>>>;
};

/** POST url: the body and the create use case, answering the record. */
export type CreateSpec<S extends TSchema, B extends TSchema, V> = Described & {
  body: B;
  create: (scope: WriteScope, body: Static<B>) => Promise<Checked<V, Static<S>>>;
};

/** PATCH url/:id: the body and the update use case, answering the record. */
export type UpdateSpec<S extends TSchema, B extends TSchema, V> = Described & {
  body: B;
  update: (
    scope: WriteScope,
    id: string,
    patch: Static<B>,
    version: number | undefined,
  ) => Promise<Checked<V, Static<S>>>;
};

/** DELETE url/:id: the remove use case (204, no body). */
export type RemoveSpec = Described & {
  remove: (scope: WriteScope, id: string, version: number | undefined) => Promise<unknown>;
};

/** POST url/:id/<verb> with a body of its own: the body and the use case, answering the record. */
export type ActWithSpec<S extends TSchema, B extends TSchema, V> = Described & {
  body: B;
  act: (
    scope: WriteScope,
    id: string,
    body: Static<B>,
    version: number | undefined,
  ) => Promise<Checked<V, Static<S>>>;
};

/** POST url/:id/<verb> with an ActionRequest body: the use case, answering the record. */
export type ActSpec<S extends TSchema, V> = Described & {
  act: (scope: WriteScope, id: string, version: number | undefined) => Promise<Checked<V, Static<S>>>;
};

/** What every route of a resource takes from it: tag, published, auth, permission; get and post: method. */
type FromResource = 'tag' | 'published' | 'auth' | 'permission' | 'method';

/** Declares the routes of one resource; each method declares one route, in the order called. */
export function resourceRoutes<S extends TSchema>(app: FastifyInstance, deps: Deps, resource: Resource<S>) {
  const { url, schema } = resource;
  const base = { tag: resource.tag, published: true, auth: 'organization' } as const;
  const one = `${url}/:id`;
  /** A read of the resource (`defineRoute`, GET), needing its read permission. */
  function reading<B extends TSchema, Q extends TSchema, P extends TSchema, R extends Responses, V>(
    spec: Omit<RouteSpec<B, Q, P, R, V>, FromResource>,
  ) {
    defineRoute(app, deps, { ...base, permission: resource.read, method: 'GET', ...spec });
  }
  /** A write of the resource (`action`), needing its write permission. */
  function writing<B extends TSchema, Q extends TSchema, P extends TSchema, R extends Responses, V>(
    method: 'POST' | 'PATCH' | 'DELETE',
    spec: Omit<ActionSpec<B, Q, P, R, V>, FromResource>,
  ) {
    action(app, deps, { ...base, permission: resource.write, method, ...spec });
  }
  /** POST url/:id/<verb> with a body of its own (apply): a change at the version read. */
  function actWith<B extends TSchema, V>(verb: string, spec: ActWithSpec<S, B, V>) {
    const { act, ...described } = spec;
    writing('POST', {
      ...described,
      url: `${one}/${verb}`,
      params: IdParams,
      response: { 200: schema },
      write: (scope, request, version) => act(scope, request.params.id, request.body, version),
    });
  }

  return {
    /**
     * Another GET of the resource, declared in full but for what it takes from the resource (tag,
     * published, organization auth, the read permission): `GET /invoices/:id/pdf`.
     */
    get: reading,
    /** Another POST of the resource, likewise with its write permission: `POST /invoices/:id/email`. */
    post<B extends TSchema, Q extends TSchema, P extends TSchema, R extends Responses, V>(
      spec: Omit<ActionSpec<B, Q, P, R, V>, FromResource>,
    ) {
      writing('POST', spec);
    },
    /** GET url: a page of records (`?cursor=`), from the list use case. */
    list<Q extends TSchema, R extends TSchema, Row>(spec: ListSpec<Q, R, Row>) {
      const { page, list, ...described } = spec;
      reading({
        ...described,
        url,
        response: { 200: page },
        // The page's rows are checked against the page schema's results by the `list` signature.
        handler: listing(deps, list) as never,
      });
    },
    /** GET url/:id: one record with its ETag. */
    read<V>(spec: ReadSpec<S, V>) {
      const { read, ...described } = spec;
      reading({
        ...described,
        url: one,
        params: IdParams,
        response: { 200: schema },
        handler: async (request, reply) =>
          withEtag(reply, (await read(actorOf(request), request.params.id)) as { version: number }) as never,
      });
    },
    /** POST url: creates a record (201). */
    create<B extends TSchema, V>(spec: CreateSpec<S, B, V>) {
      const { create, ...described } = spec;
      writing('POST', {
        ...described,
        url,
        response: { 201: schema },
        write: (scope, request) => create(scope, request.body),
      });
    },
    /** PATCH url/:id: a sparse change at the version the writer read. */
    update<B extends TSchema, V>(spec: UpdateSpec<S, B, V>) {
      const { update, ...described } = spec;
      writing('PATCH', {
        ...described,
        url: one,
        params: IdParams,
        response: { 200: schema },
        write: (scope, request, version) => update(scope, request.params.id, request.body, version),
      });
    },
    /** DELETE url/:id: removes a record at the version read (204, no body). */
    remove(spec: RemoveSpec) {
      const { remove, ...described } = spec;
      writing('DELETE', {
        ...described,
        url: one,
        params: IdParams,
        response: { 204: NoContent },
        write: async (scope, request, version) => {
          await remove(scope, request.params.id, version);
          return null;
        },
      });
    },
    actWith,
    /** POST url/:id/<verb> with an ActionRequest body: a change of state at the version read. */
    act<V>(verb: string, spec: ActSpec<S, V>) {
      const { act, ...described } = spec;
      actWith(verb, {
        ...described,
        body: ActionRequest,
        act: (scope, id, _body, version) => act(scope, id, version),
      });
    },
  };
}
