// Organizations: creation with the seeded chart (D19), settings, period lock (D22), seats (D30).
import { randomUUID } from 'node:crypto';
import { SEEDED_CHART } from '../../domain/chart.ts';
import { DomainError, fieldError } from '../../domain/errors.ts';
import type { Queryable, Tx } from '../../storage/db.ts';
import * as changes from '../../storage/stores/changes.ts';
import type { OrganizationRow } from '../../storage/stores/organizations.ts';
import * as organizations from '../../storage/stores/organizations.ts';
import type { Organization } from '../context.ts';
import { createSequences } from '../numbering.ts';

export const DEFAULT_SEATS = 5;

export type { OrganizationRow };

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
  db: Queryable,
  id: string,
): Promise<(Organization & { version: number }) | undefined> {
  const row = await organizations.find(db, id);
  return row ? { ...toOrganization(row), version: row.version } : undefined;
}

/** Creates one set of books with its counters and seeded chart. */
export async function createOrganization(
  tx: Tx,
  input: { name: string; mode: 'live' | 'sandbox'; currency: string; liveOrganizationId?: string },
): Promise<Organization> {
  const id = randomUUID();
  const row = await organizations.insert(tx, {
    id,
    name: input.name,
    mode: input.mode,
    liveOrganizationId: input.liveOrganizationId ?? null,
    currency: input.currency,
    seats: DEFAULT_SEATS,
  });
  await createSequences(tx, id);
  await organizations.insertChart(tx, id, input.currency, SEEDED_CHART);
  return toOrganization(row);
}

export interface SettingsPatch {
  name?: string;
  timezone?: string;
}

export async function updateSettings(tx: Tx, organizationId: string, patch: SettingsPatch) {
  await organizations.updateSettings(tx, organizationId, {
    name: patch.name ?? null,
    timezone: patch.timezone ?? null,
  });
}

/**
 * Sets the lock date. Writes it on the change counter first (taking its lock): every posting reads
 * the lock date from that row when it takes the counter, so no entry can slip into a period while it
 * is being closed.
 */
export async function setBooksClosedThrough(tx: Tx, organizationId: string, through: string | null) {
  await changes.setLockDate(tx, organizationId, through);
  await organizations.setBooksClosedThrough(tx, organizationId, through);
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

export function describeOrganization(organization: Organization, role: string) {
  return {
    id: organization.id,
    name: organization.name,
    mode: organization.mode,
    live_organization_id: organization.liveOrganizationId,
    currency: organization.currency,
    timezone: organization.timezone,
    books_closed_through: organization.booksClosedThrough,
    seats: organization.seats,
    role,
  };
}
