// Organizations: creation with the seeded chart (D19), settings, period lock (D22), seats (D30).
import { randomUUID } from 'node:crypto';
import { SEEDED_CHART } from '../../domain/chart.ts';
import { DomainError, fieldError } from '../../domain/errors.ts';
import type { Tx } from '../../storage/db.ts';
import { setLockDateOnChangeCounter } from '../changes.ts';
import type { Organization } from '../context.ts';
import { createSequences } from '../numbering.ts';

export const DEFAULT_SEATS = 5;

export const ORGANIZATION_COLUMNS = `id, name, mode, live_organization_id, currency, timezone,
  books_closed_through::text AS books_closed_through, seats, version`;

export interface OrganizationRow {
  id: string;
  name: string;
  mode: 'live' | 'sandbox';
  live_organization_id: string | null;
  currency: string;
  timezone: string;
  books_closed_through: string | null;
  seats: number;
  version: number;
}

export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    liveOrganizationId: row.live_organization_id,
    currency: row.currency,
    timezone: row.timezone,
    booksClosedThrough: row.books_closed_through,
    seats: row.seats,
  };
}

export async function findOrganization(
  db: { query: Tx['query'] },
  id: string,
): Promise<(Organization & { version: number }) | undefined> {
  const [row] = await db.query<OrganizationRow>(
    `SELECT ${ORGANIZATION_COLUMNS} FROM organizations WHERE id = $1`,
    [id],
  );
  return row ? { ...toOrganization(row), version: row.version } : undefined;
}

/** Creates one set of books with its counters and seeded chart. */
export async function createOrganization(
  tx: Tx,
  input: { name: string; mode: 'live' | 'sandbox'; currency: string; liveOrganizationId?: string },
): Promise<Organization> {
  const id = randomUUID();
  const [row] = await tx.query<OrganizationRow>(
    `INSERT INTO organizations (id, name, mode, live_organization_id, currency, seats)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ORGANIZATION_COLUMNS}`,
    [id, input.name, input.mode, input.liveOrganizationId ?? null, input.currency, DEFAULT_SEATS],
  );
  await createSequences(tx, id);
  await tx.query(
    `INSERT INTO accounts (id, organization_id, number, name, type, detail_type, system_role, currency, is_system,
        created_at)
     SELECT gen_random_uuid(), $1, a.number, a.name, a.type, a.detail_type, NULLIF(a.system_role, ''), $2, true,
            clock_timestamp() + (a.ordinal * interval '1 microsecond')
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY
         AS a(number, name, type, detail_type, system_role, ordinal)`,
    [
      id,
      input.currency,
      SEEDED_CHART.map((account) => account.number),
      SEEDED_CHART.map((account) => account.name),
      SEEDED_CHART.map((account) => account.type),
      SEEDED_CHART.map((account) => account.detailType),
      SEEDED_CHART.map((account) => account.systemRole ?? ''),
    ],
  );
  return toOrganization(row!);
}

export interface SettingsPatch {
  name?: string;
  timezone?: string;
}

export async function updateSettings(tx: Tx, organizationId: string, patch: SettingsPatch) {
  await tx.query(
    `UPDATE organizations SET name = COALESCE($2, name), timezone = COALESCE($3, timezone),
            version = version + 1, updated_at = now()
      WHERE id = $1`,
    [organizationId, patch.name ?? null, patch.timezone ?? null],
  );
}

/**
 * Sets the lock date. Writes it on the change counter first (taking its lock): every posting reads
 * the lock date from that row when it takes the counter, so no entry can slip into a period while it
 * is being closed.
 */
export async function setBooksClosedThrough(tx: Tx, organizationId: string, through: string | null) {
  await setLockDateOnChangeCounter(tx, organizationId, through);
  await tx.query(
    `UPDATE organizations SET books_closed_through = $2::date, version = version + 1, updated_at = now()
      WHERE id = $1`,
    [organizationId, through],
  );
}

export function assertOpenPeriodDate(organization: Organization, date: string, path: string) {
  if (organization.booksClosedThrough && date <= organization.booksClosedThrough) {
    throw new DomainError('period_closed', `${date} falls in a closed period`, {
      date,
      books_closed_through: organization.booksClosedThrough,
      fields: { [path]: ['falls in a closed period'] },
    });
  }
}

export function assertCloseDate(current: string | null, through: string, reopen: boolean) {
  if (!reopen && current && through < current) {
    throw fieldError(
      'through',
      `books are already closed through ${current}; use reopen to move the date back`,
    );
  }
  if (reopen && current && through > current) {
    throw fieldError('through', `reopen moves the lock date back; books are closed through ${current}`);
  }
}
