// Published: tracking categories and tracking options (D28).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { decodeCursor } from '../../app/pagination.ts';
import {
  createCategory,
  createOption,
  deactivateCategory,
  deactivateOption,
  listCategories,
  listOptions,
  CATEGORIES_MAX,
  OPTIONS_PER_CATEGORY_MAX,
  readCategory,
  readOption,
  updateCategory,
  updateOption,
} from '../../app/tracking/tracking.ts';
import { actorOf, defineRoute, expectedVersion, respondWrite, withEtag } from '../route.ts';
import { CursorQuery, IdParams, Page, Version } from '../schemas/common.ts';
import { pageBody } from './paging.ts';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const TrackingCategory = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    is_active: Type.Boolean(),
    options: Type.Array(
      Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), is_active: Type.Boolean() }),
      {
        description: `Every option of the category, in creation order (at most ${OPTIONS_PER_CATEGORY_MAX}).`,
      },
    ),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'TrackingCategory', title: 'TrackingCategory' },
);

export const TrackingOption = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    category: Type.String({ format: 'uuid', description: 'Tracking category id.' }),
    name: Type.String(),
    is_active: Type.Boolean(),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'TrackingOption', title: 'TrackingOption' },
);

const VersionBody = Type.Object({ version: Type.Optional(Version) });
const Update = Type.Object({
  name: Type.Optional(Name),
  is_active: Type.Optional(Type.Boolean()),
  version: Type.Optional(Version),
});

export function registerTrackingRoutes(app: FastifyInstance, deps: Deps) {
  app.addSchema(TrackingCategory);
  app.addSchema(TrackingOption);
  const base = { tag: 'tracking', published: true, auth: 'organization' } as const;
  const CategoryRef = Type.Ref('TrackingCategory');
  const OptionRef = Type.Ref('TrackingOption');

  // ---- categories ----

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/tracking-categories',
    summary: 'List tracking categories with their options',
    permission: 'tracking:read',
    querystring: Type.Object({ ...CursorQuery, is_active: Type.Optional(Type.Boolean()) }),
    response: { 200: Page(CategoryRef) },
    handler: async (request) => {
      const actor = actorOf(request);
      const cursor = decodeCursor(actor.organization.id, request.query.cursor);
      return pageBody(deps, request, await listCategories(deps, actor, cursor, request.query));
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/tracking-categories/:id',
    summary: 'Read a tracking category',
    permission: 'tracking:read',
    params: IdParams,
    response: { 200: CategoryRef },
    handler: async (request, reply) =>
      withEtag(reply, await readCategory(deps, actorOf(request), request.params.id)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/tracking-categories',
    summary: 'Create a tracking category',
    description: `Names are unique in the books (case-insensitive); at most ${CATEGORIES_MAX} categories.`,
    permission: 'tracking:write',
    body: Type.Object({ name: Name }),
    response: { 201: CategoryRef },
    handler: async (request, reply) =>
      respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await createCategory(scope, request.body),
      })),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'PATCH',
    url: '/api/v1/tracking-categories/:id',
    summary: 'Rename or (de)activate a tracking category (sparse)',
    description: 'Deactivating a category also deactivates its active options.',
    permission: 'tracking:write',
    params: IdParams,
    body: Update,
    response: { 200: CategoryRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await updateCategory(scope, request.params.id, request.body, version),
      }));
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/tracking-categories/:id/deactivate',
    summary: 'Deactivate a tracking category and its options',
    permission: 'tracking:write',
    params: IdParams,
    body: VersionBody,
    response: { 200: CategoryRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await deactivateCategory(scope, request.params.id, version),
      }));
    },
  });

  // ---- options ----

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/tracking-options',
    summary: 'List tracking options',
    permission: 'tracking:read',
    querystring: Type.Object({
      ...CursorQuery,
      category: Type.Optional(Type.String({ description: 'Only the options of this category id.' })),
      is_active: Type.Optional(Type.Boolean()),
    }),
    response: { 200: Page(OptionRef) },
    handler: async (request) => {
      const actor = actorOf(request);
      const cursor = decodeCursor(actor.organization.id, request.query.cursor);
      return pageBody(deps, request, await listOptions(deps, actor, cursor, request.query));
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/tracking-options/:id',
    summary: 'Read a tracking option',
    permission: 'tracking:read',
    params: IdParams,
    response: { 200: OptionRef },
    handler: async (request, reply) =>
      withEtag(reply, await readOption(deps, actorOf(request), request.params.id)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/tracking-options',
    summary: 'Create a tracking option in a category',
    description: `Names are unique within the category (case-insensitive); at most ${OPTIONS_PER_CATEGORY_MAX} options per category.`,
    permission: 'tracking:write',
    body: Type.Object({ category: Type.String({ description: 'Tracking category id.' }), name: Name }),
    response: { 201: OptionRef },
    handler: async (request, reply) =>
      respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await createOption(scope, request.body),
      })),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'PATCH',
    url: '/api/v1/tracking-options/:id',
    summary: 'Rename or (de)activate a tracking option (sparse)',
    permission: 'tracking:write',
    params: IdParams,
    body: Update,
    response: { 200: OptionRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await updateOption(scope, request.params.id, request.body, version),
      }));
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/tracking-options/:id/deactivate',
    summary: 'Deactivate a tracking option',
    permission: 'tracking:write',
    params: IdParams,
    body: VersionBody,
    response: { 200: OptionRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await deactivateOption(scope, request.params.id, version),
      }));
    },
  });
}
