// The organizations store: sets of books (live and sandbox), their settings and lock date, and the
// memberships that give people roles on them (a sandbox shares its live books' memberships).
import type { Queryable, Tx } from '../db.ts';

export const ORGANIZATION_COLUMNS = `id, name, mode, live_organization_id, currency, timezone, country,
  fiscal_year_start_month, books_closed_through::text AS books_closed_through, seats, version`;

export interface OrganizationRow {
  id: string;
  name: string;
  mode: 'live' | 'sandbox';
  live_organization_id: string | null;
  currency: string;
  timezone: string;
  country: string | null;
  fiscal_year_start_month: number;
  books_closed_through: string | null;
  seats: number;
  version: number;
}

/** An account of the chart every new set of books starts with (src/domain/chart.ts SEEDED_CHART). */
export interface SeededAccount {
  number: string;
  name: string;
  type: string;
  detailType: string;
  systemRole?: string;
}

// ---- organizations -----------------------------------------------------------------------------

export async function find(db: Queryable, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.query<OrganizationRow>(
    `SELECT ${ORGANIZATION_COLUMNS} FROM organizations WHERE id = $1`,
    [id],
  );
  return row;
}

/** The sandbox books of live books (made with them at sign-up). */
export async function sandboxOf(
  db: Queryable,
  liveOrganizationId: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db.query<OrganizationRow>(
    `SELECT ${ORGANIZATION_COLUMNS} FROM organizations
      WHERE live_organization_id = $1 AND mode = 'sandbox' ORDER BY id LIMIT 1`,
    [liveOrganizationId],
  );
  return row;
}

