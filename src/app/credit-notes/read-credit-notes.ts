// Credit notes as returned (D60): the view with remaining_credit, one note, and the list with its
// filters (status, customer; D31 paging).
import { remainingCredit } from '../../domain/credit-note.ts';
import { notFound } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type {
  CreditApplicationRow,
  CreditNoteLineRow,
  CreditNoteRow,
} from '../../storage/stores/credit-notes.ts';
import * as creditNotes from '../../storage/stores/credit-notes.ts';
import { contactFilter } from '../contacts/contacts.ts';
import { CUSTOMER } from '../contacts/customers.ts';
import type { Actor, Deps } from '../context.ts';
import {
  describeInvoiceApplication,
  describeSalesLine,
  documentTotals,
} from '../documents/document-views.ts';
import { describedPage, type PageCursor } from '../pagination.ts';
import { recordStamps } from '../views.ts';

export const CREDIT_NOTE_ENTITY = 'credit_note';

function summary(row: CreditNoteRow) {
  return {
    id: row.id,
    number: row.number,
    customer: row.customer_id,
    customer_name: row.customer_name,
    status: row.status,
    issue_date: row.issue_date,
    currency: row.currency,
    ...documentTotals(row),
    amount_applied: row.amount_applied,
    remaining_credit: formatMoney(
      remainingCredit(parseMoney(row.total), parseMoney(row.amount_applied), row.status),
    ),
    memo: row.memo,
    journal_entry: row.journal_entry_id,
    void_entry: row.void_entry_id,
    issued_at: row.issued_at,
    voided_at: row.voided_at,
    ...recordStamps(row),
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

export interface CreditNoteFilters {
  status?: string;
  customer?: string;
}

export async function listCreditNotes(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: CreditNoteFilters,
) {
  const organizationId = actor.organization.id;
  const rows = creditNotes.page(
    deps.db,
    organizationId,
    { status: filters.status ?? null, customerId: contactFilter(CUSTOMER, filters.customer) },
    cursor,
  );
  return describedPage(organizationId, cursor, rows, (page) => page.map(summary));
}
