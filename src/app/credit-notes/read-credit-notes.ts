// Credit notes as returned (D60): the view with remaining_credit, one note, and the list with its
// filters (status, customer; D31 paging).
import { notFound } from '../../domain/errors.ts';
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
import { describeCredit } from '../documents/credit-documents.ts';
import { type PageCursor, toPage } from '../pagination.ts';

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
    lines: lines.map((line) => ({
      line_no: line.line_no,
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unit_price,
      amount: line.amount,
      income_account: line.income_account_id,
      is_taxable: line.is_taxable,
      tax_rate: line.tax_rate_id,
      tax_amount: line.tax_amount,
      tracking_options: line.tracking_options,
      item: line.item_id,
    })),
    applications: applications.map((application) => ({
      invoice_id: application.invoice_id,
      invoice_number: application.invoice_number,
      amount: application.amount,
      applied_date: application.applied_date,
    })),
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
  const rows = await creditNotes.page(
    deps.db,
    organizationId,
    { status: filters.status ?? null, counterpartyId: contactFilter(CUSTOMER, filters.customer) },
    cursor,
  );
  const page = toPage(organizationId, rows, cursor);
  return { ...page, rows: page.rows.map(summary) };
}
