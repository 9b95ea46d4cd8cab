// The vendors store (D53, the mirror of customers): rows as stored, the derived standing (what is
// owed on open bills, D53), the keyset list, insert and update. Every function takes the handle first.
import type { PaymentTerms } from '../../domain/invoice.ts';
import type { Queryable, SqlParam } from '../db.ts';
import { filteredList } from '../keyset.ts';
import { isoTimestamp, rowById } from '../sql.ts';

/** The fields a person edits; the rest (id, currency, version, timestamps) the service keeps. */
export interface VendorFields {
  display_name: string;
  email: string | null;
  company_name: string | null;
  phone: string | null;
  address: string | null;
  notes: string;
  payment_terms: PaymentTerms;
}

export interface VendorRow extends VendorFields {
  id: string;
  currency: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface VendorStanding {
  balance: string;
  open_bill_count: number;
}

const VENDOR_SELECT = `SELECT id, display_name, email, company_name, phone, address, notes, payment_terms,
  currency, is_active, version, ${isoTimestamp('created_at')} AS created_at,
  ${isoTimestamp('updated_at')} AS updated_at FROM vendors`;

/** One vendor, or undefined (a malformed id is a vendor that does not exist). */
export function find(db: Queryable, organizationId: string, id: string): Promise<VendorRow | undefined> {
  return rowById<VendorRow>(db, VENDOR_SELECT, organizationId, id);
}

/** The vendor row locked until commit, for a change to it. */
export function lock(tx: Queryable, organizationId: string, id: string): Promise<VendorRow | undefined> {
  return rowById<VendorRow>(tx, VENDOR_SELECT, organizationId, id, 'update');
}

/**
 * D53 for a set of vendors in one grouped query: what is owed on their open bills (bill payments are
 * applied in full, so nothing else nets it). Vendors with no open bill get no row (balance zero).
 */
export async function standings(
  db: Queryable,
  organizationId: string,
  ids: string[],
): Promise<Map<string, VendorStanding>> {
  const byId = new Map<string, VendorStanding>();
  if (ids.length === 0) return byId;
  const rows = await db.query<VendorStanding & { id: string }>(
    `SELECT vendor_id AS id, sum(total - amount_paid)::text AS balance, count(*)::int AS open_bill_count
       FROM bills
      WHERE organization_id = $1 AND vendor_id = ANY($2::uuid[]) AND status = 'open'
      GROUP BY vendor_id`,
    [organizationId, ids],
  );
  for (const { id, ...standing } of rows) byId.set(id, standing);
  return byId;
}

export interface VendorFilters {
  /** Lower-case text found in the display name or the email. */
  search: string | null;
  isActive: boolean | null;
}

/** One keyset page (PAGE_SIZE + 1 rows at most). strpos, not LIKE: "50%" means those characters. */
export const page = filteredList<VendorRow, VendorFilters>({
  select: VENDOR_SELECT,
  where: `organization_id = $1
      AND ($2::text IS NULL OR strpos(lower(display_name), $2) > 0 OR strpos(lower(COALESCE(email, '')), $2) > 0)
      AND ($3::boolean IS NULL OR is_active = $3)`,
  params: (filters) => [filters.search, filters.isActive],
});

/** The editable fields as parameters, in the column order both statements name them. */
function fieldValues(vendor: VendorFields): SqlParam[] {
  return [
    vendor.display_name,
    vendor.email,
    vendor.company_name,
    vendor.phone,
    vendor.address,
    vendor.notes,
    vendor.payment_terms,
  ];
}

export async function insert(
  tx: Queryable,
  vendor: VendorFields & { id: string; organizationId: string; currency: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO vendors (id, organization_id, display_name, email, company_name, phone, address, notes,
                          payment_terms, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [vendor.id, vendor.organizationId, ...fieldValues(vendor), vendor.currency],
  );
}

/** Writes every editable field and the new version. */
export async function update(
  tx: Queryable,
  organizationId: string,
  id: string,
  vendor: VendorFields & { is_active: boolean; version: number },
): Promise<void> {
  await tx.query(
    `UPDATE vendors SET display_name = $3, email = $4, company_name = $5, phone = $6, address = $7, notes = $8,
            payment_terms = $9, is_active = $10, version = $11, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, ...fieldValues(vendor), vendor.is_active, vendor.version],
  );
}
