// The credit-notes store (D60): credit notes with their customer's name, their lines, their
// applications to invoices, and the writes that move them and the invoices they credit. Every function
// takes the handle first (a Tx inside a write, the Db for a read); amounts come back as NUMERIC text.
import type { CreditNoteStatus } from '../../domain/credit-note.ts';
import { CREDIT_NOTE_SORT_KEYS, type CreditNoteSortKey } from '../../domain/list-order.ts';
import { type CreditColumns, CUSTOMERS, creditApplications, creditStore } from './document-store.ts';
import { SALES_LINES, type SalesLineRow } from './sales-lines.ts';

export interface CreditNoteRow extends CreditColumns<CreditNoteStatus> {
  customer_id: string;
  customer_name: string;
  issue_date: string;
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

/** The header fields a credit note draft has of its own (memo and totals are every draft's). */
export interface DraftFields {
  customerId: string;
  issueDate: string;
}

/** Credit notes as a credit kind: numbered at issue, their credit applied to invoices, with their customer. */
const CREDIT_NOTES = creditStore<
  CreditNoteRow,
  DraftFields,
  typeof SALES_LINES.credit_note,
  CreditNoteSortKey
>({
  table: 'credit_notes',
  alias: 'n',
  counterparty: CUSTOMERS,
  columns: ['n.issue_date::text AS issue_date'],
  date: 'issue_date',
  sortKeys: CREDIT_NOTE_SORT_KEYS,
  header: ['customerId', 'issueDate'],
  lines: SALES_LINES.credit_note,
});

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
} = CREDIT_NOTES;

/** One keyset page of the notes that pass the filters (status, customer), and their totals row. */
export const { page, totals } = CREDIT_NOTES;

/** The applications of each note (with the number of the invoice each credits), and applyCredit. */
export const { applicationsOf, applyCredit } = creditApplications<CreditApplicationRow, 'credit_note_id'>({
  table: 'credit_note_applications',
  parent: 'credit_note_id',
  documents: 'credit_notes',
  target: { table: 'invoices', column: 'invoice_id', what: 'invoice' },
});
