// Tax groups (D28): a named combination of tax rates (state + county + city). combined_rate is the
// sum of its rates, derived on every read; a rate's change does not bump the group's version (D33).
import { randomUUID } from 'node:crypto';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import { formatMoney, parseMoney, sumMoney } from '../../domain/money.ts';
import type { Queryable, Tx } from '../../storage/db.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { isoTimestamp, isUuid } from '../ledger/sql.ts';
import { type PageCursor, pageByActivity } from '../pagination.ts';
import { assertVersion } from '../versions.ts';

export const RATES_PER_GROUP_MAX = 10;

interface TaxGroupRow {
  id: string;
  name: string;
  description: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

interface GroupRate {
  id: string;
  rate: string;
}

const TAX_GROUP_SELECT = `SELECT id, name, description, is_active, version,
  ${isoTimestamp('created_at')} AS created_at, ${isoTimestamp('updated_at')} AS updated_at FROM tax_groups`;

// ---- store -------------------------------------------------------------------------------------

async function findTaxGroup(db: Queryable, organizationId: string, id: string, lock = false) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<TaxGroupRow>(
    `${TAX_GROUP_SELECT} WHERE organization_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [organizationId, id],
  );
  return row;
}

/** The rates of several groups in one query, in the order they were given. */
async function ratesOfGroups(db: Queryable, organizationId: string, groupIds: string[]) {
  const byGroup = new Map<string, GroupRate[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db.query<GroupRate & { tax_group_id: string }>(
    `SELECT gr.tax_group_id, r.id, r.rate::text AS rate
       FROM tax_group_rates gr
       JOIN tax_rates r ON r.organization_id = gr.organization_id AND r.id = gr.tax_rate_id
      WHERE gr.organization_id = $1 AND gr.tax_group_id = ANY($2::uuid[])
      ORDER BY gr.tax_group_id, gr.position`,
    [organizationId, groupIds],
  );
  for (const row of rows) {
    const list = byGroup.get(row.tax_group_id) ?? [];
    list.push({ id: row.id, rate: row.rate });
    byGroup.set(row.tax_group_id, list);
  }
  return byGroup;
}

async function replaceGroupRates(tx: Tx, organizationId: string, groupId: string, rateIds: string[]) {
  await tx.query('DELETE FROM tax_group_rates WHERE organization_id = $1 AND tax_group_id = $2', [
    organizationId,
    groupId,
  ]);
  await tx.query(
    `INSERT INTO tax_group_rates (organization_id, tax_group_id, tax_rate_id, position)
     SELECT $1, $2, r.id, r.position FROM unnest($3::uuid[]) WITH ORDINALITY AS r(id, position)`,
    [organizationId, groupId, rateIds],
  );
}

function describeTaxGroup(row: TaxGroupRow, rates: GroupRate[]) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tax_rates: rates.map((rate) => rate.id),
    combined_rate: formatMoney(sumMoney(rates.map((rate) => parseMoney(rate.rate)))),
    is_active: row.is_active,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function describeOne(db: Queryable, organizationId: string, row: TaxGroupRow) {
  const rates = await ratesOfGroups(db, organizationId, [row.id]);
  return describeTaxGroup(row, rates.get(row.id) ?? []);
}

// ---- rules -------------------------------------------------------------------------------------

/**
 * Every id must be an active rate of these books. The rates are share-locked, so a concurrent
 * deactivation of one of them waits for this write and then sees the group that uses it.
 */
async function assertActiveRates(scope: WriteScope, rateIds: string[]) {
  const found = await scope.tx.query<{ id: string }>(
    `SELECT id FROM tax_rates WHERE organization_id = $1 AND id = ANY($2::uuid[]) AND is_active FOR SHARE`,
    [scope.actor.organization.id, rateIds.filter(isUuid)],
  );
  const active = new Set(found.map((row) => row.id));
  rateIds.forEach((id, index) => {
    if (!active.has(id)) throw fieldError(`tax_rates/${index}`, 'no such active tax rate in these books');
  });
}

// ---- reads -------------------------------------------------------------------------------------

export async function listTaxGroups(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: { is_active?: boolean },
) {
  const organizationId = actor.organization.id;
  const page = await pageByActivity<TaxGroupRow>(
    deps.db,
    TAX_GROUP_SELECT,
    organizationId,
    filters.is_active,
    cursor,
  );
  const rates = await ratesOfGroups(
    deps.db,
    organizationId,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => describeTaxGroup(row, rates.get(row.id) ?? [])) };
}

export async function readTaxGroup(deps: Deps, actor: Actor, id: string) {
  const row = await findTaxGroup(deps.db, actor.organization.id, id);
  if (!row) throw notFound('tax group');
  return describeOne(deps.db, actor.organization.id, row);
}

// ---- writes ------------------------------------------------------------------------------------

export interface CreateTaxGroupCommand {
  name: string;
  tax_rates: string[];
  description?: string;
}

export async function createTaxGroup(scope: WriteScope, command: CreateTaxGroupCommand) {
  const organizationId = scope.actor.organization.id;
  await assertActiveRates(scope, command.tax_rates);
  const id = randomUUID();
  await scope.tx.query(
    'INSERT INTO tax_groups (id, organization_id, name, description) VALUES ($1, $2, $3, $4)',
    [id, organizationId, command.name.trim(), command.description ?? ''],
  );
  await replaceGroupRates(scope.tx, organizationId, id, command.tax_rates);
  scope.changed('tax_group', id, 'created', 1);
  return describeOne(scope.tx, organizationId, (await findTaxGroup(scope.tx, organizationId, id))!);
}

export interface UpdateTaxGroupCommand {
  name?: string;
  tax_rates?: string[];
  description?: string;
  is_active?: boolean;
}

/** Sparse update; `tax_rates` replaces the whole list. Reactivation needs all its rates active. */
export async function updateTaxGroup(
  scope: WriteScope,
  id: string,
  patch: UpdateTaxGroupCommand,
  expectedVersion?: number,
) {
  const organizationId = scope.actor.organization.id;
  const current = await findTaxGroup(scope.tx, organizationId, id, true);
  if (!current) throw notFound('tax group');
  assertVersion(expectedVersion, current.version);
  if (patch.tax_rates !== undefined) {
    await assertActiveRates(scope, patch.tax_rates);
    await replaceGroupRates(scope.tx, organizationId, id, patch.tax_rates);
  } else if (patch.is_active === true && !current.is_active) {
    const rates = (await ratesOfGroups(scope.tx, organizationId, [id])).get(id) ?? [];
    try {
      await assertActiveRates(
        scope,
        rates.map((rate) => rate.id),
      );
    } catch {
      throw new DomainError(
        'invalid_state',
        'the group includes an inactive tax rate; send tax_rates with active rates to reactivate it',
      );
    }
  }
  const version = current.version + 1;
  await scope.tx.query(
    `UPDATE tax_groups SET name = COALESCE($3, name), description = COALESCE($4, description),
            is_active = COALESCE($5, is_active), version = $6, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [
      organizationId,
      id,
      patch.name?.trim() ?? null,
      patch.description ?? null,
      patch.is_active ?? null,
      version,
    ],
  );
  scope.changed('tax_group', id, 'updated', version);
  return describeOne(scope.tx, organizationId, (await findTaxGroup(scope.tx, organizationId, id))!);
}

/** Deactivating an inactive group changes nothing: same version, no change record. */
export async function deactivateTaxGroup(scope: WriteScope, id: string, expectedVersion?: number) {
  const organizationId = scope.actor.organization.id;
  const current = await findTaxGroup(scope.tx, organizationId, id, true);
  if (!current) throw notFound('tax group');
  assertVersion(expectedVersion, current.version);
  if (!current.is_active) return describeOne(scope.tx, organizationId, current);
  return updateTaxGroup(scope, id, { is_active: false });
}
