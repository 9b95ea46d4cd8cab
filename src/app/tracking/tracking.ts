// Tracking categories and their options (D28): "Region: East / West", "Project: Alpha". Journal and
// invoice lines carry option ids, at most one per category (checked where lines are written).
import { randomUUID } from 'node:crypto';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import type { Queryable, Tx } from '../../storage/db.ts';
import { isUuid } from '../../storage/sql.ts';
import type { CategoryRow, OptionRow } from '../../storage/stores/tracking.ts';
import * as tracking from '../../storage/stores/tracking.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { listByActivity, listOf, withChildren } from '../pagination.ts';
import { assertVersion, lockerOf, versionedDeactivate } from '../versions.ts';
import { recordStamps } from '../views.ts';

/** Categories per organization and options per category, counting inactive ones (never deleted). */
export const CATEGORIES_MAX = 20;
export const OPTIONS_PER_CATEGORY_MAX = 100;

const findCategory = (db: Queryable, organizationId: string, id: string, lock = false) =>
  tracking.findCategory(db, organizationId, id, lock ? 'update' : 'none');
const findOption = (db: Queryable, organizationId: string, id: string, lock = false) =>
  tracking.findOption(db, organizationId, id, lock ? 'update' : 'none');

function describeOption(row: OptionRow) {
  return {
    id: row.id,
    category: row.category_id,
    name: row.name,
    is_active: row.is_active,
    ...recordStamps(row),
  };
}

function describeCategory(row: CategoryRow, options: OptionRow[]) {
  return {
    id: row.id,
    name: row.name,
    is_active: row.is_active,
    options: options.map((option) => ({ id: option.id, name: option.name, is_active: option.is_active })),
    ...recordStamps(row),
  };
}

/** Categories with their options, read in one query. */
const describeCategories = withChildren(tracking.optionsOfCategories, describeCategory);

const describeOneCategory = describeCategories.one;

/** The tracking category a write changes, locked, at the version the writer named (404, 412 otherwise). */
const lockCategory = lockerOf(tracking.findCategory, 'tracking category');

// ---- rules -------------------------------------------------------------------------------------

async function assertCategoryNameFree(tx: Tx, organizationId: string, name: string, exceptId?: string) {
  if (await tracking.isCategoryNameTaken(tx, organizationId, name, exceptId ?? null)) {
    throw fieldError('name', 'another tracking category has this name');
  }
}

async function assertOptionNameFree(
  tx: Tx,
  organizationId: string,
  categoryId: string,
  name: string,
  exceptId?: string,
) {
  if (await tracking.isOptionNameTaken(tx, organizationId, categoryId, name, exceptId ?? null)) {
    throw fieldError('name', 'another option of this category has this name');
  }
}

// ---- category reads ----------------------------------------------------------------------------

export const listCategories = listByActivity(tracking.listCategories, describeCategories);

export async function readCategory(deps: Deps, actor: Actor, id: string) {
  const row = await findCategory(deps.db, actor.organization.id, id);
  if (!row) throw notFound('tracking category');
  return describeOneCategory(deps.db, actor.organization.id, row);
}

// ---- category writes ---------------------------------------------------------------------------

export async function createCategory(scope: WriteScope, command: { name: string }) {
  const organizationId = scope.actor.organization.id;
  const name = command.name.trim();
  await tracking.lockCategories(scope.tx, organizationId);
  if ((await tracking.countCategories(scope.tx, organizationId)) >= CATEGORIES_MAX) {
    throw new DomainError(
      'invalid_state',
      `these books already have ${CATEGORIES_MAX} tracking categories; rename or reuse one`,
      { limit: CATEGORIES_MAX },
    );
  }
  await assertCategoryNameFree(scope.tx, organizationId, name);
  const id = randomUUID();
  await tracking.insertCategory(scope.tx, organizationId, id, name);
  scope.changed('tracking_category', id, 'created', 1);
  return describeCategory((await findCategory(scope.tx, organizationId, id))!, []);
}

/**
 * Sparse update. Deactivating a category also deactivates its active options (each one's version
 * and change record move), so no line can pick an option of a retired category. Reactivating the
 * category leaves its options inactive: reactivate the ones still wanted.
 */
