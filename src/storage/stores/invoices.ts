// The invoices store (spec "Invoice", D20-D25, D29, D31, D33): invoices with their customer's name,
// their lines, and the writes that move them (their emails: invoice-emails.ts). Every function takes
// the handle first (a Tx inside a write, the Db for a read) and plain values; amounts come back as
// NUMERIC text.
import type { InvoiceStatus, PaymentTerms } from '../../domain/invoice.ts';
import type { InvoiceSortKey } from '../../domain/list-order.ts';
import type { Queryable } from '../db.ts';
import { filteredList, type SortColumn } from '../keyset.ts';
import { isoTimestamp } from '../sql.ts';
import { documentStore } from './document-store.ts';
import { type NewSalesLine, SALES_LINES, type SalesLineRow } from './sales-lines.ts';

export interface InvoiceRow {
  id: string;
  number: string;
  customer_id: string;
  customer_name: string;
  status: InvoiceStatus;
  issue_date: string;
  due_date: string;
  /** The terms the due date follows (D20), or null: a due date given by hand (issue 21). */
  payment_terms: PaymentTerms | null;
  /** Free text such as the customer's PO number (issue 21); '' when none. */
  reference: string;
  currency: string;
  memo: string;
  subtotal: string;
  tax_total: string;
  total: string;
  amount_paid: string;
  /** What credit notes took off it (D60). */
  amount_credited: string;
  journal_entry_id: string | null;
  void_entry_id: string | null;
  sent_at: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export type InvoiceLineRow = SalesLineRow<'invoice_id'>;

const INVOICE_SELECT = `SELECT i.id, i.number, i.customer_id, c.display_name AS customer_name, i.status,
  i.issue_date::text AS issue_date, i.due_date::text AS due_date, i.payment_terms, i.reference,
  i.currency, i.memo,
  i.subtotal::text AS subtotal, i.tax_total::text AS tax_total, i.total::text AS total,
  i.amount_paid::text AS amount_paid, i.amount_credited::text AS amount_credited, i.journal_entry_id, i.void_entry_id,
  ${isoTimestamp('i.sent_at')} AS sent_at, ${isoTimestamp('i.voided_at')} AS voided_at, i.version,
  ${isoTimestamp('i.created_at')} AS created_at, ${isoTimestamp('i.updated_at')} AS updated_at
  FROM invoices i JOIN customers c ON c.organization_id = i.organization_id AND c.id = i.customer_id`;

/**
 * An invoice's balance due as SQL (the domain's balanceDue: 0 when void). Written exactly as the
 * expression index of migration 0028, so the planner matches it.
 */
const BALANCE_DUE = `CASE WHEN i.status = 'void' THEN 0::numeric ELSE i.total - i.amount_paid - i.amount_credited END`;

/** The header fields an invoice draft has of its own (memo and totals are every draft's). */
export interface DraftFields {
  customerId: string;
  issueDate: string;
  dueDate: string;
  /** '' stores NULL: no terms, a due date given by hand. */
  paymentTerms: string;
  reference: string;
}

/**
 * find, lock, insertDraft (false when the number is taken), updateDraft, setStatus (draft -> sent
 * pointing at its posted entry, or -> void at its reversal) and the lines, from the one document store.
 */
export const { find, lock, insertDraft, updateDraft, setStatus, linesOf, insertLines, deleteLines } =
  documentStore<InvoiceRow, DraftFields, 'sent', typeof SALES_LINES.invoice>({
    table: 'invoices',
    alias: 'i',
    select: INVOICE_SELECT,
    header: ['customerId', 'issueDate', 'dueDate', 'paymentTerms', 'reference'],
    emptyIsNull: ['paymentTerms'],
    posted: { status: 'sent', at: 'sent_at' },
    lines: SALES_LINES.invoice,
  });

export interface InvoiceFilters {
  status: string | null;
  customerId: string | null;
  issueDateFrom: string | null;
  issueDateTo: string | null;
  /** A LIKE pattern (already escaped) matched against the lower-case number, reference and customer name. */
  searchPattern: string | null;
  /** Overdue (sent and due before `today`, D24) or not; null: either. */
  overdue: boolean | null;
  /** The books' today, which `overdue` is judged on. */
  today: string;
}

/** The invoices that pass the filters: $1 the organization, $2.. FILTER_PARAMS. */
const FILTERED = `i.organization_id = $1
      AND ($2::text IS NULL OR i.status = $2) AND ($3::uuid IS NULL OR i.customer_id = $3)
      AND ($4::date IS NULL OR i.issue_date >= $4) AND ($5::date IS NULL OR i.issue_date <= $5)
      AND ($6::text IS NULL OR lower(i.number) LIKE $6 OR lower(i.reference) LIKE $6
           OR lower(c.display_name) LIKE $6)
      AND ($7::boolean IS NULL OR (i.status = 'sent' AND i.due_date < $8::date) = $7)`;
const filterParams = (filters: InvoiceFilters) => [
  filters.status,
  filters.customerId,
  filters.issueDateFrom,
  filters.issueDateTo,
  filters.searchPattern,
  filters.overdue,
  filters.today,
];

/** The keys `?sort=` takes, each with an index of migration 0028 but the customer's name (a join). */
const SORTS: Record<InvoiceSortKey, SortColumn> = {
  number: { expression: 'i.number', type: 'text' },
  issue_date: { expression: 'i.issue_date', type: 'date' },
  due_date: { expression: 'i.due_date', type: 'date' },
  customer: { expression: 'c.display_name', type: 'text' },
  total: { expression: 'i.total', type: 'numeric' },
  balance_due: { expression: BALANCE_DUE, type: 'numeric' },
};

/** One keyset page (PAGE_SIZE + 1 rows at most) of the invoices that pass the filters (D31), in a sort order or D31's. */
export const page = filteredList<InvoiceRow, InvoiceFilters, InvoiceSortKey>({
  select: INVOICE_SELECT,
  where: FILTERED,
  params: filterParams,
  alias: 'i',
  sorts: SORTS,
});

/** What a list's totals row shows: how many invoices pass the filters, their totals and balances due summed. */
export interface TotalsRow {
  count: number;
  total: string;
  balance_due: string;
}

/** The totals of every invoice that passes the filters (not of one page), in one aggregate. */
export async function totals(
  db: Queryable,
  organizationId: string,
  filters: InvoiceFilters,
): Promise<TotalsRow> {
  const [row] = await db.query<TotalsRow>(
    `SELECT count(*)::int AS count, COALESCE(sum(i.total), 0)::text AS total,
            COALESCE(sum(${BALANCE_DUE}), 0)::text AS balance_due
       FROM invoices i JOIN customers c ON c.organization_id = i.organization_id AND c.id = i.customer_id
      WHERE ${FILTERED}`,
    [organizationId, ...filterParams(filters)],
  );
  return row!;
}

export type NewInvoiceLine = NewSalesLine;

/** An invoice as a payment applied to it sees it. */
export interface PayableRow {
  id: string;
  number: string;
  customer_id: string;
  status: InvoiceStatus;
  total: string;
  amount_paid: string;
  amount_credited: string;
  version: number;
}

/**
 * Locks the invoices a payment or a credit note applies to, in id order: concurrent payments and
 * credits queue here (after their own document's lock: every writer takes its document before the
 * invoices and the invoices by id, so none deadlock), and each one then sees the balance the
 * previous one left (READ COMMITTED re-reads a row after its lock).
 */
export function lockPayable(tx: Queryable, organizationId: string, ids: string[]): Promise<PayableRow[]> {
  return tx.query<PayableRow>(
    `SELECT id, number, customer_id, status, total::text AS total, amount_paid::text AS amount_paid,
            amount_credited::text AS amount_credited, version
       FROM invoices WHERE organization_id = $1 AND id = ANY($2::uuid[])
      ORDER BY id FOR UPDATE`,
    [organizationId, ids],
  );
}
