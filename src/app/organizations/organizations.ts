// Organizations: creation with the seeded chart (D19), settings, period lock (D22), seats (D30).
import { randomUUID } from 'node:crypto';
import { SEEDED_CHART } from '../../domain/chart.ts';
import { isCountryCode } from '../../domain/countries.ts';
import { isValidTimeZone } from '../../domain/dates.ts';
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
    country: row.country,
    fiscalYearStartMonth: row.fiscal_year_start_month,
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
  input: {
    name: string;
    mode: 'live' | 'sandbox';
    currency: string;
    liveOrganizationId?: string;
    timezone?: string;
    country?: string | null;
    fiscalYearStartMonth?: number;
  },
): Promise<Organization> {
  const id = randomUUID();
  const row = await organizations.insert(tx, {
    id,
    name: input.name,
    mode: input.mode,
    liveOrganizationId: input.liveOrganizationId ?? null,
    currency: input.currency,
    timezone: input.timezone ?? 'UTC',
    country: input.country ?? null,
    fiscalYearStartMonth: input.fiscalYearStartMonth ?? 1,
    seats: DEFAULT_SEATS,
  });
  await createSequences(tx, id);
  await organizations.insertChart(tx, id, input.currency, SEEDED_CHART);
  return toOrganization(row);
}

export interface SettingsPatch {
  name?: string;
  timezone?: string;
  country?: string;
  fiscal_year_start_month?: number;
}

/**
 * Issue 21: where the books are kept and how their year runs, checked the same way at sign-up and in
 * settings (400 validation_error on the field, before anything is written).
 */
export function assertBooksSettings(settings: {
  timezone?: string;
  country?: string;
  fiscal_year_start_month?: number;
}) {
  if (settings.timezone !== undefined && !isValidTimeZone(settings.timezone)) {
    throw fieldError('timezone', 'must be an IANA time zone such as America/New_York');
  }
  if (settings.country !== undefined && !isCountryCode(settings.country)) {
    throw fieldError('country', 'must be an ISO 3166-1 alpha-2 country code such as US or GB');
  }
  const month = settings.fiscal_year_start_month;
  if (month !== undefined && !(Number.isInteger(month) && month >= 1 && month <= 12)) {
    throw fieldError('fiscal_year_start_month', 'must be a month from 1 (January) to 12 (December)');
  }
}

export async function updateSettings(tx: Tx, organizationId: string, patch: SettingsPatch) {
  assertBooksSettings(patch);
  await organizations.updateSettings(tx, organizationId, {
    name: patch.name ?? null,
    timezone: patch.timezone ?? null,
    country: patch.country ?? null,
    fiscalYearStartMonth: patch.fiscal_year_start_month ?? null,
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
    country: organization.country,
    fiscal_year_start_month: organization.fiscalYearStartMonth,
    books_closed_through: organization.booksClosedThrough,
    seats: organization.seats,
    role,
  };
}
