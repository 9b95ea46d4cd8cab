// Published: tracking categories and tracking options (D28).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import {
  CATEGORIES_MAX,
  createCategory,
  createOption,
  deactivateCategory,
  deactivateOption,
  listCategories,
  listOptions,
  OPTIONS_PER_CATEGORY_MAX,
  readCategory,
  readOption,
  updateCategory,
  updateOption,
} from '../../app/tracking/tracking.ts';
import { action, actorOf, defineRoute, withEtag } from '../route.ts';
import { ActionRequest, IdParams } from '../schemas/common.ts';
import {
  PageTrackingCategory,
  PageTrackingOption,
  TrackingCategory,
  TrackingCategoryCreate,
  TrackingCategoryListQuery,
  TrackingOption,
  TrackingOptionCreate,
  TrackingOptionListQuery,
  TrackingUpdate,
} from '../schemas/tracking.ts';
import { listing } from './paging.ts';

export function registerTrackingRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'tracking', published: true, auth: 'organization' } as const;
  const read = { ...base, permission: 'tracking:read' } as const;
  const write = { ...base, permission: 'tracking:write' } as const;

  // ---- categories ----

  defineRoute(app, deps, {
    ...read,
    method: 'GET',
    url: '/api/v1/tracking-categories',
    operationId: 'listTrackingCategories',
    summary: 'List tracking categories with their options',
    querystring: TrackingCategoryListQuery,
    response: { 200: PageTrackingCategory },
    handler: listing(deps, listCategories),
  });

  defineRoute(app, deps, {
    ...read,
    method: 'GET',
    url: '/api/v1/tracking-categories/:id',
    operationId: 'readTrackingCategory',
    summary: 'Read a tracking category',
    params: IdParams,
    response: { 200: TrackingCategory },
    handler: async (request, reply) =>
      withEtag(reply, await readCategory(deps, actorOf(request), request.params.id)),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/tracking-categories',
    operationId: 'createTrackingCategory',
    summary: 'Create a tracking category',
    description: `Names are unique in the books (case-insensitive); at most ${CATEGORIES_MAX} categories.`,
    body: TrackingCategoryCreate,
    response: { 201: TrackingCategory },
    write: (scope, request) => createCategory(scope, request.body),
  });

  action(app, deps, {
    ...write,
    method: 'PATCH',
    url: '/api/v1/tracking-categories/:id',
    operationId: 'updateTrackingCategory',
    summary: 'Rename or (de)activate a tracking category (sparse)',
    description: 'Deactivating a category also deactivates its active options.',
    params: IdParams,
    body: TrackingUpdate,
    response: { 200: TrackingCategory },
    write: (scope, request, version) => updateCategory(scope, request.params.id, request.body, version),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/tracking-categories/:id/deactivate',
    operationId: 'deactivateTrackingCategory',
    summary: 'Deactivate a tracking category and its options',
    params: IdParams,
    body: ActionRequest,
    response: { 200: TrackingCategory },
    write: (scope, request, version) => deactivateCategory(scope, request.params.id, version),
  });

  // ---- options ----

  defineRoute(app, deps, {
    ...read,
    method: 'GET',
    url: '/api/v1/tracking-options',
    operationId: 'listTrackingOptions',
    summary: 'List tracking options',
    querystring: TrackingOptionListQuery,
    response: { 200: PageTrackingOption },
    handler: listing(deps, listOptions),
  });

  defineRoute(app, deps, {
    ...read,
    method: 'GET',
    url: '/api/v1/tracking-options/:id',
    operationId: 'readTrackingOption',
    summary: 'Read a tracking option',
    params: IdParams,
    response: { 200: TrackingOption },
    handler: async (request, reply) =>
      withEtag(reply, await readOption(deps, actorOf(request), request.params.id)),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/tracking-options',
    operationId: 'createTrackingOption',
    summary: 'Create a tracking option in a category',
    description: `Names are unique within the category (case-insensitive); at most ${OPTIONS_PER_CATEGORY_MAX} options per category.`,
    body: TrackingOptionCreate,
    response: { 201: TrackingOption },
    write: (scope, request) => createOption(scope, request.body),
  });

  action(app, deps, {
    ...write,
    method: 'PATCH',
    url: '/api/v1/tracking-options/:id',
    operationId: 'updateTrackingOption',
    summary: 'Rename or (de)activate a tracking option (sparse)',
    params: IdParams,
    body: TrackingUpdate,
    response: { 200: TrackingOption },
    write: (scope, request, version) => updateOption(scope, request.params.id, request.body, version),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/tracking-options/:id/deactivate',
    operationId: 'deactivateTrackingOption',
    summary: 'Deactivate a tracking option',
    params: IdParams,
    body: ActionRequest,
    response: { 200: TrackingOption },
    write: (scope, request, version) => deactivateOption(scope, request.params.id, version),
  });
}
