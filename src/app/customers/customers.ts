// Customers (spec "Customer", D20, D26, D31): create, read, list, sparse update, deactivate.
// balance and open_invoice_count are derived from invoices and payments on every read (D26), so they
// can never drift from the ledger; they never bump the customer's version (D33).
import { randomUUID } from 'node:crypto';
import { notFound } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { isoTimestamp, isUuid } from '../ledger/sql.ts';
import { keysetClause, PAGE_SIZE, type PageCursor, toPage } from '../pagination.ts';
import { assertVersion } from '../versions.ts';

export const PAYMENT_TERMS = ['due_on_receipt', 'net_7', 'net_15', 'net_30', 'net_60', 'net_90'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

interface CustomerRow {
  id: string;
  display_name: string;
  email: string | null;
  company_name: string | null;
  phone: string | null;
  billing_address: string | null;
  notes: string;
  payment_terms: PaymentTerms;
  currency: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

interface CustomerStanding {
  balance: string;
  open_invoice_count: number;
}

const CUSTOMER_SELECT = `SELECT id, display_name, email, company_name, phone, billing_address, notes,
  payment_terms, currency, is_active, version, ${isoTimestamp('created_at')} AS created_at,
  ${isoTimestamp('updated_at')} AS updated_at FROM customers`;

// ---- store -------------------------------------------------------------------------------------

export async function findCustomer(db: Queryable, organizationId: string, id: string, lock = false) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<CustomerRow>(
    `${CUSTOMER_SELECT} WHERE organization_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [organizationId, id],
  );
  return row;
}

/**
 * D26 for a set of customers in one grouped query: open receivables of `sent` invoices minus the
 * unapplied credit of their payments. Customers with neither get no row (balance zero).
 */
async function customerStandings(db: Queryable, organizationId: string, ids: string[]) {
  const standings = new Map<string, CustomerStanding>();
  if (ids.length === 0) return standings;
  const rows = await db.query<{ id: string; balance: string; open_invoice_count: number }>(
    `WITH open_invoices AS (
       SELECT customer_id, sum(total - amount_paid) AS due,
              count(*) FILTER (WHERE total > amount_paid) AS open_count
         FROM invoices
        WHERE organization_id = $1 AND customer_id = ANY($2::uuid[]) AND status = 'sent'
        GROUP BY customer_id),
     credits AS (
       SELECT customer_id, sum(unapplied_amount) AS unapplied
         FROM payments_received
        WHERE organization_id = $1 AND customer_id = ANY($2::uuid[])
        GROUP BY customer_id)
     SELECT c.id, (COALESCE(o.due, 0) - COALESCE(p.unapplied, 0))::text AS balance, -- a sum: no (20,4) bound (D66)
            COALESCE(o.open_count, 0)::int AS open_invoice_count
       FROM unnest($2::uuid[]) AS c(id)
       LEFT JOIN open_invoices o ON o.customer_id = c.id
       LEFT JOIN credits p ON p.customer_id = c.id`,
    [organizationId, ids],
  );
  for (const row of rows) {
    standings.set(row.id, { balance: row.balance, open_invoice_count: row.open_invoice_count });
  }
  return standings;
}

function describeCustomer(row: CustomerRow, standing: CustomerStanding | undefined) {
  return {
    id: row.id,
    display_name: row.display_name,
    email: row.email,
    company_name: row.company_name,
    phone: row.phone,
    billing_address: row.billing_address,
    notes: row.notes,
    payment_terms: row.payment_terms,
    currency: row.currency,
    is_active: row.is_active,
    balance: formatMoney(parseMoney(standing?.balance ?? '0')),
    open_invoice_count: standing?.open_invoice_count ?? 0,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function describeOne(db: Queryable, organizationId: string, row: CustomerRow) {
  const standings = await customerStandings(db, organizationId, [row.id]);
  return describeCustomer(row, standings.get(row.id));
}

// ---- reads -------------------------------------------------------------------------------------

export interface CustomerFilters {
  search?: string;
  is_active?: boolean;
}

export async function listCustomers(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: CustomerFilters,
) {
  const organizationId = actor.organization.id;
  const keyset = keysetClause(cursor, 4);
  const search = filters.search?.trim() ? filters.search.trim().toLowerCase() : null;
  // strpos, not LIKE: a search for "50%" or "a_b" means those characters literally.
  const rows = await deps.db.query<CustomerRow>(
    `${CUSTOMER_SELECT} WHERE organization_id = $1
        AND ($2::text IS NULL OR strpos(lower(display_name), $2) > 0 OR strpos(lower(COALESCE(email, '')), $2) > 0)
        AND ($3::boolean IS NULL OR is_active = $3) AND ${keyset.condition}
      ORDER BY ${keyset.order} LIMIT ${PAGE_SIZE + 1}`,
    [organizationId, search, filters.is_active ?? null, ...keyset.params],
  );
  const page = toPage(organizationId, rows, cursor);
  const standings = await customerStandings(
    deps.db,
    organizationId,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => describeCustomer(row, standings.get(row.id))) };
}

export async function readCustomer(deps: Deps, actor: Actor, id: string) {
  const row = await findCustomer(deps.db, actor.organization.id, id);
  if (!row) throw notFound('customer');
  return describeOne(deps.db, actor.organization.id, row);
}

// ---- writes ------------------------------------------------------------------------------------

export interface CreateCustomerCommand {
  display_name: string;
  email?: string | null;
  company_name?: string | null;
  phone?: string | null;
  billing_address?: string | null;
  notes?: string;
  payment_terms?: PaymentTerms;
}

export async function createCustomer(scope: WriteScope, command: CreateCustomerCommand) {
  const organization = scope.actor.organization;
  const id = randomUUID();
  await scope.tx.query(
    `INSERT INTO customers (id, organization_id, display_name, email, company_name, phone, billing_address,
                            notes, payment_terms, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      organization.id,
      command.display_name.trim(),
      command.email ?? null,
      command.company_name ?? null,
      command.phone ?? null,
      command.billing_address ?? null,
      command.notes ?? '',
      command.payment_terms ?? 'net_30',
      organization.currency,
    ],
  );
  scope.changed('customer', id, 'created', 1);
  const row = (await findCustomer(scope.tx, organization.id, id))!;
  return describeCustomer(row, undefined);
}

export type UpdateCustomerCommand = Partial<CreateCustomerCommand> & { is_active?: boolean };

/** Sparse update: fields absent from the patch keep their value; `null` clears an optional field. */
export async function updateCustomer(
  scope: WriteScope,
  id: string,
  patch: UpdateCustomerCommand,
  expectedVersion?: number,
) {
  const organizationId = scope.actor.organization.id;
  const current = await findCustomer(scope.tx, organizationId, id, true);
  if (!current) throw notFound('customer');
  assertVersion(expectedVersion, current.version);
  const pick = <K extends keyof CustomerRow & keyof UpdateCustomerCommand>(key: K) =>
    patch[key] === undefined ? current[key] : patch[key];
  const version = current.version + 1;
  await scope.tx.query(
    `UPDATE customers SET display_name = $3, email = $4, company_name = $5, phone = $6, billing_address = $7,
            notes = $8, payment_terms = $9, is_active = $10, version = $11, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [
      organizationId,
      id,
      String(pick('display_name')).trim(),
      pick('email') ?? null,
      pick('company_name') ?? null,
      pick('phone') ?? null,
      pick('billing_address') ?? null,
      pick('notes') ?? '',
      pick('payment_terms') ?? 'net_30',
      pick('is_active') ?? true,
      version,
    ],
  );
  scope.changed('customer', id, 'updated', version);
  const row = (await findCustomer(scope.tx, organizationId, id))!;
  return describeOne(scope.tx, organizationId, row);
}

/** Deactivation of an already inactive customer changes nothing: same version, no change record. */
export async function deactivateCustomer(scope: WriteScope, id: string, expectedVersion?: number) {
  const organizationId = scope.actor.organization.id;
  const current = await findCustomer(scope.tx, organizationId, id, true);
  if (!current) throw notFound('customer');
  assertVersion(expectedVersion, current.version);
  if (!current.is_active) return describeOne(scope.tx, organizationId, current);
  return updateCustomer(scope, id, { is_active: false });
}
