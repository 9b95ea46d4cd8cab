// The credit-notes store (D60): credit notes with their customer's name, their lines, their
// applications to invoices, and the writes that move them and the invoices they credit. Every function
// takes the handle first (a Tx inside a write, the Db for a read); amounts come back as NUMERIC text.
import type { CreditNoteStatus } from '../../domain/credit-note.ts';
import { filteredList } from '../keyset.ts';
import { isoTimestamp } from '../sql.ts';
import { creditApplications, documentStore } from './document-store.ts';
import { SALES_LINES, type SalesLineRow } from './sales-lines.ts';

export interface CreditNoteRow {
  id: string;
  number: string | null;
  customer_id: string;
  customer_name: string;
  status: CreditNoteStatus;
  issue_date: string;
  currency: string;
  memo: string;
  subtotal: string;
  tax_total: string;
  total: string;
  amount_applied: string;
  journal_entry_id: string | null;
  void_entry_id: string | null;
  issued_at: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export type CreditNoteLineRow = SalesLineRow<'credit_note_id'>;

export interface CreditApplicationRow {
  credit_note_id: string;
  line_no: number;
  invoice_id: string;
  invoice_number: string;
  amount: string;
  applied_date: string;
}

const CREDIT_NOTE_SELECT = `SELECT n.id, n.number, n.customer_id, c.display_name AS customer_name, n.status,
  n.issue_date::text AS issue_date, n.currency, n.memo, n.subtotal::text AS subtotal,
  n.tax_total::text AS tax_total, n.total::text AS total, n.amount_applied::text AS amount_applied,
  n.journal_entry_id, n.void_entry_id, ${isoTimestamp('n.issued_at')} AS issued_at,
  ${isoTimestamp('n.voided_at')} AS voided_at, n.version,
  ${isoTimestamp('n.created_at')} AS created_at, ${isoTimestamp('n.updated_at')} AS updated_at
  FROM credit_notes n JOIN customers c ON c.organization_id = n.organization_id AND c.id = n.customer_id`;

/** The header fields a credit note draft has of its own (memo and totals are every draft's). */
export interface DraftFields {
  customerId: string;
  issueDate: string;
}

/**
 * find, lock (FOR UPDATE OF n: every write of a note takes it first, so two applies of the same note
 * queue here and the second sees what the first applied), insertDraft (no number yet: numbers are
 * taken at issue, so a deleted draft leaves no gap), updateDraft, deleteDraft and the lines, from the
 * one document store, with setStatus (issue takes the number with it; void points at the reversal).
 */
export const {
  find,
  lock,
  insertDraft,
  updateDraft,
  deleteDraft,
  setStatus,
  linesOf,
  insertLines,
  deleteLines,
} = documentStore<CreditNoteRow, DraftFields, 'issued', typeof SALES_LINES.credit_note>({
  table: 'credit_notes',
  alias: 'n',
  select: CREDIT_NOTE_SELECT,
  header: ['customerId', 'issueDate'],
  posted: { status: 'issued', at: 'issued_at' },
  lines: SALES_LINES.credit_note,
});

/** The applications of each note (with the number of the invoice each credits), and applyCredit. */
export const { applicationsOf, applyCredit } = creditApplications<CreditApplicationRow, 'credit_note_id'>({
  table: 'credit_note_applications',
  parent: 'credit_note_id',
  documents: 'credit_notes',
  target: { table: 'invoices', column: 'invoice_id', what: 'invoice' },
});

export interface CreditNoteFilters {
  status: string | null;
  customerId: string | null;
}

export const page = filteredList<CreditNoteRow, CreditNoteFilters>({
  select: CREDIT_NOTE_SELECT,
  where: `n.organization_id = $1
      AND ($2::text IS NULL OR n.status = $2) AND ($3::uuid IS NULL OR n.customer_id = $3)`,
  params: (filters) => [filters.status, filters.customerId],
  alias: 'n',
});
