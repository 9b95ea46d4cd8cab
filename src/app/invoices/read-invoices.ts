// Invoices as stored and as returned: one SELECT shape, the view (D7 four decimals, D24 days overdue),
// reads and the list with its filters (D31). Query functions take the handle first (a pool or a tx).
import { todayIn } from '../../domain/dates.ts';
import { fieldError, notFound } from '../../domain/errors.ts';
import { balanceDue, daysOverdue, type InvoiceStatus } from '../../domain/invoice.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { Actor, Deps } from '../context.ts';
import { isoTimestamp, isUuid } from '../ledger/sql.ts';
import { keysetClause, PAGE_SIZE, type PageCursor, toPage } from '../pagination.ts';

export const INVOICE_ENTITY = 'ar_invoice';

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
  journal_entry_id: string | null;
  void_entry_id: string | null;
  sent_at: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface InvoiceLineRow {
  invoice_id: string;
  line_no: number;
  description: string;
  quantity: string;
  unit_price: string;
  amount: string;
  income_account_id: string;
  is_taxable: boolean;
  tax_rate_id: string | null;
  tax_amount: string;
  tracking_options: string[];
}

const INVOICE_COLUMNS = `i.id, i.number, i.customer_id, c.display_name AS customer_name, i.status,
  i.issue_date::text AS issue_date, i.due_date::text AS due_date, i.currency, i.memo,
  i.subtotal::text AS subtotal, i.tax_total::text AS tax_total, i.total::text AS total,
  i.amount_paid::text AS amount_paid, i.journal_entry_id, i.void_entry_id,
  ${isoTimestamp('i.sent_at')} AS sent_at, ${isoTimestamp('i.voided_at')} AS voided_at, i.version,
  ${isoTimestamp('i.created_at')} AS created_at, ${isoTimestamp('i.updated_at')} AS updated_at`;

const INVOICE_FROM = `FROM invoices i
  JOIN customers c ON c.organization_id = i.organization_id AND c.id = i.customer_id`;

/** Reads one invoice row; `lock` takes the row lock (FOR UPDATE OF i) for a write that depends on it. */
export async function findInvoice(db: Queryable, organizationId: string, id: string, lock = false) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} ${INVOICE_FROM} WHERE i.organization_id = $1 AND i.id = $2${lock ? ' FOR UPDATE OF i' : ''}`,
    [organizationId, id],
  );
  return row;
}

export async function invoiceLines(db: Queryable, organizationId: string, invoiceIds: string[]) {
  const rows = await db.query<InvoiceLineRow>(
    `SELECT invoice_id, line_no, description, quantity::text AS quantity, unit_price::text AS unit_price,
            amount::text AS amount, income_account_id, is_taxable, tax_rate_id, tax_amount::text AS tax_amount,
            tracking_options::text[] AS tracking_options
       FROM invoice_lines WHERE organization_id = $1 AND invoice_id = ANY($2::uuid[])
      ORDER BY invoice_id, line_no`,
    [organizationId, invoiceIds],
  );
  const byInvoice = new Map<string, InvoiceLineRow[]>();
  for (const row of rows) {
    const list = byInvoice.get(row.invoice_id) ?? [];
    list.push(row);
    byInvoice.set(row.invoice_id, list);
  }
  return byInvoice;
}

function summary(row: InvoiceRow, today: string) {
  return {
    id: row.id,
    number: row.number,
    customer: row.customer_id,
    customer_name: row.customer_name,
    status: row.status,
    issue_date: row.issue_date,
    due_date: row.due_date,
    currency: row.currency,
    subtotal: row.subtotal,
    tax_total: row.tax_total,
    total: row.total,
    amount_paid: row.amount_paid,
    balance_due: formatMoney(balanceDue(parseMoney(row.total), parseMoney(row.amount_paid), row.status)),
    days_overdue: daysOverdue(row.status, row.due_date, today),
    memo: row.memo,
    journal_entry: row.journal_entry_id,
    void_entry: row.void_entry_id,
    sent_at: row.sent_at,
    voided_at: row.voided_at,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function describeInvoice(row: InvoiceRow, lines: InvoiceLineRow[], today: string) {
  return {
    ...summary(row, today),
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
    })),
  };
}
export type InvoiceView = ReturnType<typeof describeInvoice>;

export async function readInvoice(db: Queryable, actor: Actor, id: string): Promise<InvoiceView> {
  const organizationId = actor.organization.id;
  const row = await findInvoice(db, organizationId, id);
  if (!row) throw notFound('invoice');
  const lines = await invoiceLines(db, organizationId, [id]);
  return describeInvoice(row, lines.get(id) ?? [], todayIn(actor.organization.timezone));
}

export interface InvoiceFilters {
  status?: string;
  customer?: string;
  issue_date_from?: string;
  issue_date_to?: string;
  search?: string;
}

/** D31: status, customer, issue-date range, and `search` on the number or the customer's name. */
export async function listInvoices(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: InvoiceFilters,
) {
  const organizationId = actor.organization.id;
  if (filters.customer !== undefined && !isUuid(filters.customer)) {
    throw fieldError('query/customer', 'must be a customer id (UUID)');
  }
  const search = filters.search?.trim() ? `%${escapeLike(filters.search.trim().toLowerCase())}%` : null;
  const keyset = keysetClause(cursor, 7, 'i');
  const rows = await deps.db.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} ${INVOICE_FROM}
      WHERE i.organization_id = $1
        AND ($2::text IS NULL OR i.status = $2) AND ($3::uuid IS NULL OR i.customer_id = $3)
        AND ($4::date IS NULL OR i.issue_date >= $4) AND ($5::date IS NULL OR i.issue_date <= $5)
        AND ($6::text IS NULL OR lower(i.number) LIKE $6 OR lower(c.display_name) LIKE $6)
        AND ${keyset.condition}
      ORDER BY ${keyset.order} LIMIT ${PAGE_SIZE + 1}`,
    [
      organizationId,
      filters.status ?? null,
      filters.customer ?? null,
      filters.issue_date_from ?? null,
      filters.issue_date_to ?? null,
      search,
      ...keyset.params,
    ],
  );
  const page = toPage(organizationId, rows, cursor);
  const today = todayIn(actor.organization.timezone);
  return { ...page, rows: page.rows.map((row) => summary(row, today)) };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
