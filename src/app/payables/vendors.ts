// Vendors (D53): the people a business buys from, shaped like customers: create, read, list, sparse
// update, deactivate. balance and open_bill_count are derived from open bills on every read, so they
// can never drift from the ledger; they never bump the vendor's version (D33).
import { randomUUID } from 'node:crypto';
import { fieldError, notFound } from '../../domain/errors.ts';
import type { PaymentTerms } from '../../domain/invoice.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import { isUuid } from '../../storage/sql.ts';
import type { VendorRow, VendorStanding } from '../../storage/stores/vendors.ts';
import * as vendors from '../../storage/stores/vendors.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { lockDocument } from '../documents/documents.ts';
import { type PageCursor, toPage } from '../pagination.ts';

export const VENDOR_ENTITY = 'vendor';

function describeVendor(row: VendorRow, standing: VendorStanding | undefined) {
  return {
    id: row.id,
    display_name: row.display_name,
    email: row.email,
    company_name: row.company_name,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    payment_terms: row.payment_terms,
    currency: row.currency,
    is_active: row.is_active,
    balance: formatMoney(parseMoney(standing?.balance ?? '0')),
    open_bill_count: standing?.open_bill_count ?? 0,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function describeOne(db: Queryable, organizationId: string, row: VendorRow) {
  const standings = await vendors.standings(db, organizationId, [row.id]);
  return describeVendor(row, standings.get(row.id));
}

/** A list's `vendor` filter: absent is every vendor (null); present, it must be a vendor id. */
export function vendorFilter(vendor: string | undefined): string | null {
  if (vendor === undefined) return null;
  if (!isUuid(vendor)) throw fieldError('query/vendor', 'must be a vendor id (UUID)');
  return vendor;
}

/** The vendor a new bill or bill payment names: it must exist in these books and be active. */
export async function activeVendor(db: Queryable, organizationId: string, id: string): Promise<VendorRow> {
  const row = await vendors.find(db, organizationId, id);
  if (!row) throw fieldError('vendor', 'no such vendor in these books');
  if (!row.is_active) throw fieldError('vendor', 'the vendor is inactive');
  return row;
}

export async function listVendors(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: { search?: string; is_active?: boolean },
) {
  const organizationId = actor.organization.id;
  const search = filters.search?.trim() ? filters.search.trim().toLowerCase() : null;
  const rows = await vendors.page(
    deps.db,
    organizationId,
    { search, isActive: filters.is_active ?? null },
    cursor,
  );
  const page = toPage(organizationId, rows, cursor);
  const standings = await vendors.standings(
    deps.db,
    organizationId,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => describeVendor(row, standings.get(row.id))) };
}

export async function readVendor(deps: Deps, actor: Actor, id: string) {
  const row = await vendors.find(deps.db, actor.organization.id, id);
  if (!row) throw notFound('vendor');
  return describeOne(deps.db, actor.organization.id, row);
}

export interface CreateVendorCommand {
  display_name: string;
  email?: string | null;
  company_name?: string | null;
  phone?: string | null;
  address?: string | null;
  notes?: string;
  payment_terms?: PaymentTerms;
}

export async function createVendor(scope: WriteScope, command: CreateVendorCommand) {
  const organization = scope.actor.organization;
  const id = randomUUID();
  await vendors.insert(scope.tx, {
    id,
    organizationId: organization.id,
    currency: organization.currency,
    display_name: command.display_name.trim(),
    email: command.email ?? null,
    company_name: command.company_name ?? null,
    phone: command.phone ?? null,
    address: command.address ?? null,
    notes: command.notes ?? '',
    payment_terms: command.payment_terms ?? 'net_30',
  });
  scope.changed(VENDOR_ENTITY, id, 'created', 1);
  return describeVendor((await vendors.find(scope.tx, organization.id, id))!, undefined);
}

export type UpdateVendorCommand = Partial<CreateVendorCommand> & { is_active?: boolean };

/** Sparse update: fields absent from the patch keep their value; `null` clears an optional field. */
export async function updateVendor(
  scope: WriteScope,
  id: string,
  patch: UpdateVendorCommand,
  expectedVersion?: number,
) {
  const organizationId = scope.actor.organization.id;
  const current = await lockDocument(
    () => vendors.lock(scope.tx, organizationId, id),
    'vendor',
    expectedVersion,
  );
  const pick = <K extends keyof VendorRow & keyof UpdateVendorCommand>(key: K) =>
    patch[key] === undefined ? current[key] : patch[key];
  const version = current.version + 1;
  await vendors.update(scope.tx, organizationId, id, {
    display_name: String(pick('display_name')).trim(),
    email: pick('email') ?? null,
    company_name: pick('company_name') ?? null,
    phone: pick('phone') ?? null,
    address: pick('address') ?? null,
    notes: pick('notes') ?? '',
    payment_terms: pick('payment_terms') ?? 'net_30',
    is_active: pick('is_active') ?? true,
    version,
  });
  scope.changed(VENDOR_ENTITY, id, 'updated', version);
  return describeOne(scope.tx, organizationId, (await vendors.find(scope.tx, organizationId, id))!);
}

/** Deactivating an inactive vendor changes nothing: same version, no change record. */
export async function deactivateVendor(scope: WriteScope, id: string, expectedVersion?: number) {
  const organizationId = scope.actor.organization.id;
  const current = await lockDocument(
    () => vendors.lock(scope.tx, organizationId, id),
    'vendor',
    expectedVersion,
  );
  if (!current.is_active) return describeOne(scope.tx, organizationId, current);
  return updateVendor(scope, id, { is_active: false });
}
