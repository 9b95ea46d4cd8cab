// The reports store (D40): read-only queries over the balance summary, journal lines and open
// receivables. Amounts come back as text; the report use cases add them up as exact money.
import type { AccountType } from '../../domain/chart.ts';
import type { Queryable } from '../db.ts';

export interface SummaryRow {
  account_id: string;
  number: string;
  name: string;
  type: AccountType;
  debit: string;
  credit: string;
}

/** Per-account debit and credit totals over posted entries dated in [from, to], by account number. */
export function accountSummary(
  db: Queryable,
  organizationId: string,
  from: string | null,
  to: string,
): Promise<SummaryRow[]> {
  return db.query<SummaryRow>(
    `SELECT a.id AS account_id, a.number, a.name, a.type, s.debit, s.credit
       FROM (SELECT account_id, sum(debit)::text AS debit, sum(credit)::text AS credit
               FROM account_balances
              WHERE organization_id = $1 AND ($2::date IS NULL OR day >= $2::date) AND day <= $3::date
              GROUP BY account_id) s
       JOIN accounts a ON a.organization_id = $1 AND a.id = s.account_id
      ORDER BY a.number`,
    [organizationId, from, to],
  );
}

export interface LedgerLineRow {
  journal_entry_id: string;
  entry_number: string;
  txn_date: string;
  memo: string;
  source_type: string;
  source_id: string | null;
  description: string;
  debit: string;
  credit: string;
}

/** An account's posted lines dated in [from, to] in ledger order, `limit` at most. */
export function accountLines(
  db: Queryable,
  organizationId: string,
  accountId: string,
  range: { from: string; to: string },
  limit: number,
): Promise<LedgerLineRow[]> {
  return db.query<LedgerLineRow>(
    `SELECT e.id AS journal_entry_id, e.entry_number, e.txn_date::text AS txn_date, e.memo, e.source_type, e.source_id,
            l.description, l.debit::text AS debit, l.credit::text AS credit
       FROM journal_lines l
       JOIN journal_entries e ON e.id = l.journal_entry_id
      WHERE l.organization_id = $1 AND l.account_id = $2 AND e.organization_id = $1 AND e.status = 'posted'
        AND e.txn_date BETWEEN $3::date AND $4::date
      ORDER BY e.txn_date, e.entry_number, l.line_no
      LIMIT ${Math.trunc(limit)}`,
    [organizationId, accountId, range.from, range.to],
  );
}

export interface OpenInvoiceRow {
  customer_id: string;
  customer_name: string;
  due_date: string;
  open: string;
}

/**
 * Invoices issued on or before `asOf` still open at that date (total minus the applications dated on
 * or before it), by customer name.
 */
export function openInvoices(db: Queryable, organizationId: string, asOf: string): Promise<OpenInvoiceRow[]> {
  return db.query<OpenInvoiceRow>(
    `SELECT i.customer_id, c.display_name AS customer_name, i.due_date::text AS due_date,
            (i.total - COALESCE(p.applied, 0))::text AS open
       FROM invoices i
       JOIN customers c ON c.organization_id = i.organization_id AND c.id = i.customer_id
       LEFT JOIN (SELECT invoice_id, sum(amount) AS applied FROM payment_applications
                   WHERE organization_id = $1 AND applied_date <= $2::date GROUP BY invoice_id) p
         ON p.invoice_id = i.id
      WHERE i.organization_id = $1 AND i.status IN ('sent', 'paid') AND i.issue_date <= $2::date
        AND i.total - COALESCE(p.applied, 0) > 0
      ORDER BY c.display_name, i.customer_id`,
    [organizationId, asOf],
  );
}