/** Locks the organization's row to commit (member changes serialize on it); answers its seats. */
export async function lockForUpdate(tx: Tx, id: string): Promise<{ seats: number } | undefined> {
  const [row] = await tx.query<{ seats: number }>(
    'SELECT seats FROM organizations WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row;
}

export interface NewOrganization {
  id: string;
  name: string;
  mode: 'live' | 'sandbox';
  liveOrganizationId: string | null;
  currency: string;
  timezone: string;
  /** ISO 3166-1 alpha-2; null for books made before sign-up asked (migration 0025). */
  country: string | null;
  /** 1-12: the month the fiscal year starts (January unless chosen at sign-up). */
  fiscalYearStartMonth: number;
  seats: number;
}

/** Inserts the books and reads them back (Citus refuses RETURNING with a date cast: not IMMUTABLE). */
export async function insert(tx: Tx, organization: NewOrganization): Promise<OrganizationRow> {
  await tx.query(
    `INSERT INTO organizations (id, name, mode, live_organization_id, currency, seats, timezone, country,
        fiscal_year_start_month)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      organization.id,
      organization.name,
      organization.mode,
      organization.liveOrganizationId,
      organization.currency,
      organization.seats,
      organization.timezone,
      organization.country,
      organization.fiscalYearStartMonth,
    ],
  );
  return (await find(tx, organization.id))!;
}

/**
 * Writes the seeded chart of new books: system accounts, created in the chart's order (one
 * microsecond apart, so the keyset order of the account list is the chart's).
 */
export async function insertChart(
  tx: Tx,
  organizationId: string,
  currency: string,
  chart: readonly SeededAccount[],
): Promise<void> {
  await tx.query(
    `INSERT INTO accounts (id, organization_id, number, name, type, detail_type, system_role, currency, is_system,
        created_at)
     SELECT gen_random_uuid(), $1, a.number, a.name, a.type, a.detail_type, NULLIF(a.system_role, ''), $2, true,
            clock_timestamp() + (a.ordinal * interval '1 microsecond')
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY
         AS a(number, name, type, detail_type, system_role, ordinal)`,
    [
      organizationId,
      currency,
      chart.map((account) => account.number),
      chart.map((account) => account.name),
      chart.map((account) => account.type),
      chart.map((account) => account.detailType),
      chart.map((account) => account.systemRole ?? ''),
    ],
  );
}

/** Sparse: null leaves a setting as it is. */
export async function updateSettings(
  tx: Tx,
  id: string,
  settings: {
    name: string | null;
    timezone: string | null;
    country: string | null;
    fiscalYearStartMonth: number | null;
  },
): Promise<void> {
  await tx.query(
    `UPDATE organizations SET name = COALESCE($2, name), timezone = COALESCE($3, timezone),
            country = COALESCE($4, country), fiscal_year_start_month = COALESCE($5::int, fiscal_year_start_month),
            version = version + 1, updated_at = now()
      WHERE id = $1`,
    [id, settings.name, settings.timezone, settings.country, settings.fiscalYearStartMonth],
  );
}

export async function setBooksClosedThrough(tx: Tx, id: string, through: string | null): Promise<void> {
  await tx.query(
    `UPDATE organizations SET books_closed_through = $2::date, version = version + 1, updated_at = now()
      WHERE id = $1`,
    [id, through],
  );
}

// ---- memberships -------------------------------------------------------------------------------

export interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: string;
  created_at: Date;
}

/** The members of live books with their users, in the order they joined. */
export function members(db: Queryable, organizationId: string): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `SELECT m.user_id, u.email, u.name, m.role, m.created_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.organization_id = $1 ORDER BY m.created_at, m.user_id`,
    [organizationId],
  );
}

/** The user's role on these (live) books, or undefined; `lock` holds the membership to commit. */
export async function roleOf(
  db: Queryable,
  organizationId: string,
  userId: string,
  lock: 'none' | 'update' = 'none',
): Promise<string | undefined> {
  const [row] = await db.query<{ role: string }>(
    `SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2${lock === 'update' ? ' FOR UPDATE' : ''}`,
    [organizationId, userId],
  );
  return row?.role;
}

export async function countMembers(db: Queryable, organizationId: string): Promise<number> {
  const [count] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM memberships WHERE organization_id = $1',
    [organizationId],
  );
  return count?.n ?? 0;
}

/** Whether an owner other than `userId` remains. */
export async function hasOtherOwner(db: Queryable, organizationId: string, userId: string): Promise<boolean> {
  const [other] = await db.query(
    "SELECT 1 FROM memberships WHERE organization_id = $1 AND role = 'owner' AND user_id <> $2",
    [organizationId, userId],
  );
  return other !== undefined;
}

export async function insertMembership(
  tx: Tx,
  organizationId: string,
  userId: string,
  role: string,
): Promise<void> {
  await tx.query('INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, $3)', [
    organizationId,
    userId,
    role,
  ]);
}

export async function setRole(tx: Tx, organizationId: string, userId: string, role: string): Promise<void> {
  await tx.query('UPDATE memberships SET role = $3 WHERE organization_id = $1 AND user_id = $2', [
    organizationId,
    userId,
    role,
  ]);
}

export async function deleteMembership(tx: Tx, organizationId: string, userId: string): Promise<void> {
  await tx.query('DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2', [
    organizationId,
    userId,
  ]);
}

export interface ReachableBooks {
  organization_id: string;
  name: string;
  mode: string;
  role: string;
  live_organization_id: string | null;
}

/**
 * Every set of books the user reaches: each live membership and its sandbox, in the order they
 * joined (live before sandbox). Two reads, not a join: memberships and organizations are distributed
 * by different organizations' ids here, which Citus cannot join (D80: a membership read, across the
 * user's books; the caller lifts the single-shard rule for it).
 */
export async function booksOf(db: Queryable, userId: string): Promise<ReachableBooks[]> {
  const memberships = await db.query<{ organization_id: string; role: string }>(
    'SELECT organization_id, role FROM memberships WHERE user_id = $1 ORDER BY created_at, organization_id',
    [userId],
  );
  if (memberships.length === 0) return [];
  const liveIds = memberships.map((membership) => membership.organization_id);
  const books = await db.query<Omit<ReachableBooks, 'role'>>(
    `SELECT id AS organization_id, name, mode, live_organization_id FROM organizations
      WHERE id = ANY($1::uuid[]) OR live_organization_id = ANY($1::uuid[])`,
    [liveIds],
  );
  return memberships.flatMap((membership) =>
    books
      .filter(
        (book) =>
          book.organization_id === membership.organization_id ||
          book.live_organization_id === membership.organization_id,
      )
      .sort((a, b) => (a.mode < b.mode ? -1 : a.mode > b.mode ? 1 : 0))
      .map((book) => ({ ...book, role: membership.role })),
  );
}
