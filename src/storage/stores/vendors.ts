// The vendors store (D53, the mirror of customers): a contacts table (contacts.ts: rows, keyset list,
// insert, update) whose address is `address`, and its derived standing (what is owed on open bills,
// D53). Every function takes the handle first.
import type { Queryable } from '../db.ts';
import { type ContactFields, type ContactRow, contactStore } from './contacts.ts';

export type VendorFields = ContactFields<'address'>;
export type VendorRow = ContactRow<'address'>;

export const { find, lock, page, insert, update } = contactStore('vendors', 'address');

export interface VendorStanding {
  balance: string;
  open_bill_count: number;
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
