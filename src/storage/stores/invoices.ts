// The invoices store (spec "Invoice", D20-D25, D29, D31, D33): invoices with their customer's name,
// their lines, and the writes that move them (their emails: invoice-emails.ts). Every function takes
// the handle first (a Tx inside a write, the Db for a read) and plain values; amounts come back as
// NUMERIC text.
import type { InvoiceStatus, PaymentTerms } from '../../domain/invoice.ts';
import { INVOICE_SORT_KEYS, type InvoiceSortKey } from '../../domain/list-order.ts';
import {
  CUSTOMERS,
  type SettledColumns,
  type SettledRow,
  settledLocker,
  settledStore,
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

/** The header fields an invoice draft has of its own (memo and totals are every draft's). */
export interface DraftFields {
  customerId: string;
  issueDate: string;
  dueDate: string;
  /** '' stores NULL: no terms, a due date given by hand. */
  paymentTerms: string;
  reference: string;
}

/** Invoices as a settled kind: numbered as drafts, sent, paid and credited, with their customer. */
const INVOICES = settledStore<InvoiceRow, DraftFields, 'sent', typeof SALES_LINES.invoice, InvoiceSortKey>({
  table: 'invoices',
  alias: 'i',
  counterparty: CUSTOMERS,
  columns: [
    'i.issue_date::text AS issue_date',
    'i.due_date::text AS due_date',
    'i.payment_terms',
    'i.reference',
  ],
  date: 'issue_date',
  sortKeys: INVOICE_SORT_KEYS,
  reference: 'reference',
  header: ['customerId', 'issueDate', 'dueDate', 'paymentTerms', 'reference'],
  emptyIsNull: ['paymentTerms'],
  posted: { status: 'sent', at: 'sent_at' },
  lines: SALES_LINES.invoice,
});

/**
 * find, lock, insertDraft (false when the number is taken), updateDraft, setStatus (draft -> sent
 * pointing at its posted entry, or -> void at its reversal) and the lines, from the one document store.
 */
export const { find, lock, insertDraft, updateDraft, setStatus, linesOf, insertLines, deleteLines } =
  INVOICES;

/**
 * The invoices that pass the filters (status, customer, issue-date range, search on the number, the
 * reference and the customer's name, overdue: sent and due before today): a keyset page and the totals.
 */
export const { page, totals } = INVOICES;

export type NewInvoiceLine = NewSalesLine;

/** An invoice as a payment or a credit note applied to it sees it. */
export type PayableRow = SettledRow<InvoiceStatus, 'customer_id'>;

/** Locks the invoices a payment or a credit note applies to, in id order (settledLocker). */
export const lockPayable = settledLocker<InvoiceStatus, 'customer_id'>('invoices', 'customer_id');
