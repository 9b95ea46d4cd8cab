// Invoices as returned: the view (D7 four decimals, D24 days overdue), one invoice, and the list with
// its filters (D31). The rows come from the invoices store.
import { todayIn } from '../../domain/dates.ts';
import { daysOverdue } from '../../domain/invoice.ts';
import { INVOICE_SORT_KEYS } from '../../domain/list-order.ts';
import type { Queryable } from '../../storage/db.ts';
import type { InvoiceLineRow, InvoiceRow } from '../../storage/stores/invoices.ts';
import * as invoices from '../../storage/stores/invoices.ts';
import type { Actor } from '../context.ts';
import { describeSalesLine, settledMoney } from '../documents/document-views.ts';
import { readDocument } from '../documents/documents.ts';
import { settledListing } from '../documents/settled-lists.ts';
import { recordStamps } from '../views.ts';

export const INVOICE_ENTITY = 'ar_invoice';

function summary(row: InvoiceRow, today: string) {
  return {
    id: row.id,
    number: row.number,
    customer: row.customer_id,
    customer_name: row.customer_name,
    status: row.status,
    issue_date: row.issue_date,
    due_date: row.due_date,
    payment_terms: row.payment_terms,
    reference: row.reference,
    currency: row.currency,
    ...settledMoney(row),
    days_overdue: daysOverdue(row.status, row.due_date, today),
    memo: row.memo,
    journal_entry: row.journal_entry_id,
    void_entry: row.void_entry_id,
    sent_at: row.sent_at,
    voided_at: row.voided_at,
    ...recordStamps(row),
  };
}

export function describeInvoice(row: InvoiceRow, lines: InvoiceLineRow[], today: string) {
  return {
    ...summary(row, today),
    lines: lines.map(describeSalesLine),
  };
}
export type InvoiceView = ReturnType<typeof describeInvoice>;

/** Needs only the books (the email outbox reads an invoice with no actor, D62). */
export async function readInvoice(
  db: Queryable,
  actor: { organization: Pick<Actor['organization'], 'id' | 'timezone'> },
  id: string,
): Promise<InvoiceView> {
  const { row, rows } = await readDocument(db, actor.organization.id, id, 'invoice', {
    find: invoices.find,
    rowsOf: invoices.linesOf,
  });
  return describeInvoice(row, rows, todayIn(actor.organization.timezone));
}

const INVOICE_LIST = settledListing({
  store: invoices,
  sortKeys: INVOICE_SORT_KEYS,
  party: 'customer',
  dateField: 'issue_date',
  summary,
});

/**
 * D31: status, customer, issue-date range, `search` on the number, the reference or the customer's
 * name, and overdue; in D31's order or `sort`'s (issue 21), whose cursors stay in it.
 */
export const listInvoices = INVOICE_LIST.list;

/** GET /invoices/totals: how many invoices the list's filters match, their totals and balances due summed. */
export const invoiceTotals = INVOICE_LIST.totals;
