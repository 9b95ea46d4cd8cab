// Invoices as returned: the view (D7 four decimals, D24 days overdue), one invoice, and the list with
// its filters (D31). The rows come from the invoices store; the reads are every settled kind's
// (documents/settled-lists.ts).
import { INVOICE_SETTLEMENT } from '../../domain/invoice.ts';
import { INVOICE_SORT_KEYS } from '../../domain/list-order.ts';
import type { InvoiceRow } from '../../storage/stores/invoices.ts';
import * as invoices from '../../storage/stores/invoices.ts';
import { describeSalesLine } from '../documents/document-views.ts';
import { settledReads } from '../documents/settled-lists.ts';

export const INVOICE_ENTITY = 'ar_invoice';

/** What only an invoice answers (issue 21): the terms its due date follows, and its reference. */
const own = (row: InvoiceRow) => ({ payment_terms: row.payment_terms, reference: row.reference });

/** An invoice's reads: not_found names an `invoice`; the list filters by `customer` and `issue_date`. */
const INVOICE_READS = settledReads({
  what: 'invoice',
  store: invoices,
  sortKeys: INVOICE_SORT_KEYS,
  party: 'customer',
  dateField: 'issue_date',
  own,
  settlement: INVOICE_SETTLEMENT,
  postedAt: 'sent_at',
  describeLine: describeSalesLine,
});

export const describeInvoice = INVOICE_READS.describe;
export type InvoiceView = ReturnType<typeof describeInvoice>;

/** Needs only the books (the email outbox reads an invoice with no actor, D62). */
export const readInvoice = INVOICE_READS.read;

/**
 * D31: status, customer, issue-date range, `search` on the number, the reference or the customer's
 * name, and overdue; in D31's order or `sort`'s (issue 21), whose cursors stay in it.
 */
export const listInvoices = INVOICE_READS.list;

/** GET /invoices/totals: how many invoices the list's filters match, their totals and balances due summed. */
export const invoiceTotals = INVOICE_READS.totals;
