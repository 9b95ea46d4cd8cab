// The accounts store: the chart of accounts and its balance summary (`account_balances`, posted
// amounts per account and day, migration 0001). Every function takes the handle first (a Tx inside
// a write, the Db for a read) and plain values; rows come back as the columns' text.
import type { AccountType } from '../../domain/chart.ts';
import { fieldError } from '../../domain/errors.ts';
import { type JournalLine, netByAccount } from '../../domain/journal.ts';
import { formatMoney } from '../../domain/money.ts';
import { NUMERIC_OUT_OF_RANGE, type Queryable, type SqlParam, sqlState } from '../db.ts';
import { filteredList } from '../keyset.ts';
import type { SqlParams } from '../rows.ts';
import { isoTimestamp, isUuid, rowById } from '../sql.ts';

export interface AccountRow {
  id: string;
  number: string;
  name: string;
  type: AccountType;
  detail_type: string;
  currency: string;
  description: string;
  is_active: boolean;
  is_system: boolean;
  system_role: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

const ACCOUNT_SELECT = `SELECT id, number, name, type, detail_type, currency, description, is_active, is_system,
  system_role, version, ${isoTimestamp('created_at')} AS created_at, ${isoTimestamp('updated_at')} AS updated_at FROM accounts`;

export interface AccountFilters {
  type?: string;
  is_active?: boolean;
}

/** One keyset page of the chart (PAGE_SIZE + 1 rows at most; the use case makes the page). */
export const list = filteredList<AccountRow, AccountFilters>({
  select: ACCOUNT_SELECT,
  where: `organization_id = $1 AND ($2::text IS NULL OR type = $2) AND ($3::boolean IS NULL OR is_active = $3)`,
  params: (filters) => [filters.type ?? null, filters.is_active ?? null],
});

/** The account, or undefined (a malformed id included). */
export function find(db: Queryable, organizationId: string, id: string): Promise<AccountRow | undefined> {
  return rowById<AccountRow>(db, ACCOUNT_SELECT, organizationId, id);
}

/** The account, locked until commit (an update decides on what it read). */
export function lockForUpdate(db: Queryable, organizationId: string, id: string) {
  return rowById<AccountRow>(db, ACCOUNT_SELECT, organizationId, id, 'update');
}

export type AccountSummary = Pick<
  AccountRow,
  'id' | 'number' | 'name' | 'type' | 'detail_type' | 'is_active' | 'system_role'
>;

/** The accounts of these books among `ids` (malformed ids are none of them), in no order. */
export function findMany(db: Queryable, organizationId: string, ids: string[]): Promise<AccountSummary[]> {
  return db.query<AccountSummary>(
    `SELECT id, number, name, type, detail_type, is_active, system_role
       FROM accounts WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
    [organizationId, [...new Set(ids)].filter(isUuid)],
  );
}

/** The id of the account that holds a system role (D65), or undefined. */
export async function findByRole(
  db: Queryable,
  organizationId: string,
  role: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    'SELECT id FROM accounts WHERE organization_id = $1 AND system_role = $2',
    [organizationId, role],
  );
  return row?.id;
}

/** Whether another account (not `exceptId`) of these books carries `number`. */
export async function isNumberTaken(
  db: Queryable,
  organizationId: string,
  number: string,
  exceptId?: string,
): Promise<boolean> {
  const [taken] = await db.query(
    'SELECT 1 FROM accounts WHERE organization_id = $1 AND number = $2 AND id IS DISTINCT FROM $3::uuid',
    [organizationId, number, exceptId ?? null],
  );
  return taken !== undefined;
}

/**
 * Whether anything hangs on the account's detail type: posted ledger activity (a balance summary
 * row) or an item that carries its stock in it.
 */
export async function hasActivityOrItems(
  db: Queryable,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM account_balances WHERE organization_id = $1 AND account_id = $2)
         OR EXISTS (SELECT 1 FROM items WHERE organization_id = $1 AND inventory_asset_account_id = $2) AS used`,
    [organizationId, id],
  );
  return rows[0]?.used === true;
}

export interface NewAccount {
  id: string;
  organizationId: string;
  number: string;
  name: string;
  type: string;
  detailType: string;
  currency: string;
  description: string;
}

/** Inserts an account; a number taken meanwhile fails on the unique key (23505). */
export async function insert(tx: Queryable, account: NewAccount): Promise<void> {
  await tx.query(
    `INSERT INTO accounts (id, organization_id, number, name, type, detail_type, currency, description)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      account.id,
      account.organizationId,
      account.number,
      account.name,
      account.type,
      account.detailType,
      account.currency,
      account.description,
    ],
  );
}

export interface AccountChanges {
  number?: string;
  name?: string;
  detail_type?: string;
  description?: string;
  is_active?: boolean;
}

/** Writes the given fields (the others stay) and the new version. */
export async function update(
  tx: Queryable,
  organizationId: string,
  id: string,
  changes: AccountChanges,
  version: number,
): Promise<void> {
  await tx.query(
    `UPDATE accounts SET number = COALESCE($3, number), name = COALESCE($4, name),
            detail_type = COALESCE($5, detail_type), description = COALESCE($6, description),
            is_active = COALESCE($7, is_active), version = $8, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [
      organizationId,
      id,
      changes.number ?? null,
      changes.name ?? null,
      changes.detail_type ?? null,
      changes.description ?? null,
      changes.is_active ?? null,
      version,
    ],
  );
}

// ---- The balance summary (account_balances) ----

export interface AccountTotals {
  account_id: string;
  debit: string;
  credit: string;
}

/** Debit and credit totals of the given accounts (all when `accountIds` is null), up to `asOf`. */
export async function totals(
  db: Queryable,
  organizationId: string,
  accountIds: string[] | null,
  asOf: string | null = null,
): Promise<Map<string, AccountTotals>> {
  const rows = await db.query<AccountTotals>(
    `SELECT account_id, sum(debit)::text AS debit, sum(credit)::text AS credit
       FROM account_balances
      WHERE organization_id = $1
        AND ($2::uuid[] IS NULL OR account_id = ANY($2::uuid[]))
        AND ($3::date IS NULL OR day <= $3::date)
      GROUP BY account_id`,
    [organizationId, accountIds, asOf],
  );
  return new Map(rows.map((row) => [row.account_id, row]));
}

/**
 * The balance upsert, as a CTE of the statement that numbers the entry. It reads the number
 * allocation (`after`), so PostgreSQL runs it only once the organization's JE counter is locked
 * (on Citus the counter was locked by a statement before, and `after` is undefined):
 * postings of one organization update their summary rows one at a time, each row is free when they
 * get there, and a hot account (Accounts Receivable) costs what any other account costs. Rows belong
 * to one organization, so organizations never wait on each other (one row per account and day, so
 * migration 0007 dropped the stripes that once spread a hot account over several rows).
 * `organization` and `day` are placeholders of the statement; the net amounts are added to `params`.
 */
export function dayTotalsUpsertCte(
  params: SqlParams,
  after: string | undefined,
  organization: string,
  day: string,
  lines: JournalLine[],
): string {
  const net = netByAccount(lines);
  const accounts = params.add(net.map((row) => row.accountId));
  const debits = params.add(net.map((row) => formatMoney(row.debit)));
  const credits = params.add(net.map((row) => formatMoney(row.credit)));
  return `balances AS (
      INSERT INTO account_balances (organization_id, account_id, day, debit, credit)
      SELECT ${organization}, a.account_id, ${day}::date, a.debit, a.credit
        FROM ${after ? `${after}, ` : ''}unnest(${accounts}::uuid[], ${debits}::numeric[], ${credits}::numeric[])
          AS a(account_id, debit, credit)
      ON CONFLICT (organization_id, account_id, day) DO UPDATE
        SET debit = account_balances.debit + EXCLUDED.debit, credit = account_balances.credit + EXCLUDED.credit)`;
}

/**
 * The balance summary upsert of several entries with their own days (a batch, D59): the net per
 * account and day, one row each (an upsert may not touch a row twice in one statement), in
 * (day, account) order. Same shape and placement rules as dayTotalsUpsertCte.
 */
export function dayTotalsUpsertManyCte(
  params: SqlParams,
  after: string | undefined,
  organization: string,
  entries: { day: string; lines: JournalLine[] }[],
): string {
  const byDay = new Map<string, JournalLine[]>();
  for (const entry of entries) {
    const lines = byDay.get(entry.day);
    if (lines) lines.push(...entry.lines);
    else byDay.set(entry.day, [...entry.lines]);
  }
  const rows = [...byDay.keys()]
    .sort()
    .flatMap((day) => netByAccount(byDay.get(day) ?? []).map((net) => ({ day, ...net })));
  const days = params.add(rows.map((row) => row.day));
  const accounts = params.add(rows.map((row) => row.accountId));
  const debits = params.add(rows.map((row) => formatMoney(row.debit)));
  const credits = params.add(rows.map((row) => formatMoney(row.credit)));
  return `balances AS (
      INSERT INTO account_balances (organization_id, account_id, day, debit, credit)
      SELECT ${organization}, a.account_id, a.day, a.debit, a.credit
        FROM ${after ? `${after}, ` : ''}unnest(${days}::date[], ${accounts}::uuid[], ${debits}::numeric[], ${credits}::numeric[])
          AS a(day, account_id, debit, credit)
      ON CONFLICT (organization_id, account_id, day) DO UPDATE
        SET debit = account_balances.debit + EXCLUDED.debit, credit = account_balances.credit + EXCLUDED.credit)`;
}

/**
 * Runs the statement that carries the balance upsert. The entry's own amounts and totals were
 * bounded before (money.ts), so numeric_value_out_of_range there can only come from an account's
 * running total for the day leaving NUMERIC(20,4): that is the client's amount, 400 invalid_money
 * on `field`, and the statement (and with it the whole write) rolls back (D66). The bound is checked
 * by the database under the JE counter lock the statement takes, so no concurrent posting can slip
 * past it.
 */
export async function queryRefusingDayTotalOverflow<Row>(
  tx: Queryable,
  sql: string,
  params: SqlParam[],
  field = 'lines',
): Promise<Row[]> {
  try {
    return await tx.query<Row>(sql, params);
  } catch (error) {
    if (sqlState(error) !== NUMERIC_OUT_OF_RANGE) throw error;
    throw fieldError(
      field,
      "would take an account's total for the day past 9999999999999999.9999",
      'invalid_money',
    );
  }
}