export async function updateCategory(
  scope: WriteScope,
  id: string,
  patch: { name?: string; is_active?: boolean },
  expectedVersion?: number,
) {
  const organizationId = scope.actor.organization.id;
  if (patch.name !== undefined) await tracking.lockCategories(scope.tx, organizationId);
  const current = await lockCategory(scope, id, expectedVersion);
  const name = patch.name?.trim();
  if (name !== undefined) await assertCategoryNameFree(scope.tx, organizationId, name, id);
  const version = current.version + 1;
  const changes = { name: name ?? null, isActive: patch.is_active ?? null };
  await tracking.update(scope.tx, 'category', organizationId, id, changes, version);
  scope.changed('tracking_category', id, 'updated', version);
  if (patch.is_active === false && current.is_active) {
    const retired = await tracking.deactivateOptionsOf(scope.tx, organizationId, id);
    for (const option of retired) scope.changed('tracking_option', option.id, 'updated', option.version);
  }
  return describeOneCategory(scope.tx, organizationId, (await findCategory(scope.tx, organizationId, id))!);
}

/** Deactivating an inactive category changes nothing: same version, no change record. */
export const deactivateCategory = versionedDeactivate(
  lockCategory,
  (scope, current) => describeOneCategory(scope.tx, scope.actor.organization.id, current),
  updateCategory,
);

// ---- option reads ------------------------------------------------------------------------------

export const listOptions = listOf(
  tracking.listOptions,
  (filters: { category?: string; is_active?: boolean }) => {
    if (filters.category !== undefined && !isUuid(filters.category)) {
      throw fieldError('query/category', 'must be a tracking category id');
    }
    return { categoryId: filters.category ?? null, isActive: filters.is_active ?? null };
  },
  (_db, _organizationId, rows) => rows.map(describeOption),
);

export async function readOption(deps: Deps, actor: Actor, id: string) {
  const row = await findOption(deps.db, actor.organization.id, id);
  if (!row) throw notFound('tracking option');
  return describeOption(row);
}

// ---- option writes -----------------------------------------------------------------------------

/** The category is locked: options of one category are added one at a time (names, the limit). */
export async function createOption(scope: WriteScope, command: { category: string; name: string }) {
  const organizationId = scope.actor.organization.id;
  const category = await findCategory(scope.tx, organizationId, command.category, true);
  if (!category) throw fieldError('category', 'no such tracking category in these books');
  if (!category.is_active) throw fieldError('category', 'the tracking category is inactive');
  if ((await tracking.countOptions(scope.tx, organizationId, category.id)) >= OPTIONS_PER_CATEGORY_MAX) {
    throw new DomainError(
      'invalid_state',
      `this category already has ${OPTIONS_PER_CATEGORY_MAX} options; rename or reuse one`,
      { limit: OPTIONS_PER_CATEGORY_MAX },
    );
  }
  const name = command.name.trim();
  await assertOptionNameFree(scope.tx, organizationId, category.id, name);
  const id = randomUUID();
  await tracking.insertOption(scope.tx, { id, organizationId, categoryId: category.id, name });
  scope.changed('tracking_option', id, 'created', 1);
  return describeOption((await findOption(scope.tx, organizationId, id))!);
}

/** Sparse update (name, is_active). An option never moves between categories; reactivation needs an active category. */
export async function updateOption(
  scope: WriteScope,
  id: string,
  patch: { name?: string; is_active?: boolean },
  expectedVersion?: number,
) {
  return writeOption(scope, id, patch, expectedVersion, false);
}

/** Deactivating an inactive option changes nothing: same version, no change record. */
export async function deactivateOption(scope: WriteScope, id: string, expectedVersion?: number) {
  return writeOption(scope, id, { is_active: false }, expectedVersion, true);
}

async function writeOption(
  scope: WriteScope,
  id: string,
  patch: { name?: string; is_active?: boolean },
  expectedVersion: number | undefined,
  skipIfInactive: boolean,
) {
  const organizationId = scope.actor.organization.id;
  const found = await findOption(scope.tx, organizationId, id);
  if (!found) throw notFound('tracking option');
  // Category first, then option: the same lock order as category deactivation (no deadlock).
  const category = (await findCategory(scope.tx, organizationId, found.category_id, true))!;
  const current = (await findOption(scope.tx, organizationId, id, true))!;
  assertVersion(expectedVersion, current.version);
  if (skipIfInactive && !current.is_active) return describeOption(current);
  if (patch.is_active === true && !current.is_active && !category.is_active) {
    throw new DomainError('invalid_state', 'reactivate the tracking category before its options');
  }
  const name = patch.name?.trim();
  if (name !== undefined) await assertOptionNameFree(scope.tx, organizationId, category.id, name, id);
  const version = current.version + 1;
  const changes = { name: name ?? null, isActive: patch.is_active ?? null };
  await tracking.update(scope.tx, 'option', organizationId, id, changes, version);
  scope.changed('tracking_option', id, 'updated', version);
  return describeOption((await findOption(scope.tx, organizationId, id))!);
}
