// The contacts store factory: customers and vendors are one shape in two tables (after Bigcapital's
// neutral Contacts), differing only in the name of their address column (`billing_address`, D20;
// `address`, D53) and in what their standing sums (customers.ts, vendors.ts). Each table gets the
// same rows, keyset list, insert, update and standings by id from here. Every function takes the
// handle first.
import type { PaymentTerms } from '../../domain/invoice.ts';
import type { ContactSortKey } from '../../domain/list-order.ts';
import type { Queryable, SqlParam } from '../db.ts';
import { filteredList, type SortColumn } from '../keyset.ts';
import { isoTimestamp, rowById } from '../sql.ts';

/** The fields a person edits; the rest (id, currency, version, timestamps) the service keeps. */
export type ContactFields<Address extends string> = {
  display_name: string;
  email: string | null;
  company_name: string | null;
  phone: string | null;
  notes: string;
  payment_terms: PaymentTerms;
} & { [K in Address]: string | null };

export type ContactRow<Address extends string> = ContactFields<Address> & {
  id: string;
  currency: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
};

export interface ContactFilters {
  /** Lower-case text found in the display name or the email. */
  search: string | null;
  isActive: boolean | null;
}

/**
 * The keys `?sort=` takes (issue 21): the name case-insensitively, so "acme" sorts among the A's under
 * the C collation too; indexed by migration 0029 with the same expression.
 */
const SORTS: Record<ContactSortKey, SortColumn> = {
  name: { expression: 'lower(display_name)', type: 'text' },
};

/** What every contact's standing reads: its balance, a sum (no (20,4) bound, D66) as NUMERIC text. */
export interface ContactStanding {
  balance: string;
}

/** What differs between the two contacts tables. */
export interface ContactTable<Address extends string> {
  table: 'customers' | 'vendors';
  /** The address column: `billing_address` (D20) or `address` (D53). */
  address: Address;
  /**
   * The standing of several contacts in one grouped query, derived on every read so it never drifts
   * from the documents: `$1` the books, `$2` the contacts' ids (uuid[]); a row of `id` and the
   * standing's columns for each contact that has anything open (none: nothing open).
   */
  standings: string;
}

export type ContactStore<Address extends string, Standing> = ReturnType<
  typeof contactStore<Address, Standing>
>;

/** The store of one contacts table, whose standing reads as `Standing`. */
export function contactStore<Address extends string, Standing>(spec: ContactTable<Address>) {
  const { table, address } = spec;
  type Row = ContactRow<Address>;
  const select = `SELECT id, display_name, email, company_name, phone, ${address}, notes, payment_terms,
    currency, is_active, version, ${isoTimestamp('created_at')} AS created_at,
    ${isoTimestamp('updated_at')} AS updated_at FROM ${table}`;
  const columns = `display_name, email, company_name, phone, ${address}, notes, payment_terms`;

  /** The editable fields as parameters, in the order `columns` names them. */
  const fieldValues = (contact: ContactFields<Address>): SqlParam[] => [
    contact.display_name,
    contact.email,
    contact.company_name,
    contact.phone,
    (contact as Record<Address, string | null>)[address],
    contact.notes,
    contact.payment_terms,
  ];

  return {
    /** One contact, or undefined (a malformed id is a contact that does not exist). */
    find(db: Queryable, organizationId: string, id: string): Promise<Row | undefined> {
      return rowById<Row>(db, select, organizationId, id);
    },

    /** The row locked until commit, for a write that depends on it. */
    lock(tx: Queryable, organizationId: string, id: string): Promise<Row | undefined> {
      return rowById<Row>(tx, select, organizationId, id, 'update');
    },

    /**
     * One keyset page (PAGE_SIZE + 1 rows at most), in D31's order or a sort's. strpos, not LIKE:
     * "50%" means those characters.
     */
    page: filteredList<Row, ContactFilters, ContactSortKey>({
      select,
      where: `organization_id = $1
      AND ($2::text IS NULL OR strpos(lower(display_name), $2) > 0 OR strpos(lower(COALESCE(email, '')), $2) > 0)
      AND ($3::boolean IS NULL OR is_active = $3)`,
      params: (filters) => [filters.search, filters.isActive],
      sorts: SORTS,
    }),

    async insert(
      tx: Queryable,
      contact: ContactFields<Address> & { id: string; organizationId: string; currency: string },
    ): Promise<void> {
      await tx.query(
        `INSERT INTO ${table} (id, organization_id, ${columns}, currency)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [contact.id, contact.organizationId, ...fieldValues(contact), contact.currency],
      );
    },

    /** Writes every editable field and the new version. */
    async update(
      tx: Queryable,
      organizationId: string,
      id: string,
      contact: ContactFields<Address> & { is_active: boolean; version: number },
    ): Promise<void> {
      await tx.query(
        `UPDATE ${table} SET (${columns}, is_active, version, updated_at)
              = ($3, $4, $5, $6, $7, $8, $9, $10, $11, statement_timestamp())
          WHERE organization_id = $1 AND id = $2`,
        [organizationId, id, ...fieldValues(contact), contact.is_active, contact.version],
      );
    },

    /** The standing of each of `ids` that has one, by id; no ids, no query. */
    async standings(db: Queryable, organizationId: string, ids: string[]): Promise<Map<string, Standing>> {
      const byId = new Map<string, Standing>();
      if (ids.length === 0) return byId;
      const rows = await db.query<Standing & { id: string }>(spec.standings, [organizationId, ids]);
      for (const { id, ...standing } of rows) byId.set(id, standing as Standing);
      return byId;
    },
  };
}
