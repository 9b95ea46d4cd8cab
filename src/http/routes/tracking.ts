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
import { namedRoutes } from '../named-routes.ts';
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
  const tracking = { tag: 'tracking', area: 'tracking' } as const;

  const categories = namedRoutes(app, deps, {
    ...tracking,
    noun: 'tracking category',
    plural: 'tracking categories',
    schema: TrackingCategory,
  });
  categories.list({
    summary: 'List tracking categories with their options',
    querystring: TrackingCategoryListQuery,
    page: PageTrackingCategory,
    list: listCategories,
  });
  categories.read((actor, id) => readCategory(deps, actor, id));
  categories.create({
    description: `Names are unique in the books (case-insensitive); at most ${CATEGORIES_MAX} categories.`,
    body: TrackingCategoryCreate,
    create: createCategory,
  });
  categories.update({
    summary: 'Rename or (de)activate a tracking category (sparse)',
    description: 'Deactivating a category also deactivates its active options.',
    body: TrackingUpdate,
    update: updateCategory,
  });
  categories.act('deactivate', {
    summary: 'Deactivate a tracking category and its options',
    act: deactivateCategory,
  });

  const options = namedRoutes(app, deps, { ...tracking, noun: 'tracking option', schema: TrackingOption });
  options.list({ querystring: TrackingOptionListQuery, page: PageTrackingOption, list: listOptions });
  options.read((actor, id) => readOption(deps, actor, id));
  options.create({
    summary: 'Create a tracking option in a category',
    description: `Names are unique within the category (case-insensitive); at most ${OPTIONS_PER_CATEGORY_MAX} options per category.`,
    body: TrackingOptionCreate,
    create: createOption,
  });
  options.update({
    summary: 'Rename or (de)activate a tracking option (sparse)',
    body: TrackingUpdate,
    update: updateOption,
  });
  options.act('deactivate', { act: deactivateOption });
}
