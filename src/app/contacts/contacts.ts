// Contacts (after Bigcapital's neutral Contacts and its shared InactivateContact): customers (spec
// "Customer", D20, D26, D31) and vendors (D53) are one kind of record in two tables. One set of use
// cases (create, read, list, sparse update, deactivate) and the two checks a document makes of its
// counterparty take a kind descriptor: its store (standings included), its address field, its change
// entity and what its standing shows besides the balance every contact has. The standing (balance,
// open documents) is computed on every read, so it never drifts from the ledger and never bumps the
// contact's version (D33).

import { randomUUID } from 'node:crypto';
import { fieldError, notFound } from '../../domain/errors.ts';
import type { PaymentTerms } from '../../domain/invoice.ts';
import { CONTACT_SORT_KEYS, parseSortOrder } from '../../domain/list-order.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { EntityType } from '../../domain/roles.ts';
import type { Queryable } from '../../storage/db.ts';
import { isUuid } from '../../storage/sql.ts';
import type {
  ContactFields,
  ContactRow,
  ContactStanding,
  ContactStore,
} from '../../storage/stores/contacts.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { lockDocument } from '../documents/documents.ts';
import { assertCursorSort, type PageCursor, toPage } from '../pagination.ts';
import { versionedDeactivate } from '../versions.ts';
import { recordStamps } from '../views.ts';

/** What differs between customers and vendors. */
export interface ContactKind<Address extends string, Standing, StandingView> {
  /** What refusals and the change feed call one: `customer`, `vendor`. */
  what: EntityType;
  /** The address column and field: `billing_address` (D20) or `address` (D53). */
  address: Address;
  /** Its table's store, standings included. */
  store: ContactStore<Address, Standing & ContactStanding>;
  /** The derived fields of the response after the balance, from the standing (undefined: nothing open). */
  describeStanding(standing: Standing | undefined): StandingView;
}

export type ContactCommand<Address extends string> = {
  display_name: string;
  email?: string | null;
  company_name?: string | null;
  phone?: string | null;
  notes?: string;
  payment_terms?: PaymentTerms;
} & { [K in Address]?: string | null };

export type ContactPatch<Address extends string> = Partial<ContactCommand<Address>> & { is_active?: boolean };

export interface ContactListFilters {
  search?: string;
  is_active?: boolean;
  /** `name` or `-name` (issue 21); absent: D31's order. */
  sort?: string;
}

/** A kind of contact as activeContact reads one: its name in refusals and its store's read by id. */
export interface ActiveContactKind<Row> {
  what: string;
  store: { find(db: Queryable, organizationId: string, id: string): Promise<Row | undefined> };
}

/**
 * The counterparty a document names (`path` is its field, the kind's name by default): it must exist
 * in these books and be active.
 */
export async function activeContact<Row extends { is_active: boolean }>(
  db: Queryable,
  organizationId: string,
  kind: ActiveContactKind<Row>,
  id: string,
  path = kind.what,
): Promise<Row> {
  const row = await kind.store.find(db, organizationId, id);
  if (!row) throw fieldError(path, `no such ${kind.what} in these books`);
  if (!row.is_active) throw fieldError(path, `the ${kind.what} is inactive`);
  return row;
}

/** A list's counterparty filter (`query/<what>`): absent is every contact (null); present, an id. */
export function contactFilter(kind: { what: string }, id: string | undefined) {
  if (id === undefined) return null;
  if (!isUuid(id)) throw fieldError(`query/${kind.what}`, `must be a ${kind.what} id (UUID)`);
  return id;
}

/** The address, under the kind's own name for it. */
function addressField<Address extends string>(address: Address, value: string | null) {
  return { [address]: value } as { [K in Address]: string | null };
}

