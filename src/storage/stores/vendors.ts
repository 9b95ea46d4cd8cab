// The vendors store (D53, the mirror of customers): a contacts table (contacts.ts: rows, keyset list,
// insert, update) whose address is `address`, and its derived standing (what is owed on open bills
// less remaining vendor credit, D53, D87). Every function takes the handle first.
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
 * applied in full) less the remaining credit of their issued vendor credits (D87). Vendors with
 * neither get no row (balance zero).
 */
export async function standings(
  db: Queryable,
  organizationId: string,
  ids: string[],
): Promise<Map<string, VendorStanding>> {
  const byId = new Map<string, VendorStanding>();
  if (ids.length === 0) return byId;
  const rows = await db.query<VendorStanding & { id: string }>(
    `SELECT vendor_id AS id, sum(amount)::text AS balance, -- a sum: no (20,4) bound (D66)
            (count(*) FILTER (WHERE kind = 'bill'))::int AS open_bill_count
       FROM (SELECT vendor_id, 'bill' AS kind, total - amount_paid - amount_credited AS amount FROM bills
              WHERE organization_id = $1 AND vendor_id = ANY($2::uuid[]) AND status = 'open'
             UNION ALL
             SELECT vendor_id, 'credit', -(total - amount_applied) FROM vendor_credits
              WHERE organization_id = $1 AND vendor_id = ANY($2::uuid[]) AND status = 'issued') AS items
      GROUP BY vendor_id`,
    [organizationId, ids],
  );
  for (const { id, ...standing } of rows) byId.set(id, standing);
  return byId;
}
