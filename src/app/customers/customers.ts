// Customers (spec "Customer", D20, D26, D31): create, read, list, sparse update, deactivate.
// balance and open_invoice_count are derived from invoices and payments on every read (D26), so they
// can never drift from the ledger; they never bump the customer's version (D33).
import { randomUUID } from 'node:crypto';
import { fieldError, notFound } from '../../domain/errors.ts';
import type { PaymentTerms } from '../../domain/invoice.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import { isUuid } from '../../storage/sql.ts';
import type { CustomerRow, CustomerStanding } from '../../storage/stores/customers.ts';
import * as customers from '../../storage/stores/customers.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { lockDocument } from '../documents/documents.ts';
import { type PageCursor, toPage } from '../pagination.ts';

export { PAYMENT_TERMS, type PaymentTerms } from '../../domain/invoice.ts';

const CUSTOMER_ENTITY = 'customer';

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
    unapplied_credit: formatMoney(parseMoney(standing?.unapplied_credit ?? '0')),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function describeOne(db: Queryable, organizationId: string, row: CustomerRow) {
  const standings = await customers.standings(db, organizationId, [row.id]);
  return describeCustomer(row, standings.get(row.id));
}

/** A list's `customer` filter: absent is every customer (null); present, it must be a customer id. */
export function customerFilter(customer: string | undefined): string | null {
  if (customer === undefined) return null;
  if (!isUuid(customer)) throw fieldError('query/customer', 'must be a customer id (UUID)');
  return customer;
}

/**
 * The customer a new document names (`path` is its field): it must exist in these books and be
 * active. Invoices and payments both ask this.
 */
export async function activeCustomer(
  db: Queryable,
  organizationId: string,
  id: string,
  path = 'customer',
): Promise<CustomerRow> {
  const row = await customers.find(db, organizationId, id);
  if (!row) throw fieldError(path, 'no such customer in these books');
  if (!row.is_active) throw fieldError(path, 'the customer is inactive');
  return row;
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
  const search = filters.search?.trim() ? filters.search.trim().toLowerCase() : null;
  const rows = await customers.page(
    deps.db,
    organizationId,
    { search, isActive: filters.is_active ?? null },
    cursor,
  );
  const page = toPage(organizationId, rows, cursor);
  const standings = await customers.standings(
    deps.db,
    organizationId,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => describeCustomer(row, standings.get(row.id))) };
}

export async function readCustomer(deps: Deps, actor: Actor, id: string) {
  const row = await customers.find(deps.db, actor.organization.id, id);
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
  await customers.insert(scope.tx, {
    id,
    organizationId: organization.id,
    currency: organization.currency,
    display_name: command.display_name.trim(),
    email: command.email ?? null,
    company_name: command.company_name ?? null,
    phone: command.phone ?? null,
    billing_address: command.billing_address ?? null,
    notes: command.notes ?? '',
    payment_terms: command.payment_terms ?? 'net_30',
  });
  scope.changed(CUSTOMER_ENTITY, id, 'created', 1);
  const row = (await customers.find(scope.tx, organization.id, id))!;
  return describeCustomer(row, undefined);
}

export type UpdateCustomerCommand = Partial<CreateCustomerCommand> & { is_active?: boolean };

/** Locks the customer for a change and checks the writer's version. */
function lockCustomer(scope: WriteScope, id: string, expectedVersion: number | undefined) {
  return lockDocument(
    () => customers.lock(scope.tx, scope.actor.organization.id, id),
    'customer',
    expectedVersion,
  );
}

/** Sparse update: fields absent from the patch keep their value; `null` clears an optional field. */
export async function updateCustomer(
  scope: WriteScope,
  id: string,
  patch: UpdateCustomerCommand,
  expectedVersion?: number,
) {
  const organizationId = scope.actor.organization.id;
  const current = await lockCustomer(scope, id, expectedVersion);
  const pick = <K extends keyof CustomerRow & keyof UpdateCustomerCommand>(key: K) =>
    patch[key] === undefined ? current[key] : patch[key];
  const version = current.version + 1;
  await customers.update(scope.tx, organizationId, id, {
    display_name: String(pick('display_name')).trim(),
    email: pick('email') ?? null,
    company_name: pick('company_name') ?? null,
    phone: pick('phone') ?? null,
    billing_address: pick('billing_address') ?? null,
    notes: pick('notes') ?? '',
    payment_terms: pick('payment_terms') ?? 'net_30',
    is_active: pick('is_active') ?? true,
    version,
  });
  scope.changed(CUSTOMER_ENTITY, id, 'updated', version);
  const row = (await customers.find(scope.tx, organizationId, id))!;
  return describeOne(scope.tx, organizationId, row);
}

/** Deactivation of an already inactive customer changes nothing: same version, no change record. */
export async function deactivateCustomer(scope: WriteScope, id: string, expectedVersion?: number) {
  const current = await lockCustomer(scope, id, expectedVersion);
  if (!current.is_active) return describeOne(scope.tx, scope.actor.organization.id, current);
  return updateCustomer(scope, id, { is_active: false });
}