/** The use cases of one kind of contact. */
export function contactUseCases<Address extends string, Standing extends ContactStanding, StandingView>(
  kind: ContactKind<Address, Standing, StandingView>,
) {
  const { store } = kind;
  type Row = ContactRow<Address>;

  function describe(row: Row, standing: Standing | undefined) {
    return {
      id: row.id,
      display_name: row.display_name,
      email: row.email,
      company_name: row.company_name,
      phone: row.phone,
      ...addressField(kind.address, row[kind.address] as string | null),
      notes: row.notes,
      payment_terms: row.payment_terms,
      currency: row.currency,
      is_active: row.is_active,
      // Every contact's balance (D26, D53): no standing row is nothing open, a zero balance.
      balance: formatMoney(parseMoney(standing?.balance ?? '0')),
      ...kind.describeStanding(standing),
      ...recordStamps(row),
    };
  }

  async function describeOne(db: Queryable, organizationId: string, row: Row) {
    const standings = await store.standings(db, organizationId, [row.id]);
    return describe(row, standings.get(row.id));
  }

  /** The editable fields of a create, or of a sparse update over `current`; `null` clears a field. */
  function fields(given: Partial<ContactCommand<Address>>, current?: ContactFields<Address>) {
    const value = <K extends keyof ContactFields<Address>>(key: K) =>
      (given as Partial<ContactFields<Address>>)[key] === undefined
        ? current?.[key]
        : (given as Partial<ContactFields<Address>>)[key];
    return {
      display_name: String(value('display_name')).trim(),
      email: value('email') ?? null,
      company_name: value('company_name') ?? null,
      phone: value('phone') ?? null,
      ...addressField(kind.address, (value(kind.address) as string | null | undefined) ?? null),
      notes: value('notes') ?? '',
      payment_terms: value('payment_terms') ?? 'net_30',
    } as ContactFields<Address>;
  }

  function lock(scope: WriteScope, id: string, expectedVersion: number | undefined) {
    return lockDocument(
      () => store.lock(scope.tx, scope.actor.organization.id, id),
      kind.what,
      expectedVersion,
    );
  }

  async function list(deps: Deps, actor: Actor, cursor: PageCursor | undefined, filters: ContactListFilters) {
    const organizationId = actor.organization.id;
    assertCursorSort(cursor, filters.sort);
    const search = filters.search?.trim() ? filters.search.trim().toLowerCase() : null;
    const rows = await store.page(
      deps.db,
      organizationId,
      { search, isActive: filters.is_active ?? null },
      cursor,
      parseSortOrder(CONTACT_SORT_KEYS, filters.sort),
    );
    const page = toPage(organizationId, rows, cursor, filters.sort);
    const standings = await store.standings(
      deps.db,
      organizationId,
      page.rows.map((row) => row.id),
    );
    return { ...page, rows: page.rows.map((row) => describe(row, standings.get(row.id))) };
  }

  async function read(deps: Deps, actor: Actor, id: string) {
    const row = await store.find(deps.db, actor.organization.id, id);
    if (!row) throw notFound(kind.what);
    return describeOne(deps.db, actor.organization.id, row);
  }

  async function create(scope: WriteScope, command: ContactCommand<Address>) {
    const organization = scope.actor.organization;
    const id = randomUUID();
    await store.insert(scope.tx, {
      ...fields(command),
      id,
      organizationId: organization.id,
      currency: organization.currency,
    });
    scope.changed(kind.what, id, 'created', 1);
    return describe((await store.find(scope.tx, organization.id, id))!, undefined);
  }

  /** Sparse update: fields absent from the patch keep their value; `null` clears an optional field. */
  async function update(
    scope: WriteScope,
    id: string,
    patch: ContactPatch<Address>,
    expectedVersion?: number,
  ) {
    const organizationId = scope.actor.organization.id;
    const current = await lock(scope, id, expectedVersion);
    const version = current.version + 1;
    await store.update(scope.tx, organizationId, id, {
      ...fields(patch, current),
      is_active: patch.is_active ?? current.is_active,
      version,
    });
    scope.changed(kind.what, id, 'updated', version);
    return describeOne(scope.tx, organizationId, (await store.find(scope.tx, organizationId, id))!);
  }

  /** Deactivating an inactive contact changes nothing: same version, no change record. */
  const deactivate = versionedDeactivate(
    lock,
    (scope, current) => describeOne(scope.tx, scope.actor.organization.id, current),
    (scope, id, patch) => update(scope, id, patch as ContactPatch<Address>),
  );

  return { list, read, create, update, deactivate };
}
