// The tax store (D28): tax rates, tax groups and the rates each group combines, in order.
import type { Queryable, Tx } from '../db.ts';
import { activityCollection } from '../keyset.ts';
import { childrenOf, isoTimestamp, isUuid } from '../sql.ts';

export interface TaxRateRow {
  id: string;
  name: string;
  rate: string;
  liability_account_id: string;
  liability_account_number: string;
  description: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface TaxGroupRow {
  id: string;
  name: string;
  description: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface GroupRate {
  id: string;
  rate: string;
}

const RATE_SELECT = `SELECT r.id, r.name, r.rate::text AS rate, r.liability_account_id,
  a.number AS liability_account_number, r.description, r.is_active, r.version,
  ${isoTimestamp('r.created_at')} AS created_at, ${isoTimestamp('r.updated_at')} AS updated_at
  FROM tax_rates r JOIN accounts a ON a.organization_id = r.organization_id AND a.id = r.liability_account_id`;

const GROUP_SELECT = `SELECT id, name, description, is_active, version,
  ${isoTimestamp('created_at')} AS created_at, ${isoTimestamp('updated_at')} AS updated_at FROM tax_groups`;

// ---- rates -------------------------------------------------------------------------------------

const rates = activityCollection<TaxRateRow>(RATE_SELECT, 'r');
/** The rate, or undefined; `lock` holds it to commit. */
export const findRate = rates.find;
/** One keyset page of rates (PAGE_SIZE + 1 rows at most), all or only the (in)active ones. */
export const listRates = rates.list;

export interface NewRate {
  id: string;
  organizationId: string;
  name: string;
  /** The percentage as a decimal string ("8.2500"). */
  rate: string;
  liabilityAccountId: string;
  description: string;
}

export async function insertRate(tx: Tx, rate: NewRate): Promise<void> {
  await tx.query(
    `INSERT INTO tax_rates (id, organization_id, name, rate, liability_account_id, description)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [rate.id, rate.organizationId, rate.name, rate.rate, rate.liabilityAccountId, rate.description],
  );
}

/** Sparse: null leaves a column as it is. */
export interface RateChanges {
  name: string | null;
  rate: string | null;
  liabilityAccountId: string | null;
  description: string | null;
  isActive: boolean | null;
}

export async function updateRate(
  tx: Tx,
  organizationId: string,
  id: string,
  changes: RateChanges,
  version: number,
): Promise<void> {
  await tx.query(
    `UPDATE tax_rates SET name = COALESCE($3, name), rate = COALESCE($4::numeric, rate),
            liability_account_id = COALESCE($5::uuid, liability_account_id),
            description = COALESCE($6, description), is_active = COALESCE($7, is_active),
            version = $8, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [
      organizationId,
      id,
      changes.name,
      changes.rate,
      changes.liabilityAccountId,
      changes.description,
      changes.isActive,
      version,
    ],
  );
}

/** A rate as a document line that names it needs it: its percentage, state and liability account. */
export interface LineRate {
  id: string;
  rate: string;
  is_active: boolean;
  liability_account_id: string;
}

/** The rates of these books among `ids` (malformed ids are none of them), in no order. */
export function findRates(db: Queryable, organizationId: string, ids: string[]): Promise<LineRate[]> {
  return db.query<LineRate>(
    `SELECT id, rate::text AS rate, is_active, liability_account_id
       FROM tax_rates WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
    [organizationId, [...new Set(ids)].filter(isUuid)],
  );
}

/** Which of `ids` are active rates of the organization, share-locked until commit. */
export async function lockActiveRates(tx: Tx, organizationId: string, ids: string[]): Promise<Set<string>> {
  const found = await tx.query<{ id: string }>(
    'SELECT id FROM tax_rates WHERE organization_id = $1 AND id = ANY($2::uuid[]) AND is_active FOR SHARE',
    [organizationId, ids.filter(isUuid)],
  );
  return new Set(found.map((row) => row.id));
}

/** The active tax groups that include the rate, oldest first. */
export async function activeGroupsUsingRate(
  tx: Tx,
  organizationId: string,
  rateId: string,
): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT g.id FROM tax_group_rates gr
       JOIN tax_groups g ON g.organization_id = gr.organization_id AND g.id = gr.tax_group_id
      WHERE gr.organization_id = $1 AND gr.tax_rate_id = $2 AND g.is_active
      ORDER BY g.created_at, g.id`,
    [organizationId, rateId],
  );
  return rows.map((row) => row.id);
}

// ---- groups ------------------------------------------------------------------------------------

const groups = activityCollection<TaxGroupRow>(GROUP_SELECT);
export const findGroup = groups.find;
export const listGroups = groups.list;

/** The rates of several groups in one query, each group's in its own order. */
export const ratesOfGroups = childrenOf<GroupRate & { tax_group_id: string }, 'tax_group_id'>(
  `SELECT gr.tax_group_id, r.id, r.rate::text AS rate
     FROM tax_group_rates gr
     JOIN tax_rates r ON r.organization_id = gr.organization_id AND r.id = gr.tax_rate_id
    WHERE gr.organization_id = $1 AND gr.tax_group_id = ANY($2::uuid[])
    ORDER BY gr.tax_group_id, gr.position`,
  'tax_group_id',
);

/** A group as a document line that names it needs it (D90): its state and its rates, in order. */
export interface LineGroup {
  id: string;
  is_active: boolean;
  /** The group's rates in its order, with what a line checks of each. */
  rates: LineRate[];
}

/**
 * The tax groups of these books among `ids` (malformed ids are none of them), each with its rates in
 * order, in ONE statement.
 */
export async function findLineGroups(
  db: Queryable,
  organizationId: string,
  ids: string[],
): Promise<LineGroup[]> {
  const rows = await db.query<
    LineRate & { group_id: string; group_active: boolean; position: number | null }
  >(
    `SELECT g.id AS group_id, g.is_active AS group_active, r.id, r.rate::text AS rate, r.is_active,
            r.liability_account_id, gr.position
       FROM tax_groups g
       LEFT JOIN tax_group_rates gr ON gr.organization_id = $1 AND gr.tax_group_id = g.id
       LEFT JOIN tax_rates r ON r.organization_id = $1 AND r.id = gr.tax_rate_id
      WHERE g.organization_id = $1 AND g.id = ANY($2::uuid[])
      ORDER BY g.id, gr.position`,
    [organizationId, [...new Set(ids)].filter(isUuid)],
  );
  const groups = new Map<string, LineGroup>();
  for (const row of rows) {
    const group = groups.get(row.group_id) ?? { id: row.group_id, is_active: row.group_active, rates: [] };
    groups.set(row.group_id, group);
    if (row.id !== null)
      group.rates.push({
        id: row.id,
        rate: row.rate,
        is_active: row.is_active,
        liability_account_id: row.liability_account_id,
      });
  }
  return [...groups.values()];
}

export async function insertGroup(
  tx: Tx,
  group: { id: string; organizationId: string; name: string; description: string },
): Promise<void> {
  await tx.query('INSERT INTO tax_groups (id, organization_id, name, description) VALUES ($1, $2, $3, $4)', [
    group.id,
    group.organizationId,
    group.name,
    group.description,
  ]);
}

export async function updateGroup(
  tx: Tx,
  organizationId: string,
  id: string,
  changes: { name: string | null; description: string | null; isActive: boolean | null },
  version: number,
): Promise<void> {
  await tx.query(
    `UPDATE tax_groups SET name = COALESCE($3, name), description = COALESCE($4, description),
            is_active = COALESCE($5, is_active), version = $6, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, changes.name, changes.description, changes.isActive, version],
  );
}

/** The group's rates become `rateIds`, in that order. */
export async function replaceGroupRates(tx: Tx, organizationId: string, groupId: string, rateIds: string[]) {
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
