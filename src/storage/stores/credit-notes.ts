// The credit-notes store (D60): credit notes with their customer's name, their lines, their
// applications to invoices, and the writes that move them and the invoices they credit. Every function
// takes the handle first (a Tx inside a write, the Db for a read); amounts come back as NUMERIC text.
import type { CreditNoteStatus } from '../../domain/credit-note.ts';
import type { InvoiceStatus } from '../../domain/invoice.ts';
import type { Queryable } from '../db.ts';
import { filteredList } from '../keyset.ts';
import { SqlParams } from '../rows.ts';
import { childrenOf, isoTimestamp } from '../sql.ts';
import { documentStore } from './document-store.ts';
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
 * one document store. Issue and void are setIssued and setVoid below (issue also takes the number).
 */
export const { find, lock, insertDraft, updateDraft, deleteDraft, linesOf, insertLines, deleteLines } =
  documentStore<CreditNoteRow, DraftFields, 'issued', typeof SALES_LINES.credit_note>({
    table: 'credit_notes',
    alias: 'n',
    select: CREDIT_NOTE_SELECT,
    header: ['customerId', 'issueDate'],
    posted: { status: 'issued', at: 'issued_at' },
    lines: SALES_LINES.credit_note,
  });

/** The applications of each note, in order, with the number of the invoice each credits. */
export const applicationsOf = childrenOf<CreditApplicationRow, 'credit_note_id'>(
  `SELECT a.credit_note_id, a.line_no, a.invoice_id, i.number AS invoice_number, a.amount::text AS amount,
          a.applied_date::text AS applied_date
     FROM credit_note_applications a
     JOIN invoices i ON i.organization_id = a.organization_id AND i.id = a.invoice_id
    WHERE a.organization_id = $1 AND a.credit_note_id = ANY($2::uuid[])
    ORDER BY a.credit_note_id, a.line_no`,
  'credit_note_id',
);

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

/** draft -> issued under its new number, pointing at its posted entry. */
export async function setIssued(
  tx: Queryable,
  organizationId: string,
  id: string,
  change: { number: string; entryId: string; version: number },
): Promise<void> {
  await tx.query(
    `UPDATE credit_notes SET status = 'issued', number = $3, journal_entry_id = $4, issued_at = statement_timestamp(),
            version = $5, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, change.number, change.entryId, change.version],
  );
}

/** issued -> void, pointing at its reversing entry. */
export async function setVoid(
  tx: Queryable,
  organizationId: string,
  id: string,
  change: { entryId: string; version: number },
): Promise<void> {
  await tx.query(
    `UPDATE credit_notes SET status = 'void', void_entry_id = $3, voided_at = statement_timestamp(), version = $4,
            updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, change.entryId, change.version],
  );
}

/** An invoice as a credit application sees it. */
export interface Applied {
  organizationId: string;
  creditNoteId: string;
  appliedDate: string;
  /** The note's amount_applied and version after this request. */
  amountApplied: string;
  version: number;
  /** Numbered on from the note's last application. */
  applications: { invoiceId: string; amount: string }[];
  invoiceMoves: { id: string; amountCredited: string; status: InvoiceStatus; version: number }[];
}

/**
 * ONE statement: the applications (numbered on from the note's last; the note is locked, so nobody
 * else numbers them meanwhile), the note's new amount_applied and version, and the invoices' moves.
 */
export async function applyCredit(tx: Queryable, applied: Applied): Promise<void> {
  const params = new SqlParams();
  const organization = params.add(applied.organizationId);
  const note = params.add(applied.creditNoteId);
  const moves = applied.invoiceMoves;
  await tx.query(
    `WITH previous AS (
       SELECT COALESCE(max(line_no), 0) AS last FROM credit_note_applications
        WHERE organization_id = ${organization} AND credit_note_id = ${note}),
     note AS (
       UPDATE credit_notes SET amount_applied = ${params.add(applied.amountApplied)},
              version = ${params.add(applied.version)}, updated_at = statement_timestamp()
        WHERE organization_id = ${organization} AND id = ${note}),
     moved AS (
       UPDATE invoices i SET amount_credited = m.credited, status = m.status, version = m.version,
              updated_at = statement_timestamp()
         FROM unnest(${params.add(moves.map((m) => m.id))}::uuid[], ${params.add(moves.map((m) => m.amountCredited))}::numeric[],
                     ${params.add(moves.map((m) => m.status))}::text[], ${params.add(moves.map((m) => m.version))}::int[])
           AS m(id, credited, status, version)
        WHERE i.organization_id = ${organization} AND i.id = m.id)
     INSERT INTO credit_note_applications (organization_id, credit_note_id, line_no, invoice_id, amount, applied_date)
     SELECT ${organization}, ${note}, previous.last + r.ordinal, r.invoice_id, r.amount, ${params.add(applied.appliedDate)}
       FROM previous, unnest(${params.add(applied.applications.map((a) => a.invoiceId))}::uuid[],
                             ${params.add(applied.applications.map((a) => a.amount))}::numeric[])
         WITH ORDINALITY AS r(invoice_id, amount, ordinal)`,
    params.values,
  );
}
