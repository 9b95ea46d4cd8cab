// The invoices store (spec "Invoice", D20-D25, D29, D31, D33): invoices with their customer's name,
// their lines, and the writes that move them (their emails: invoice-emails.ts). Every function takes
// the handle first (a Tx inside a write, the Db for a read) and plain values; amounts come back as
// NUMERIC text.
import type { InvoiceStatus } from '../../domain/invoice.ts';
import type { Queryable } from '../db.ts';
import { filteredList } from '../keyset.ts';
import { isoTimestamp, rowById } from '../sql.ts';
import {
  deleteSalesLines,
  insertSalesLines,
  type NewSalesLine,
  type SalesLineRow,
  salesLinesOf,
} from './sales-lines.ts';

export interface InvoiceRow {
  id: string;
  number: string;
  customer_id: string;
  customer_name: string;
  status: InvoiceStatus;
  issue_date: string;
  due_date: string;
  currency: string;
  memo: string;
  subtotal: string;
  tax_total: string;
  total: string;
  amount_paid: string;
  /** What credit notes took off it (D60). */
  amount_credited: string;
  journal_entry_id: string | null;
  void_entry_id: string | null;
  sent_at: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export type InvoiceLineRow = SalesLineRow<'invoice_id'>;

const INVOICE_SELECT = `SELECT i.id, i.number, i.customer_id, c.display_name AS customer_name, i.status,
  i.issue_date::text AS issue_date, i.due_date::text AS due_date, i.currency, i.memo,
  i.subtotal::text AS subtotal, i.tax_total::text AS tax_total, i.total::text AS total,
  i.amount_paid::text AS amount_paid, i.amount_credited::text AS amount_credited, i.journal_entry_id, i.void_entry_id,
  ${isoTimestamp('i.sent_at')} AS sent_at, ${isoTimestamp('i.voided_at')} AS voided_at, i.version,
  ${isoTimestamp('i.created_at')} AS created_at, ${isoTimestamp('i.updated_at')} AS updated_at
  FROM invoices i JOIN customers c ON c.organization_id = i.organization_id AND c.id = i.customer_id`;

/** One invoice, or undefined (a malformed id is an invoice that does not exist). */
export function find(db: Queryable, organizationId: string, id: string): Promise<InvoiceRow | undefined> {
  return rowById<InvoiceRow>(db, INVOICE_SELECT, organizationId, id, 'none', 'i');
}

/** The invoice row locked until commit (FOR UPDATE OF i), for a write that depends on it. */
export function lock(tx: Queryable, organizationId: string, id: string): Promise<InvoiceRow | undefined> {
  return rowById<InvoiceRow>(tx, INVOICE_SELECT, organizationId, id, 'update', 'i');
}

/** The lines of each invoice, in line order. */
export const linesOf = salesLinesOf('invoice');

export interface InvoiceFilters {
  status: string | null;
  customerId: string | null;
  issueDateFrom: string | null;
  issueDateTo: string | null;
  /** A LIKE pattern (already escaped) matched against the lower-case number and customer name. */
  searchPattern: string | null;
}

/** One keyset page (PAGE_SIZE + 1 rows at most) of the invoices that pass the filters (D31). */
export const page = filteredList<InvoiceRow, InvoiceFilters>({
  select: INVOICE_SELECT,
  where: `i.organization_id = $1
      AND ($2::text IS NULL OR i.status = $2) AND ($3::uuid IS NULL OR i.customer_id = $3)
      AND ($4::date IS NULL OR i.issue_date >= $4) AND ($5::date IS NULL OR i.issue_date <= $5)
      AND ($6::text IS NULL OR lower(i.number) LIKE $6 OR lower(c.display_name) LIKE $6)`,
  params: (filters) => [
    filters.status,
    filters.customerId,
    filters.issueDateFrom,
    filters.issueDateTo,
    filters.searchPattern,
  ],
  alias: 'i',
});

/** What a draft's header holds besides its number; amounts as NUMERIC text. */
export interface DraftFields {
  customerId: string;
  issueDate: string;
  dueDate: string;
  subtotal: string;
  taxTotal: string;
  total: string;
}

/**
 * Inserts a draft under `number`; false when the number is taken. ON CONFLICT waits for a concurrent
 * writer of the same number and then sees its row, so no unique violation escapes from that race.
 */
export async function insertDraft(
  tx: Queryable,
  draft: DraftFields & { id: string; organizationId: string; number: string; currency: string; memo: string },
): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO invoices (id, organization_id, number, customer_id, status, issue_date, due_date, currency, memo,
        subtotal, tax_total, total)
     VALUES ($1, $2, $3, $4, 'draft', $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (organization_id, number) DO NOTHING RETURNING id`,
    [
      draft.id,
      draft.organizationId,
      draft.number,
      draft.customerId,
      draft.issueDate,
      draft.dueDate,
      draft.currency,
      draft.memo,
      draft.subtotal,
      draft.taxTotal,
      draft.total,
    ],
  );
  return inserted.length === 1;
}

/** A draft's header after an edit; `memo` null keeps the stored memo. */
export async function updateDraft(
  tx: Queryable,
  organizationId: string,
  id: string,
  draft: DraftFields & { memo: string | null; version: number },
): Promise<void> {
  await tx.query(
    `UPDATE invoices SET customer_id = $3, issue_date = $4, due_date = $5, memo = COALESCE($6, memo),
            subtotal = $7, tax_total = $8, total = $9, version = $10, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [
      organizationId,
      id,
      draft.customerId,
      draft.issueDate,
      draft.dueDate,
      draft.memo,
      draft.subtotal,
      draft.taxTotal,
      draft.total,
      draft.version,
    ],
  );
}

