// Credit notes as returned (D60): the view with remaining_credit, one note, and the list with its
// filters (status, customer; D31 paging).
import { notFound } from '../../domain/errors.ts';
import { CREDIT_NOTE_SORT_KEYS } from '../../domain/list-order.ts';
import type { Queryable } from '../../storage/db.ts';
import type {
  CreditApplicationRow,
  CreditNoteLineRow,
  CreditNoteRow,
} from '../../storage/stores/credit-notes.ts';
import * as creditNotes from '../../storage/stores/credit-notes.ts';
import type { Actor, Deps } from '../context.ts';
import { describeCredit } from '../documents/credit-documents.ts';
import { type CreditListQuery, creditListing } from '../documents/credit-lists.ts';
import { describeInvoiceApplication, describeSalesLine } from '../documents/document-views.ts';
import { assertCursorSort, describedPage, type PageCursor } from '../pagination.ts';

export const CREDIT_NOTE_ENTITY = 'credit_note';

function summary(row: CreditNoteRow) {
  return {
    ...describeCredit(row),
    customer: row.customer_id,
    customer_name: row.customer_name,
    issue_date: row.issue_date,
  };
}

export function describeCreditNote(
  row: CreditNoteRow,
  lines: CreditNoteLineRow[],
  applications: CreditApplicationRow[],
) {
  return {
    ...summary(row),
    lines: lines.map(describeSalesLine),
    applications: applications.map(describeInvoiceApplication),
  };
}
export type CreditNoteView = ReturnType<typeof describeCreditNote>;

export async function readCreditNote(db: Queryable, actor: Actor, id: string): Promise<CreditNoteView> {
  const organizationId = actor.organization.id;
  const row = await creditNotes.find(db, organizationId, id);
  if (!row) throw notFound('credit note');
  const lines = await creditNotes.linesOf(db, organizationId, [id]);
  const applications = await creditNotes.applicationsOf(db, organizationId, [id]);
  return describeCreditNote(row, lines.get(id) ?? [], applications.get(id) ?? []);
}

export type CreditNoteFilters = CreditListQuery<'customer'>;

const CREDIT_NOTE_LIST = creditListing({
  store: creditNotes,
  sortKeys: CREDIT_NOTE_SORT_KEYS,
  party: 'customer',
});

/** D31 paging filtered by status and customer, in D31's order or `sort`'s (issue 21). */
export async function listCreditNotes(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: CreditNoteFilters,
) {
  const organizationId = actor.organization.id;
  assertCursorSort(cursor, filters.sort);
  const rows = CREDIT_NOTE_LIST.page(deps.db, organizationId, filters, cursor);
  return describedPage(organizationId, cursor, rows, (page) => page.map(summary), filters.sort);
}

/** GET /credit-notes/totals: how many notes the list's filters match, their totals and remaining credit summed. */
export const creditNoteTotals = CREDIT_NOTE_LIST.totals;
