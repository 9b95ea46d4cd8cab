// The invoices store (spec "Invoice", D20-D25, D29, D31, D33): invoices with their customer's name,
// their lines, and the writes that move them (their emails: invoice-emails.ts). Every function takes
// the handle first (a Tx inside a write, the Db for a read) and plain values; amounts come back as
// NUMERIC text.
import type { InvoiceStatus, PaymentTerms } from '../../domain/invoice.ts';
import type { InvoiceSortKey } from '../../domain/list-order.ts';
import type { SortColumn } from '../keyset.ts';
import {
  documentStore,
  type SettledColumns,
  type SettledRow,
  settledColumns,
  settledList,
  settledLocker,
} from './document-store.ts';
import { type NewSalesLine, SALES_LINES, type SalesLineRow } from './sales-lines.ts';

export type InvoiceRow = SettledColumns<InvoiceStatus, 'sent_at'> & {
  customer_id: string;
  customer_name: string;
  issue_date: string;
  due_date: string;
  /** The terms the due date follows (D20), or null: a due date given by hand (issue 21). */
  payment_terms: PaymentTerms | null;
  /** Free text such as the customer's PO number (issue 21); '' when none. */
  reference: string;
};

export type InvoiceLineRow = SalesLineRow<'invoice_id'>;

const INVOICE_COLUMNS = `${settledColumns('i', 'sent_at')}, i.customer_id, c.display_name AS customer_name,
  i.issue_date::text AS issue_date, i.due_date::text AS due_date, i.payment_terms, i.reference`;
const INVOICE_FROM =
  'invoices i JOIN customers c ON c.organization_id = i.organization_id AND c.id = i.customer_id';
const INVOICE_SELECT = `SELECT ${INVOICE_COLUMNS} FROM ${INVOICE_FROM}`;

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

/** The keys `?sort=` takes, each with an index of migration 0028 but the customer's name (a join). */
const SORTS: Record<InvoiceSortKey, SortColumn> = {
  number: { expression: 'i.number', type: 'text' },
  issue_date: { expression: 'i.issue_date', type: 'date' },
  due_date: { expression: 'i.due_date', type: 'date' },
  customer: { expression: 'c.display_name', type: 'text' },
  total: { expression: 'i.total', type: 'numeric' },
  balance_due: { expression: BALANCE_DUE, type: 'numeric' },
};

/**
 * The invoices that pass the filters (status, customer, issue-date range, search on the number, the
 * reference and the customer's name, overdue: sent and due before today): a keyset page and the totals.
 */
export const { page, totals } = settledList<InvoiceRow, InvoiceSortKey>({
  columns: INVOICE_COLUMNS,
  from: INVOICE_FROM,
  alias: 'i',
  counterparty: { column: 'customer_id', name: 'c.display_name' },
  date: 'issue_date',
  reference: 'reference',
  owed: 'sent',
  balanceDue: BALANCE_DUE,
  sorts: SORTS,
});

export type NewInvoiceLine = NewSalesLine;

/** An invoice as a payment or a credit note applied to it sees it. */
export type PayableRow = SettledRow<InvoiceStatus, 'customer_id'>;

/** Locks the invoices a payment or a credit note applies to, in id order (settledLocker). */
export const lockPayable = settledLocker<InvoiceStatus, 'customer_id'>('invoices', 'customer_id');
