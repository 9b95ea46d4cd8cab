// The customers store (spec "Customer", D26, D31): rows as stored, the derived standing (balance and
// open invoices, D26), the keyset list, insert and update. Every function takes the handle first.
import type { PaymentTerms } from '../../domain/invoice.ts';
import type { Queryable, SqlParam } from '../db.ts';
import { filteredList } from '../keyset.ts';
import { isoTimestamp, rowById } from '../sql.ts';

export interface CustomerRow extends CustomerFields {
  id: string;
  currency: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface CustomerStanding {
  balance: string;
  open_invoice_count: number;
  /** Unapplied payments plus the remaining credit of issued credit notes (what the balance nets). */
  unapplied_credit: string;
}

const CUSTOMER_SELECT = `SELECT id, display_name, email, company_name, phone, billing_address, notes,
  payment_terms, currency, is_active, version, ${isoTimestamp('created_at')} AS created_at,
  ${isoTimestamp('updated_at')} AS updated_at FROM customers`;

/** One customer, or undefined (a malformed id is a customer that does not exist). */
export function find(db: Queryable, organizationId: string, id: string): Promise<CustomerRow | undefined> {
  return rowById<CustomerRow>(db, CUSTOMER_SELECT, organizationId, id);
}

/** The customer row locked until commit, for a write that depends on it. */
export function lock(tx: Queryable, organizationId: string, id: string): Promise<CustomerRow | undefined> {
  return rowById<CustomerRow>(tx, CUSTOMER_SELECT, organizationId, id, 'update');
}

/**
 * D26 for a set of customers in one grouped query: open receivables of `sent` invoices minus the
 * unapplied credit of their payments and the remaining credit of their issued credit notes (D60).
 * Customers with none of these get no row (balance zero).
 */
export async function standings(
  db: Queryable,
  organizationId: string,
  ids: string[],
): Promise<Map<string, CustomerStanding>> {
  const byId = new Map<string, CustomerStanding>();
  if (ids.length === 0) return byId;
  const rows = await db.query<CustomerStanding & { id: string }>(
    `WITH open_invoices AS (
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
    [organizationId, ids],
  );
  for (const { id, ...standing } of rows) byId.set(id, standing);
  return byId;
}

export interface CustomerFilters {
  /** Lower-case text found in the display name or the email. */
  search: string | null;
  isActive: boolean | null;
}

/** One keyset page (PAGE_SIZE + 1 rows at most). strpos, not LIKE: "50%" means those characters. */
export const page = filteredList<CustomerRow, CustomerFilters>({
  select: CUSTOMER_SELECT,
  where: `organization_id = $1
      AND ($2::text IS NULL OR strpos(lower(display_name), $2) > 0 OR strpos(lower(COALESCE(email, '')), $2) > 0)
      AND ($3::boolean IS NULL OR is_active = $3)`,
  params: (filters) => [filters.search, filters.isActive],
});

/** The fields a person edits; the rest (id, currency, version, timestamps) the service keeps. */
export interface CustomerFields {
  display_name: string;
  email: string | null;
  company_name: string | null;
  phone: string | null;
  billing_address: string | null;
  notes: string;
  payment_terms: PaymentTerms;
}

/** The editable fields as parameters, in the column order both statements name them. */
function fieldValues(customer: CustomerFields): SqlParam[] {
  return [
    customer.display_name,
    customer.email,
    customer.company_name,
    customer.phone,
    customer.billing_address,
    customer.notes,
    customer.payment_terms,
  ];
}

export async function insert(
  tx: Queryable,
  customer: CustomerFields & { id: string; organizationId: string; currency: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO customers (id, organization_id, display_name, email, company_name, phone, billing_address,
                            notes, payment_terms, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [customer.id, customer.organizationId, ...fieldValues(customer), customer.currency],
  );
}

/** Writes every editable field and the new version. */
export async function update(
  tx: Queryable,
  organizationId: string,
  id: string,
  customer: CustomerFields & { is_active: boolean; version: number },
): Promise<void> {
  await tx.query(
    `UPDATE customers SET display_name = $3, email = $4, company_name = $5, phone = $6, billing_address = $7,
            notes = $8, payment_terms = $9, is_active = $10, version = $11, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, ...fieldValues(customer), customer.is_active, customer.version],
  );
}
