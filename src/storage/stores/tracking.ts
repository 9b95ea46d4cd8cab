// The tracking store (D28): tracking categories and their options. Never deleted; counted with the
// inactive ones against the limits.
import type { Queryable, Tx } from '../db.ts';
import { activityCollection, type PageCursor, selectPage } from '../keyset.ts';
import { childrenOf, isoTimestamp, isUuid, type RowLock, rowById } from '../sql.ts';

export interface CategoryRow {
  id: string;
  name: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface OptionRow extends CategoryRow {
  category_id: string;
}

const CATEGORY_SELECT = `SELECT id, name, is_active, version, ${isoTimestamp('created_at')} AS created_at,
  ${isoTimestamp('updated_at')} AS updated_at FROM tracking_categories`;
const OPTION_SELECT = `SELECT id, category_id, name, is_active, version, ${isoTimestamp('created_at')} AS created_at,
  ${isoTimestamp('updated_at')} AS updated_at FROM tracking_options`;

/** Sparse: null leaves a column as it is. */
export interface NameAndActivity {
  name: string | null;
  isActive: boolean | null;
}

// ---- categories --------------------------------------------------------------------------------

const categories = activityCollection<CategoryRow>(CATEGORY_SELECT);
export const findCategory = categories.find;
export const listCategories = categories.list;

/** Serializes category creation and renames in one organization (name uniqueness, the limit). */
export async function lockCategories(tx: Tx, organizationId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tracking_categories:${organizationId}`]);
}

export async function countCategories(tx: Tx, organizationId: string): Promise<number> {
  const [count] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM tracking_categories WHERE organization_id = $1',
    [organizationId],
  );
  return count?.n ?? 0;
}

/** Whether another category (not `exceptId`) has this name, case aside. */
export async function isCategoryNameTaken(
  tx: Tx,
  organizationId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const [taken] = await tx.query(
    `SELECT 1 FROM tracking_categories WHERE organization_id = $1 AND lower(name) = lower($2)
        AND id IS DISTINCT FROM $3::uuid`,
    [organizationId, name, exceptId],
  );
  return taken !== undefined;
}

export async function insertCategory(
  tx: Tx,
  organizationId: string,
  id: string,
  name: string,
): Promise<void> {
  await tx.query('INSERT INTO tracking_categories (id, organization_id, name) VALUES ($1, $2, $3)', [
    id,
    organizationId,
    name,
  ]);
}

// ---- options -----------------------------------------------------------------------------------

export function findOption(db: Queryable, organizationId: string, id: string, lock: RowLock = 'none') {
  return rowById<OptionRow>(db, OPTION_SELECT, organizationId, id, lock);
}

/** One keyset page of options, of one category or all, all or only the (in)active ones. */
export function listOptions(
  db: Queryable,
  organizationId: string,
  filters: { categoryId: string | null; isActive: boolean | null },
  cursor: PageCursor | undefined,
) {
  return selectPage<OptionRow>(db, {
    select: OPTION_SELECT,
    where: `organization_id = $1 AND ($2::uuid IS NULL OR category_id = $2)
        AND ($3::boolean IS NULL OR is_active = $3)`,
    params: [organizationId, filters.categoryId, filters.isActive],
    cursor,
  });
}

/** The options of several categories in one query, each category's in creation order. */
export const optionsOfCategories = childrenOf<OptionRow, 'category_id'>(
  `${OPTION_SELECT} WHERE organization_id = $1 AND category_id = ANY($2::uuid[]) ORDER BY created_at, id`,
  'category_id',
);

/**
 * The active options among `ids` with their category (malformed ids are none of them): what a line
 * that names tracking options is checked against (D28).
 */
export function activeOptionCategories(
  db: Queryable,
  organizationId: string,
  ids: string[],
): Promise<{ id: string; category_id: string }[]> {
  return db.query<{ id: string; category_id: string }>(
    `SELECT id, category_id FROM tracking_options
      WHERE organization_id = $1 AND id = ANY($2::uuid[]) AND is_active`,
    [organizationId, ids.filter(isUuid)],
  );
}

export async function countOptions(tx: Tx, organizationId: string, categoryId: string): Promise<number> {
  const [count] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM tracking_options WHERE organization_id = $1 AND category_id = $2',
    [organizationId, categoryId],
  );
  return count?.n ?? 0;
}

/** Whether another option (not `exceptId`) of the category has this name, case aside. */
export async function isOptionNameTaken(
  tx: Tx,
  organizationId: string,
  categoryId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const [taken] = await tx.query(
    `SELECT 1 FROM tracking_options WHERE organization_id = $1 AND category_id = $2 AND lower(name) = lower($3)
        AND id IS DISTINCT FROM $4::uuid`,
    [organizationId, categoryId, name, exceptId],
  );
  return taken !== undefined;
}

export async function insertOption(
  tx: Tx,
  option: { id: string; organizationId: string; categoryId: string; name: string },
): Promise<void> {
  await tx.query(
    'INSERT INTO tracking_options (id, organization_id, category_id, name) VALUES ($1, $2, $3, $4)',
    [option.id, option.organizationId, option.categoryId, option.name],
  );
}

/** Deactivates the category's active options, each with its version moved; answers their new versions. */
export function deactivateOptionsOf(
  tx: Tx,
  organizationId: string,
  categoryId: string,
): Promise<{ id: string; version: number }[]> {
  return tx.query<{ id: string; version: number }>(
    `UPDATE tracking_options SET is_active = false, version = version + 1, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND category_id = $2 AND is_active
      RETURNING id, version`,
    [organizationId, categoryId],
  );
}

const TABLES = { category: 'tracking_categories', option: 'tracking_options' } as const;

/** Renames and/or (de)activates a category or an option, at `version`. */
export async function update(
  tx: Tx,
  kind: keyof typeof TABLES,
  organizationId: string,
  id: string,
  changes: NameAndActivity,
  version: number,
): Promise<void> {
  await tx.query(
    `UPDATE ${TABLES[kind]} SET name = COALESCE($3, name), is_active = COALESCE($4, is_active),
            version = $5, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, changes.name, changes.isActive, version],
  );
}
