// Tracking categories and their options (D28): "Region: East / West", "Project: Alpha". Journal and
// invoice lines carry option ids, at most one per category (checked where lines are written).
import { randomUUID } from 'node:crypto';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import type { Queryable, Tx } from '../../storage/db.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { isoTimestamp, isUuid } from '../ledger/sql.ts';
import { keysetClause, PAGE_SIZE, type PageCursor, pageByActivity, toPage } from '../pagination.ts';
import { assertVersion } from '../versions.ts';

/** Categories per organization and options per category, counting inactive ones (never deleted). */
export const MAX_CATEGORIES = 20;
export const MAX_OPTIONS_PER_CATEGORY = 100;

interface CategoryRow {
  id: string;
  name: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

interface OptionRow extends CategoryRow {
  category_id: string;
}

const CATEGORY_SELECT = `SELECT id, name, is_active, version, ${isoTimestamp('created_at')} AS created_at,
  ${isoTimestamp('updated_at')} AS updated_at FROM tracking_categories`;
const OPTION_SELECT = `SELECT id, category_id, name, is_active, version, ${isoTimestamp('created_at')} AS created_at,
  ${isoTimestamp('updated_at')} AS updated_at FROM tracking_options`;

// ---- store -------------------------------------------------------------------------------------

async function findCategory(db: Queryable, organizationId: string, id: string, lock = false) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<CategoryRow>(
    `${CATEGORY_SELECT} WHERE organization_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [organizationId, id],
  );
  return row;
}

async function findOption(db: Queryable, organizationId: string, id: string, lock = false) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<OptionRow>(
    `${OPTION_SELECT} WHERE organization_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [organizationId, id],
  );
  return row;
}

/** The options of several categories in one query, in creation order. */
async function optionsOfCategories(db: Queryable, organizationId: string, categoryIds: string[]) {
  const byCategory = new Map<string, OptionRow[]>();
  if (categoryIds.length === 0) return byCategory;
  const rows = await db.query<OptionRow>(
    `${OPTION_SELECT} WHERE organization_id = $1 AND category_id = ANY($2::uuid[]) ORDER BY created_at, id`,
    [organizationId, categoryIds],
  );
  for (const row of rows) {
    const list = byCategory.get(row.category_id) ?? [];
    list.push(row);
    byCategory.set(row.category_id, list);
  }
  return byCategory;
}

/** Serializes category creation and renames in one organization (name uniqueness, the limit). */
async function lockCategories(tx: Tx, organizationId: string) {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tracking_categories:${organizationId}`]);
}

function describeOption(row: OptionRow) {
  return {
    id: row.id,
    category: row.category_id,
    name: row.name,
    is_active: row.is_active,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function describeCategory(row: CategoryRow, options: OptionRow[]) {
  return {
    id: row.id,
    name: row.name,
    is_active: row.is_active,
    options: options.map((option) => ({ id: option.id, name: option.name, is_active: option.is_active })),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function describeOneCategory(db: Queryable, organizationId: string, row: CategoryRow) {
  const options = await optionsOfCategories(db, organizationId, [row.id]);
  return describeCategory(row, options.get(row.id) ?? []);
}

// ---- rules -------------------------------------------------------------------------------------

async function assertCategoryNameFree(tx: Tx, organizationId: string, name: string, exceptId?: string) {
  const [taken] = await tx.query(
    `SELECT 1 FROM tracking_categories WHERE organization_id = $1 AND lower(name) = lower($2)
        AND id IS DISTINCT FROM $3::uuid`,
    [organizationId, name, exceptId ?? null],
  );
  if (taken) throw fieldError('name', 'another tracking category has this name');
}

async function assertOptionNameFree(
  tx: Tx,
  organizationId: string,
  categoryId: string,
  name: string,
  exceptId?: string,
) {
  const [taken] = await tx.query(
    `SELECT 1 FROM tracking_options WHERE organization_id = $1 AND category_id = $2 AND lower(name) = lower($3)
        AND id IS DISTINCT FROM $4::uuid`,
    [organizationId, categoryId, name, exceptId ?? null],
  );
  if (taken) throw fieldError('name', 'another option of this category has this name');
}

// ---- category reads ----------------------------------------------------------------------------

export async function listCategories(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: { is_active?: boolean },
) {
  const organizationId = actor.organization.id;
  const page = await pageByActivity<CategoryRow>(
    deps.db,
    CATEGORY_SELECT,
    organizationId,
    filters.is_active,
    cursor,
  );
  const options = await optionsOfCategories(
    deps.db,
    organizationId,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => describeCategory(row, options.get(row.id) ?? [])) };
}

export async function readCategory(deps: Deps, actor: Actor, id: string) {
  const row = await findCategory(deps.db, actor.organization.id, id);
  if (!row) throw notFound('tracking category');
  return describeOneCategory(deps.db, actor.organization.id, row);
}

// ---- category writes ---------------------------------------------------------------------------

export async function createCategory(scope: WriteScope, command: { name: string }) {
  const organizationId = scope.actor.organization.id;
  const name = command.name.trim();
  await lockCategories(scope.tx, organizationId);
  const [count] = await scope.tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM tracking_categories WHERE organization_id = $1',
    [organizationId],
  );
  if ((count?.n ?? 0) >= MAX_CATEGORIES) {
    throw new DomainError(
      'invalid_state',
      `these books already have ${MAX_CATEGORIES} tracking categories; rename or reuse one`,
      { limit: MAX_CATEGORIES },
    );
  }
  await assertCategoryNameFree(scope.tx, organizationId, name);
  const id = randomUUID();
  await scope.tx.query('INSERT INTO tracking_categories (id, organization_id, name) VALUES ($1, $2, $3)', [
    id,
    organizationId,
    name,
  ]);
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
  if (patch.name !== undefined) await lockCategories(scope.tx, organizationId);
  const current = await findCategory(scope.tx, organizationId, id, true);
  if (!current) throw notFound('tracking category');
  assertVersion(expectedVersion, current.version);
  const name = patch.name?.trim();
  if (name !== undefined) await assertCategoryNameFree(scope.tx, organizationId, name, id);
  const version = current.version + 1;
  await scope.tx.query(
    `UPDATE tracking_categories SET name = COALESCE($3, name), is_active = COALESCE($4, is_active),
            version = $5, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, name ?? null, patch.is_active ?? null, version],
  );
  scope.changed('tracking_category', id, 'updated', version);
  if (patch.is_active === false && current.is_active) {
    const retired = await scope.tx.query<{ id: string; version: number }>(
      `UPDATE tracking_options SET is_active = false, version = version + 1, updated_at = clock_timestamp()
        WHERE organization_id = $1 AND category_id = $2 AND is_active
        RETURNING id, version`,
      [organizationId, id],
    );
    for (const option of retired) scope.changed('tracking_option', option.id, 'updated', option.version);
  }
  return describeOneCategory(scope.tx, organizationId, (await findCategory(scope.tx, organizationId, id))!);
}

