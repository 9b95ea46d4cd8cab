// Bank rules (D75): stored in bank_rules (migration 0016), conditions and action as jsonb. Listed in
// the order they apply: priority, then age, then id (the keyset of the list, and of every match).
import type { Queryable } from '../db.ts';
import { wholeCollection } from '../keyset.ts';
import { isoTimestamp } from '../sql.ts';

export interface RuleFields {
  name: string;
  priority: number;
  account_id: string | null;
  direction: string;
  match_mode: string;
  conditions: unknown;
  action: unknown;
}

export interface RuleRow extends RuleFields {
  id: string;
  version: number;
  created_at: string;
  updated_at: string;
  sort_rank: number;
}

const SELECT = `SELECT id, name, priority, priority AS sort_rank, account_id, direction, match_mode, conditions,
  action, version, ${isoTimestamp('created_at')} AS created_at, ${isoTimestamp('updated_at')} AS updated_at
  FROM bank_rules`;

/** Rules an organization may keep: each bank line is compared with all of them (D75). */
export const RULES_MAX = 1000;

/** One rule by id, read or locked; one keyset page of the books' rules in priority order. */
export const { find, lock, page } = wholeCollection<RuleRow>(SELECT, 'priority');

/** Every rule of the books in the order they apply (at most RULES_MAX). */
export function inOrder(db: Queryable, organizationId: string): Promise<RuleRow[]> {
  return db.query<RuleRow>(
    `${SELECT} WHERE organization_id = $1 ORDER BY priority, created_at, id LIMIT ${RULES_MAX}`,
    [organizationId],
  );
}

export async function count(db: Queryable, organizationId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM bank_rules WHERE organization_id = $1',
    [organizationId],
  );
  return row?.n ?? 0;
}

const COLUMNS = [
  'name',
  'priority',
  'account_id',
  'direction',
  'match_mode',
  'conditions',
  'action',
] as const;

function values(fields: RuleFields) {
  return [
    fields.name,
    fields.priority,
    fields.account_id,
    fields.direction,
    fields.match_mode,
    JSON.stringify(fields.conditions),
    JSON.stringify(fields.action),
  ];
}

export async function insert(tx: Queryable, organizationId: string, id: string, fields: RuleFields) {
  await tx.query(
    `INSERT INTO bank_rules (organization_id, id, ${COLUMNS.join(', ')})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [organizationId, id, ...values(fields)],
  );
}

/** Writes every field of a rule the caller locked, at `version`. */
export async function update(
  tx: Queryable,
  organizationId: string,
  id: string,
  fields: RuleFields,
  version: number,
) {
  await tx.query(
    `UPDATE bank_rules
        SET name = $3, priority = $4, account_id = $5, direction = $6, match_mode = $7, conditions = $8::jsonb,
            action = $9::jsonb, version = $10, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, ...values(fields), version],
  );
}

export async function remove(tx: Queryable, organizationId: string, id: string) {
  await tx.query('DELETE FROM bank_rules WHERE organization_id = $1 AND id = $2', [organizationId, id]);
}
