// The credit-notes store (D60): credit notes with their customer's name, their lines, their
// applications to invoices, and the writes that move them and the invoices they credit. Every function
// takes the handle first (a Tx inside a write, the Db for a read); amounts come back as NUMERIC text.
import type { CreditNoteStatus } from '../../domain/credit-note.ts';
import type { CreditNoteSortKey } from '../../domain/list-order.ts';
import type { SortColumn } from '../keyset.ts';
import {
  type CreditColumns,
  creditApplications,
  creditColumns,
  creditTotals,
  documentStore,
  statusPage,
} from './document-store.ts';
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

const CREDIT_NOTE_SELECT = `SELECT ${creditColumns('n')}, n.customer_id, c.display_name AS customer_name,
  n.issue_date::text AS issue_date
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

/** One keyset page of the notes that pass the filters: status, customer. */
/** The keys `?sort=` takes, each with an index of migration 0028 but the customer's name (a join). */
const SORTS: Record<CreditNoteSortKey, SortColumn> = {
  // A draft has no number until it is issued: it sorts as an empty one (first ascending).
  number: { expression: "COALESCE(n.number, '')", type: 'text' },
  issue_date: { expression: 'n.issue_date', type: 'date' },
  customer: { expression: 'c.display_name', type: 'text' },
  total: { expression: 'n.total', type: 'numeric' },
};

export const page = statusPage<CreditNoteRow, CreditNoteSortKey>(
  CREDIT_NOTE_SELECT,
  'n',
  'customer_id',
  SORTS,
);

/** The totals of every note that passes the list's filters (status, customer): its totals row. */
export const totals = creditTotals('credit_notes', 'customer_id');