/** Deactivating an inactive category changes nothing: same version, no change record. */
export async function deactivateCategory(scope: WriteScope, id: string, expectedVersion?: number) {
  const organizationId = scope.actor.organization.id;
  const current = await findCategory(scope.tx, organizationId, id, true);
  if (!current) throw notFound('tracking category');
  assertVersion(expectedVersion, current.version);
  if (!current.is_active) return describeOneCategory(scope.tx, organizationId, current);
  return updateCategory(scope, id, { is_active: false });
}

// ---- option reads ------------------------------------------------------------------------------

export async function listOptions(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: { category?: string; is_active?: boolean },
) {
  const organizationId = actor.organization.id;
  if (filters.category !== undefined && !isUuid(filters.category)) {
    throw fieldError('query/category', 'must be a tracking category id');
  }
  const keyset = keysetClause(cursor, 4);
  const rows = await deps.db.query<OptionRow>(
    `${OPTION_SELECT} WHERE organization_id = $1 AND ($2::uuid IS NULL OR category_id = $2)
        AND ($3::boolean IS NULL OR is_active = $3) AND ${keyset.condition}
      ORDER BY ${keyset.order} LIMIT ${PAGE_SIZE + 1}`,
    [organizationId, filters.category ?? null, filters.is_active ?? null, ...keyset.params],
  );
  const page = toPage(organizationId, rows, cursor);
  return { ...page, rows: page.rows.map(describeOption) };
}

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
  const [count] = await scope.tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM tracking_options WHERE organization_id = $1 AND category_id = $2',
    [organizationId, category.id],
  );
  if ((count?.n ?? 0) >= MAX_OPTIONS_PER_CATEGORY) {
    throw new DomainError(
      'invalid_state',
      `this category already has ${MAX_OPTIONS_PER_CATEGORY} options; rename or reuse one`,
      { limit: MAX_OPTIONS_PER_CATEGORY },
    );
  }
  const name = command.name.trim();
  await assertOptionNameFree(scope.tx, organizationId, category.id, name);
  const id = randomUUID();
  await scope.tx.query(
    'INSERT INTO tracking_options (id, organization_id, category_id, name) VALUES ($1, $2, $3, $4)',
    [id, organizationId, category.id, name],
  );
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
  await scope.tx.query(
    `UPDATE tracking_options SET name = COALESCE($3, name), is_active = COALESCE($4, is_active),
            version = $5, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, name ?? null, patch.is_active ?? null, version],
  );
  scope.changed('tracking_option', id, 'updated', version);
  return describeOption((await findOption(scope.tx, organizationId, id))!);
}