export type NewInvoiceLine = NewSalesLine;

/** Every line of an invoice in one statement, numbered from 1 in the order given. */
export function insertLines(
  tx: Queryable,
  organizationId: string,
  invoiceId: string,
  lines: NewInvoiceLine[],
) {
  return insertSalesLines(tx, 'invoice', organizationId, invoiceId, lines);
}

export function deleteLines(tx: Queryable, organizationId: string, invoiceId: string): Promise<void> {
  return deleteSalesLines(tx, 'invoice', organizationId, invoiceId);
}

/** The entry each status change points at, and the moment it records. */
const STATUS_COLUMNS = {
  sent: { entry: 'journal_entry_id', at: 'sent_at' },
  void: { entry: 'void_entry_id', at: 'voided_at' },
} as const;

/**
 * draft -> sent (pointing at its posted entry) or -> void (pointing at its reversing entry; null for
 * a draft, which posted nothing), with the new version.
 */
export async function setStatus(
  tx: Queryable,
  organizationId: string,
  id: string,
  change: { status: keyof typeof STATUS_COLUMNS; entryId: string | null; version: number },
): Promise<void> {
  const columns = STATUS_COLUMNS[change.status];
  await tx.query(
    `UPDATE invoices SET status = $3, ${columns.entry} = $4, ${columns.at} = clock_timestamp(), version = $5,
            updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, change.status, change.entryId, change.version],
  );
}

/** An invoice as a payment applied to it sees it. */
export interface PayableRow {
  id: string;
  number: string;
  customer_id: string;
  status: InvoiceStatus;
  total: string;
  amount_paid: string;
  amount_credited: string;
  version: number;
}

/**
 * Locks the invoices a payment applies to, in id order: concurrent payments queue here, and each
 * one then sees the balance the previous one left (READ COMMITTED re-reads a row after its lock).
 */
export function lockPayable(tx: Queryable, organizationId: string, ids: string[]): Promise<PayableRow[]> {
  return tx.query<PayableRow>(
    `SELECT id, number, customer_id, status, total::text AS total, amount_paid::text AS amount_paid,
            amount_credited::text AS amount_credited, version
       FROM invoices WHERE organization_id = $1 AND id = ANY($2::uuid[])
      ORDER BY id FOR UPDATE`,
    [organizationId, ids],
  );
}
