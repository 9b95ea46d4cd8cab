// The routes of a kind of contact (customers, vendors): namedRoutes, with the summaries of a
// contact's writes said once. A contact is listed, read, created (its description is the kind's own:
// what its payment terms set), changed sparsely, and deactivated, never deleted (D26).
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { WriteScope } from '../app/changes.ts';
import type { Deps } from '../app/context.ts';
import { type NamedKind, namedRoutes } from './named-routes.ts';
import type { CreateSpec, ListSpec, ReadSpec, UpdateSpec } from './resource-routes.ts';
import type { Checked } from './route.ts';

/** The routes of a contact kind, from its use cases and schemas and what its create says of it. */
export function contactRoutes<
  S extends TSchema,
  Q extends TSchema,
  R extends TSchema,
  C extends TSchema,
  U extends TSchema,
  Row,
  V,
>(
  app: FastifyInstance,
  deps: Deps,
  kind: NamedKind<S>,
  routes: {
    list: Omit<ListSpec<Q, R, Row>, 'operationId' | 'summary'>;
    read: ReadSpec<S, V>['read'];
    create: Omit<CreateSpec<S, C, V>, 'operationId' | 'summary'>;
    update: Pick<UpdateSpec<S, U, V>, 'body' | 'update'>;
    deactivate: (
      scope: WriteScope,
      id: string,
      version: number | undefined,
    ) => Promise<Checked<V, Static<S>>>;
  },
) {
  const { noun } = kind;
  const contacts = namedRoutes(app, deps, kind);
  contacts.list(routes.list);
  contacts.read(routes.read);
  contacts.create(routes.create);
  contacts.update({
    summary: `Update a ${noun} (sparse); is_active false deactivates`,
    description:
      'Send only the fields to change; null clears an optional field. Send `version` to detect a stale write.',
    ...routes.update,
  });
  contacts.act('deactivate', {
    description: `Same as PATCH with is_active false. Deactivating an inactive ${noun} changes nothing.`,
    act: routes.deactivate,
  });
}
