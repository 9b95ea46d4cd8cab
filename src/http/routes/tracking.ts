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
import { resourceRoutes } from '../resource-routes.ts';
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

export function registerTrackingRoutes(app: FastifyInstance, deps: Deps) {
  const tracking = { tag: 'tracking', read: 'tracking:read', write: 'tracking:write' } as const;

  const categories = resourceRoutes(app, deps, {
    ...tracking,
    url: '/api/v1/tracking-categories',
    schema: TrackingCategory,
  });
  categories.list({
    operationId: 'listTrackingCategories',
    summary: 'List tracking categories with their options',
    querystring: TrackingCategoryListQuery,
    page: PageTrackingCategory,
    list: listCategories,
  });
  categories.read({
    operationId: 'readTrackingCategory',
    summary: 'Read a tracking category',
    read: (actor, id) => readCategory(deps, actor, id),
  });
  categories.create({
    operationId: 'createTrackingCategory',
    summary: 'Create a tracking category',
    description: `Names are unique in the books (case-insensitive); at most ${CATEGORIES_MAX} categories.`,
    body: TrackingCategoryCreate,
    create: createCategory,
  });
  categories.update({
    operationId: 'updateTrackingCategory',
    summary: 'Rename or (de)activate a tracking category (sparse)',
    description: 'Deactivating a category also deactivates its active options.',
    body: TrackingUpdate,
    update: updateCategory,
  });
  categories.act('deactivate', {
    operationId: 'deactivateTrackingCategory',
    summary: 'Deactivate a tracking category and its options',
    act: deactivateCategory,
  });

  const options = resourceRoutes(app, deps, {
    ...tracking,
    url: '/api/v1/tracking-options',
    schema: TrackingOption,
  });
  options.list({
    operationId: 'listTrackingOptions',
    summary: 'List tracking options',
    querystring: TrackingOptionListQuery,
    page: PageTrackingOption,
    list: listOptions,
  });
  options.read({
    operationId: 'readTrackingOption',
    summary: 'Read a tracking option',
    read: (actor, id) => readOption(deps, actor, id),
  });
  options.create({
    operationId: 'createTrackingOption',
    summary: 'Create a tracking option in a category',
    description: `Names are unique within the category (case-insensitive); at most ${OPTIONS_PER_CATEGORY_MAX} options per category.`,
    body: TrackingOptionCreate,
    create: createOption,
  });
  options.update({
    operationId: 'updateTrackingOption',
    summary: 'Rename or (de)activate a tracking option (sparse)',
    body: TrackingUpdate,
    update: updateOption,
  });
  options.act('deactivate', {
    operationId: 'deactivateTrackingOption',
    summary: 'Deactivate a tracking option',
    act: deactivateOption,
  });
}
