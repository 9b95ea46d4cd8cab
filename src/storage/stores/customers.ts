// The customers store (spec "Customer", D26, D31): a contacts table (contacts.ts: rows, keyset list,
// insert, update, standings) whose address is `billing_address`, and whose standing is its balance and
// open invoices (D26). Every function takes the handle first.
import { type ContactStanding, contactStore } from './contacts.ts';

export interface CustomerStanding extends ContactStanding {
  open_invoice_count: number;
  /** Unapplied payments plus the remaining credit of issued credit notes (what the balance nets). */
  unapplied_credit: string;
}

export const { find, lock, page, insert, update, standings } = contactStore<
  'billing_address',
  CustomerStanding
>({
  table: 'customers',
  address: 'billing_address',
  /**
   * D26: open receivables of `sent` invoices minus the unapplied credit of their payments and the
   * remaining credit of their issued credit notes (D60). Customers with none of these get no row
   * (balance zero).
   */
  standings: `WITH open_invoices AS (
       SELECT customer_id, sum(total - amount_paid - amount_credited) AS due,
              count(*) FILTER (WHERE total > amount_paid + amount_credited) AS open_count
         FROM invoices
        WHERE organization_id = $1 AND customer_id = ANY($2::uuid[]) AND status = 'sent'
        GROUP BY customer_id),
     credits AS (
       SELECT customer_id, sum(unapplied_amount) AS unapplied
         FROM payments_received
        WHERE organization_id = $1 AND customer_id = ANY($2::uuid[]) AND status = 'posted' -- D61: never a void one
        GROUP BY customer_id),
     credit_notes AS (
       SELECT customer_id, sum(total - amount_applied) AS remaining
         FROM credit_notes
        WHERE organization_id = $1 AND customer_id = ANY($2::uuid[]) AND status = 'issued'
        GROUP BY customer_id)
     SELECT c.id, (COALESCE(o.due, 0) - COALESCE(p.unapplied, 0) - COALESCE(n.remaining, 0))::text AS balance, -- a sum: no (20,4) bound (D66)
            COALESCE(o.open_count, 0)::int AS open_invoice_count,
            (COALESCE(p.unapplied, 0) + COALESCE(n.remaining, 0))::text AS unapplied_credit
       FROM unnest($2::uuid[]) AS c(id)
       LEFT JOIN open_invoices o ON o.customer_id = c.id
       LEFT JOIN credits p ON p.customer_id = c.id
       LEFT JOIN credit_notes n ON n.customer_id = c.id`,
});
