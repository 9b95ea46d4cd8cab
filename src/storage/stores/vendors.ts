// The vendors store (D53, the mirror of customers): a contacts table (contacts.ts: rows, keyset list,
// insert, update, standings) whose address is `address`, and whose standing is what is owed on open
// bills less remaining vendor credit (D53, D87). Every function takes the handle first.
import { type ContactStanding, contactStore } from './contacts.ts';

export interface VendorStanding extends ContactStanding {
  open_bill_count: number;
}

export const { find, lock, page, insert, update, standings } = contactStore<'address', VendorStanding>({
  table: 'vendors',
  address: 'address',
  /**
   * D53: what is owed on their open bills (bill payments are applied in full) less the remaining
   * credit of their issued vendor credits (D87). Vendors with neither get no row (balance zero).
   */
  standings: `SELECT vendor_id AS id, sum(amount)::text AS balance, -- a sum: no (20,4) bound (D66)
            (count(*) FILTER (WHERE kind = 'bill'))::int AS open_bill_count
       FROM (SELECT vendor_id, 'bill' AS kind, total - amount_paid - amount_credited AS amount FROM bills
              WHERE organization_id = $1 AND vendor_id = ANY($2::uuid[]) AND status = 'open'
             UNION ALL
             SELECT vendor_id, 'credit', -(total - amount_applied) FROM vendor_credits
              WHERE organization_id = $1 AND vendor_id = ANY($2::uuid[]) AND status = 'issued') AS items
      GROUP BY vendor_id`,
});
