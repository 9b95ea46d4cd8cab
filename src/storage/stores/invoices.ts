// The invoices store (spec "Invoice", D20-D25, D29, D31, D33): invoices with their customer's name,
// their lines, and the writes that move them (their emails: invoice-emails.ts). Every function takes
// the handle first (a Tx inside a write, the Db for a read) and plain values; amounts come back as
// NUMERIC text.
import type { InvoiceStatus } from '../../domain/invoice.ts';
import { filteredList } from '../keyset.ts';
import {
  documentStore,
  type SettledColumns,
  type SettledRow,
  settledColumns,
  settledLocker,
} from './document-store.ts';
import { type NewSalesLine, SALES_LINES, type SalesLineRow } from './sales-lines.ts';

export type InvoiceRow = SettledColumns<InvoiceStatus, 'sent_at'> & {
  customer_id: string;
  customer_name: string;
  issue_date: string;
  due_date: string;
};

export type InvoiceLineRow = SalesLineRow<'invoice_id'>;

const INVOICE_SELECT = `SELECT ${settledColumns('i', 'sent_at')}, i.customer_id, c.display_name AS customer_name,
  i.issue_date::text AS issue_date, i.due_date::text AS due_date
  FROM invoices i JOIN customers c ON c.organization_id = i.organization_id AND c.id = i.customer_id`;

/** The header fields an invoice draft has of its own (memo and totals are every draft's). */
export interface DraftFields {
  customerId: string;
  issueDate: string;
  dueDate: string;
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
    header: ['customerId', 'issueDate', 'dueDate'],
    posted: { status: 'sent', at: 'sent_at' },
    lines: SALES_LINES.invoice,
  });

export interface InvoiceFilters {
  status: string | null;
  customerId: string | null;
  issueDateFrom: string | null;
  issueDateTo: string | null;
  /** A LIKE pattern (already escaped) matched against the lower-case number and customer name. */
  searchPattern: string | null;
}

/** One keyset page (PAGE_SIZE + 1 rows at most) of the invoices that pass the filters (D31). */
export const page = filteredList<InvoiceRow, InvoiceFilters>({
  select: INVOICE_SELECT,
  where: `i.organization_id = $1
      AND ($2::text IS NULL OR i.status = $2) AND ($3::uuid IS NULL OR i.customer_id = $3)
      AND ($4::date IS NULL OR i.issue_date >= $4) AND ($5::date IS NULL OR i.issue_date <= $5)
      AND ($6::text IS NULL OR lower(i.number) LIKE $6 OR lower(c.display_name) LIKE $6)`,
  params: (filters) => [
    filters.status,
    filters.customerId,
    filters.issueDateFrom,
    filters.issueDateTo,
    filters.searchPattern,
  ],
  alias: 'i',
});

export type NewInvoiceLine = NewSalesLine;

/** An invoice as a payment or a credit note applied to it sees it. */
export type PayableRow = SettledRow<InvoiceStatus, 'customer_id'>;

/** Locks the invoices a payment or a credit note applies to, in id order (settledLocker). */
export const lockPayable = settledLocker<InvoiceStatus, 'customer_id'>('invoices', 'customer_id');
