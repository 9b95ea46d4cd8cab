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
import { type PageCursor, toPage } from '../pagination.ts';

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
    subtotal: row.subtotal,
    tax_total: row.tax_total,
    total: row.total,
    amount_applied: row.amount_applied,
    remaining_credit: formatMoney(
      remainingCredit(parseMoney(row.total), parseMoney(row.amount_applied), row.status),
    ),
    memo: row.memo,
    journal_entry: row.journal_entry_id,
    void_entry: row.void_entry_id,
    issued_at: row.issued_at,
    voided_at: row.voided_at,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
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
    { status: filters.status ?? null, customerId: contactFilter(CUSTOMER, filters.customer) },
    cursor,
  );
  const page = toPage(organizationId, rows, cursor);
  return { ...page, rows: page.rows.map(summary) };
}
