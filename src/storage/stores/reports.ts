// The reports store (D40, D57): read-only queries over the balance summary, journal lines and the
// receivables documents. Amounts come back as text; the report use cases add them up as exact money.
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

/**
 * Per-account debit and credit totals over posted entries dated in [from, to], by account number.
 * Without a tracking option, from the balance summary; with one, from the lines carrying it (D57).
 */
export function accountSummary(
  db: Queryable,
  organizationId: string,
  from: string | null,
  to: string,
  trackingOption: string | null = null,
): Promise<SummaryRow[]> {
  const totals =
    trackingOption === null
      ? `SELECT account_id, sum(debit)::text AS debit, sum(credit)::text AS credit
           FROM account_balances
          WHERE organization_id = $1 AND ($2::date IS NULL OR day >= $2::date) AND day <= $3::date
          GROUP BY account_id`
      : `SELECT l.account_id, sum(l.debit)::text AS debit, sum(l.credit)::text AS credit
           FROM journal_lines l
           JOIN journal_entries e ON e.organization_id = l.organization_id AND e.id = l.journal_entry_id
          WHERE l.organization_id = $1 AND l.tracking_options @> ARRAY[$4::uuid] AND e.status = 'posted'
            AND ($2::date IS NULL OR e.txn_date >= $2::date) AND e.txn_date <= $3::date
          GROUP BY l.account_id`;
  return db.query<SummaryRow>(
    `SELECT a.id AS account_id, a.number, a.name, a.type, s.debit, s.credit
       FROM (${totals}) s
       JOIN accounts a ON a.organization_id = $1 AND a.id = s.account_id
      ORDER BY a.number`,
    trackingOption === null ? [organizationId, from, to] : [organizationId, from, to, trackingOption],
  );
}

export interface PeriodSummaryRow extends SummaryRow {
  detail_type: string;
  /** Which of the ranges asked for, from 0. */
  period: number;
}

/** A range of days for `periodSummary`: `from` null means since the beginning of the books. */
export interface SummaryRange {
  from: string | null;
  to: string;
}

/**
 * Per-account debit and credit totals over posted entries in each of several disjoint date ranges
 * (D93's comparison columns), in ONE statement whatever the number of ranges or accounts: the ranges
 * are a small relation joined to the balance summary (each day falls in one range at most, so each
 * summary row is read once through `account_balances_by_day`), or, with a tracking option, to the
 * lines carrying it through their entries' dates (D57). A range with no activity has no rows.
 */
export function periodSummary(
  db: Queryable,
  organizationId: string,
  ranges: SummaryRange[],
  trackingOption: string | null = null,
): Promise<PeriodSummaryRow[]> {
  const ranged = `WITH ranges AS (
       SELECT (r.n - 1)::int AS period, r.lo, r.hi
         FROM unnest($2::date[], $3::date[]) WITH ORDINALITY AS r (lo, hi, n))`;
  const totals =
    trackingOption === null
      ? `SELECT r.period, b.account_id, sum(b.debit) AS debit, sum(b.credit) AS credit
           FROM ranges r
           JOIN account_balances b ON b.organization_id = $1 AND b.day >= r.lo AND b.day <= r.hi
          GROUP BY r.period, b.account_id`
      : `SELECT r.period, l.account_id, sum(l.debit) AS debit, sum(l.credit) AS credit
           FROM ranges r
           JOIN journal_entries e ON e.organization_id = $1 AND e.status = 'posted'
                                 AND e.txn_date >= r.lo AND e.txn_date <= r.hi
           JOIN journal_lines l ON l.organization_id = e.organization_id AND l.journal_entry_id = e.id
          WHERE l.tracking_options @> ARRAY[$4::uuid]
          GROUP BY r.period, l.account_id`;
  const params: unknown[] = [
    organizationId,
    ranges.map((range) => range.from ?? '-infinity'),
    ranges.map((range) => range.to),
  ];
  if (trackingOption !== null) params.push(trackingOption);
  return db.query<PeriodSummaryRow>(
    `${ranged}
     SELECT s.period, a.id AS account_id, a.number, a.name, a.type, a.detail_type,
            s.debit::text AS debit, s.credit::text AS credit
       FROM (${totals}) s
       JOIN accounts a ON a.organization_id = $1 AND a.id = s.account_id
      ORDER BY a.number, s.period`,
    params as never,
  );
}

/** An account's debit and credit totals over posted lines carrying `trackingOption`, dated before `before`. */
export async function trackedTotalsBefore(
  db: Queryable,
  organizationId: string,
  accountId: string,
  trackingOption: string,
  before: string,
): Promise<{ debit: string; credit: string }> {
  const [row] = await db.query<{ debit: string; credit: string }>(
    `SELECT COALESCE(sum(l.debit), 0)::text AS debit, COALESCE(sum(l.credit), 0)::text AS credit
       FROM journal_lines l
       JOIN journal_entries e ON e.organization_id = l.organization_id AND e.id = l.journal_entry_id
      WHERE l.organization_id = $1 AND l.account_id = $2 AND l.tracking_options @> ARRAY[$3::uuid]
        AND e.status = 'posted' AND e.txn_date < $4::date`,
    [organizationId, accountId, trackingOption, before],
  );
  return row ?? { debit: '0', credit: '0' };
}

export interface LedgerLineRow {
  journal_entry_id: string;
  entry_number: string;
  line_no: number;
  txn_date: string;
  memo: string;
  source_type: string;
  source_id: string | null;
  description: string;
  debit: string;
  credit: string;
}

/** A place in an account's ledger: the line after (or before) which a page starts. */
export interface LedgerPosition {
  txnDate: string;
  entryNumber: string;
  lineNo: number;
}

export interface LedgerSlice {
  accountId: string;
  from: string;
  to: string;
  trackingOption: string | null;
  /** Lines after this place (ledger order), or before it (returned in reverse ledger order). */
  after?: LedgerPosition;
  before?: LedgerPosition;
  limit: number;
}

/**
 * Below this many lines an account is read line-first (its lines, then their entries); at or above
 * it, entry-first (the organization's entries in ledger order, probing each for the account's
 * lines). Either shape's plan is fixed by its statement, not by the tables' statistics.
 */
export const LINE_FIRST_LINES_MAX = 5000;

/**
 * An account's posted lines dated in [from, to], in ledger order: date, entry number, line. Keyset:
 * `after` or `before` a position, `limit` lines at most; a `before` slice comes back nearest first.
 * Entry numbers compare as text, a total order that is numeric up to JE-999999.
 *
 * Books loaded by batches are read before autovacuum has analyzed them (docs/reports.md), so both
 * statements are written for a plan that does not depend on statistics: their inner reads are
 * correlated subqueries with LIMIT (or a materialized CTE), which PostgreSQL never turns into a join,
 * so no nested loop re-reads the account's lines per entry. Which one runs depends on the account:
 * a capped count (an index-only read of at most LINE_FIRST_LINES_MAX entries) picks line-first for a
 * sparse account (cost: its lines, each probing its entry) and entry-first for a dense one (cost: the
 * organization's entries from the cursor to the slice's last line).
 */
export async function accountLines(
  db: Queryable,
  organizationId: string,
  slice: LedgerSlice,
  lineFirstMax = LINE_FIRST_LINES_MAX,
): Promise<LedgerLineRow[]> {
  const [counted] = await db.query<{ lines: number }>(
    `SELECT count(*)::int AS lines FROM (SELECT 1 FROM journal_lines
      WHERE organization_id = $1 AND account_id = $2 LIMIT ${Math.trunc(lineFirstMax)}) capped`,
    [organizationId, slice.accountId],
  );
  const lineFirst = (counted?.lines ?? 0) < lineFirstMax;
  const params: unknown[] = [organizationId, slice.accountId, slice.from, slice.to, slice.trackingOption];
  let entryKeyset = '';
  let lineKeyset = '';
  const position = slice.after ?? slice.before;
  if (position) {
    params.push(position.txnDate, position.entryNumber, position.lineNo);
    // The entry condition is the index's own, so the walk starts at the cursor; the line condition
    // places the cursor's line within its entry.
    entryKeyset = `AND (e.txn_date, e.entry_number) ${slice.after ? '>=' : '<='} ($6::date, $7::text)`;
    lineKeyset = `AND (e.txn_date, e.entry_number, l.line_no) ${slice.after ? '>' : '<'} ($6::date, $7::text, $8::int)`;
  }
  const direction = slice.before ? 'DESC' : 'ASC';
  const limit = Math.trunc(slice.limit);
  const columns = `e.id AS journal_entry_id, e.entry_number, l.line_no, e.txn_date::text AS txn_date, e.memo,
            e.source_type, e.source_id, l.description, l.debit::text AS debit, l.credit::text AS credit`;
  const order = `ORDER BY e.txn_date ${direction}, e.entry_number ${direction}, l.line_no ${direction}
      LIMIT ${limit}`;
  const tracked = '($5::uuid IS NULL OR l.tracking_options @> ARRAY[$5::uuid])';
  if (lineFirst) {
    return db.query<LedgerLineRow>(
      `WITH l AS MATERIALIZED (
         SELECT l.journal_entry_id, l.line_no, l.description, l.debit, l.credit
           FROM journal_lines l WHERE l.organization_id = $1 AND l.account_id = $2 AND ${tracked})
       SELECT ${columns}
         FROM l CROSS JOIN LATERAL (
                SELECT e.id, e.entry_number, e.txn_date, e.memo, e.source_type, e.source_id
                  FROM journal_entries e
                 WHERE e.organization_id = $1 AND e.id = l.journal_entry_id AND e.status = 'posted'
                   AND e.txn_date BETWEEN $3::date AND $4::date
                 LIMIT 1) e
        WHERE true ${lineKeyset}
        ${order}`,
      params as never,
    );
  }
  const accountLine = `l.organization_id = $1 AND l.journal_entry_id = e.id AND l.account_id = $2
            AND ${tracked} ${lineKeyset}`;
  return db.query<LedgerLineRow>(
    `SELECT ${columns}
       FROM (SELECT e.id, e.organization_id, e.entry_number, e.txn_date, e.memo, e.source_type, e.source_id
               FROM journal_entries e
              WHERE e.organization_id = $1 AND e.status = 'posted' AND e.txn_date BETWEEN $3::date AND $4::date
                ${entryKeyset}
                AND (SELECT true FROM journal_lines l WHERE ${accountLine} LIMIT 1)
              ORDER BY e.txn_date ${direction}, e.entry_number ${direction}
              LIMIT ${limit}) e
      CROSS JOIN LATERAL (
             SELECT l.line_no, l.description, l.debit, l.credit
               FROM journal_lines l
              WHERE ${accountLine}
              ORDER BY l.line_no ${direction}
              LIMIT ${limit}) l
      ${order}`,
    params as never,
  );
}

/** A line of the general ledger of every account: the account it is on, then the line. */
export interface AccountLedgerLineRow extends LedgerLineRow {
  account_id: string;
  account_number: string;
  account_name: string;
  account_type: string;
}

/** A place in the general ledger of every account: an account (by number, then id), then a line. */
export interface AccountLedgerPosition extends LedgerPosition {
  accountNumber: string;
  accountId: string;
}

/**
 * Issue 21: the posted lines of every account dated in [from, to], grouped by account (by number,
 * then id) and in ledger order within each. Keyset on (account number, account id, date, entry
 * number, line): `after` or `before` a position, `limit` lines at most; a `before` slice comes back
 * nearest first. The range's lines are joined and sorted per page (the order spans accounts, so no
 * single index walks it); a page deep in the range costs what the first one does.
 */
export async function everyAccountLines(
  db: Queryable,
  organizationId: string,
  slice: {
    from: string;
    to: string;
    after?: AccountLedgerPosition;
    before?: AccountLedgerPosition;
    limit: number;
  },
): Promise<AccountLedgerLineRow[]> {
  const params: unknown[] = [organizationId, slice.from, slice.to];
  let keyset = '';
  const position = slice.after ?? slice.before;
  if (position) {
    params.push(
      position.accountNumber,
      position.accountId,
      position.txnDate,
      position.entryNumber,
      position.lineNo,
    );
    keyset = `AND (a.number, a.id, e.txn_date, e.entry_number, l.line_no)
                  ${slice.after ? '>' : '<'} ($4::text, $5::uuid, $6::date, $7::text, $8::int)`;
  }
  const direction = slice.before ? 'DESC' : 'ASC';
  return db.query<AccountLedgerLineRow>(
    `SELECT a.id AS account_id, a.number AS account_number, a.name AS account_name, a.type AS account_type,
            e.id AS journal_entry_id, e.entry_number, l.line_no, e.txn_date::text AS txn_date, e.memo,
            e.source_type, e.source_id, l.description, l.debit::text AS debit, l.credit::text AS credit
       FROM journal_entries e
       JOIN journal_lines l ON l.organization_id = e.organization_id AND l.journal_entry_id = e.id
       JOIN accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
      WHERE e.organization_id = $1 AND e.status = 'posted' AND e.txn_date BETWEEN $2::date AND $3::date
        ${keyset}
      ORDER BY a.number ${direction}, a.id ${direction}, e.txn_date ${direction}, e.entry_number ${direction},
               l.line_no ${direction}
      LIMIT ${Math.trunc(slice.limit)}`,
    params as never,
  );
}

/**
 * The document `alias` had not been voided by the end of $2 ($1 the books): it has no void entry, or
 * that entry is dated after $2. A condition rather than a LEFT JOIN: with (almost) every
 * void_entry_id null, the planner read "no void entry" after a join as (almost) no row and then
 * walked the journal once per document (AR aging with 10,000 invoices: about twice as slow).
 */
const notVoidedBy = (alias: string) => `(${alias}.void_entry_id IS NULL OR NOT EXISTS (
         SELECT FROM journal_entries voided
          WHERE voided.organization_id = $1 AND voided.id = ${alias}.void_entry_id AND voided.txn_date <= $2::date))`;

export interface OpenInvoiceRow {
  customer_id: string;
  customer_name: string;
  invoice_id: string;
  number: string;
  issue_date: string;
  due_date: string;
  total: string;
  open: string;
}

/**
 * Invoices in Accounts Receivable at the end of `asOf`, with what was still open on them then: sent
 * (their entry dated on or before it) and not voided by then (a void's entry dated after it does not
 * count yet), total minus the payment and credit-note applications dated on or before it. By
 * customer name, then issue date. With `customerId`, that customer's only (a statement, D92).
 */
export function openInvoices(
  db: Queryable,
  organizationId: string,
  asOf: string,
  customerId: string | null = null,
): Promise<OpenInvoiceRow[]> {
  return db.query<OpenInvoiceRow>(
    `SELECT i.customer_id, c.display_name AS customer_name, i.id AS invoice_id, i.number,
            sent.txn_date::text AS issue_date, i.due_date::text AS due_date, i.total::text AS total,
            (i.total - COALESCE(p.applied, 0))::text AS open
       ${openInvoicesFrom('JOIN customers c ON c.organization_id = i.organization_id AND c.id = i.customer_id')}
        AND ($3::uuid IS NULL OR i.customer_id = $3::uuid)
      ORDER BY c.display_name, i.customer_id, sent.txn_date, i.number`,
    [organizationId, asOf, customerId],
  );
}

/** What an aging report reads of one side's open documents: a sum per counterparty and age. */
export interface OpenByAgeRow {
  /** Days past due at `asOf`, held to [0, cap]: the ages past `cap` (and those not yet due) age alike. */
  days_past_due: number;
  open: string;
}

/**
 * openInvoices summed per customer and days past due, those days held to [0, `cap`] (AR aging,
 * D57): the report needs no more than which bucket each amount falls in, so with ten thousand open
 * invoices it reads a row per customer and age, not one per invoice.
 */
export function openInvoicesByAge(
  db: Queryable,
  organizationId: string,
  asOf: string,
  cap: number,
): Promise<(OpenByAgeRow & { customer_id: string; customer_name: string })[]> {
  // Summed first, named after: a name is looked up per customer and age, not per invoice.
  return db.query(
    `WITH aged AS (
       SELECT i.customer_id, GREATEST(LEAST($2::date - i.due_date, $3::int), 0) AS days_past_due,
              sum(i.total - COALESCE(p.applied, 0)) AS open
         ${openInvoicesFrom()}
        GROUP BY 1, 2)
     SELECT aged.customer_id, c.display_name AS customer_name, aged.days_past_due, aged.open::text AS open
       FROM aged JOIN customers c ON c.organization_id = $1 AND c.id = aged.customer_id`,
    [organizationId, asOf, cap],
  );
}

/**
 * Invoices in AR at the end of $2 with what was open on them then ($1 the books): openInvoices' rows.
 * `joins`: more tables joined to `i` (the customer, for its name).
 */
const openInvoicesFrom = (joins = '') => `FROM invoices i ${joins}
       JOIN journal_entries sent ON sent.organization_id = i.organization_id AND sent.id = i.journal_entry_id
       LEFT JOIN (SELECT invoice_id, sum(amount) AS applied
                    FROM (SELECT invoice_id, amount FROM payment_applications
                           WHERE organization_id = $1 AND applied_date <= $2::date
                          UNION ALL
                          SELECT invoice_id, amount FROM credit_note_applications
                           WHERE organization_id = $1 AND applied_date <= $2::date) AS settled
                   GROUP BY invoice_id) p
         ON p.invoice_id = i.id
      WHERE i.organization_id = $1 AND i.journal_entry_id IS NOT NULL AND sent.txn_date <= $2::date
        AND ${notVoidedBy('i')}
        AND i.total - COALESCE(p.applied, 0) <> 0`;

export interface UnappliedCreditRow {
  customer_id: string;
  customer_name: string;
  /** What the customer has paid (or been credited) and not yet applied to an invoice: positive. */
  unapplied: string;
}

export interface CreditDocumentRow {
  kind: 'payment' | 'credit_note';
  document_id: string;
  number: string;
  date: string;
  amount: string;
  /** What of it is not applied to an invoice by the date: positive. */
  unapplied: string;
}

/**
 * THE customer's unapplied credit at the end of `$2` (AR aging, D57; statements, D92), one row per
 * credit document: every credit that left Accounts Receivable by then without settling an invoice
 * by then, one branch per kind:
 * - payments dated on or before it, less their applications dated on or before it; a void payment
 *   never counts (its reversal is dated on its own date: it left no mark on Accounts Receivable);
 * - credit notes issued on or before it (their entry's date) and not voided by then (a void's entry
 *   dated after it does not count yet), less their applications dated on or before it (D60).
 * Each further kind of credit is one more branch: its amount as of the date less its applications.
 * `$3`: one customer's only, or every customer's when null.
 */
const CREDITS_CTE = `credits AS (
       SELECT 'payment' AS kind, p.id AS document_id, p.number, p.payment_date AS date, p.customer_id,
              p.amount,
              p.amount - COALESCE((SELECT sum(a.amount) FROM payment_applications a
                                    WHERE a.organization_id = $1 AND a.payment_id = p.id
                                      AND a.applied_date <= $2::date), 0) AS unapplied
         FROM payments_received p
        WHERE p.organization_id = $1 AND p.payment_date <= $2::date AND p.status = 'posted'
          AND ($3::uuid IS NULL OR p.customer_id = $3::uuid)
       UNION ALL
       SELECT 'credit_note', n.id, n.number, issued.txn_date, n.customer_id, n.total,
              n.total - COALESCE((SELECT sum(a.amount) FROM credit_note_applications a
                                   WHERE a.organization_id = $1 AND a.credit_note_id = n.id
                                     AND a.applied_date <= $2::date), 0)
         FROM credit_notes n
         JOIN journal_entries issued ON issued.organization_id = n.organization_id AND issued.id = n.journal_entry_id
        WHERE n.organization_id = $1 AND issued.txn_date <= $2::date
          AND ($3::uuid IS NULL OR n.customer_id = $3::uuid)
          AND ${notVoidedBy('n')})`;

/** Each customer's unapplied credit at the end of `asOf` (AR aging): CREDITS_CTE summed per customer. */
export function unappliedCredit(
  db: Queryable,
  organizationId: string,
  asOf: string,
): Promise<UnappliedCreditRow[]> {
  return db.query<UnappliedCreditRow>(
    `WITH ${CREDITS_CTE}
     SELECT c.id AS customer_id, c.display_name AS customer_name, sum(credits.unapplied)::text AS unapplied
       FROM credits JOIN customers c ON c.organization_id = $1 AND c.id = credits.customer_id
      GROUP BY c.id, c.display_name
     HAVING sum(credits.unapplied) <> 0
      ORDER BY c.display_name, c.id`,
    [organizationId, asOf, null],
  );
}

/** One customer's credit documents with something unapplied at the end of `asOf` (D92), by date. */
export function unappliedCreditDocuments(
  db: Queryable,
  organizationId: string,
  customerId: string,
  asOf: string,
): Promise<CreditDocumentRow[]> {
  return db.query<CreditDocumentRow>(
    `WITH ${CREDITS_CTE}
     SELECT kind, document_id, number, date::text AS date, amount::text AS amount, unapplied::text AS unapplied
       FROM credits WHERE unapplied <> 0
      ORDER BY date, number`,
    [organizationId, asOf, customerId],
  );
}

export interface CustomerMovementRow {
  txn_date: string;
  entry_number: string;
  source_type: string;
  kind: 'invoice' | 'payment' | 'credit_note';
  document_id: string;
  number: string;
  /** The entry's effect on Accounts Receivable: debits less credits of its lines there. */
  amount: string;
}

/** The customer's documents (every kind that moves Accounts Receivable) and the entry types they post. */
const CUSTOMER_ENTRIES = `WITH documents AS (
       SELECT 'invoice' AS kind, i.id, i.number FROM invoices i
        WHERE i.organization_id = $1 AND i.customer_id = $2 AND i.journal_entry_id IS NOT NULL
       UNION ALL
       SELECT 'payment', p.id, p.number FROM payments_received p
        WHERE p.organization_id = $1 AND p.customer_id = $2
       UNION ALL
       SELECT 'credit_note', n.id, n.number FROM credit_notes n
        WHERE n.organization_id = $1 AND n.customer_id = $2 AND n.journal_entry_id IS NOT NULL),
     moves AS (
       SELECT e.id, e.txn_date, e.entry_number, e.source_type, d.kind, d.id AS document_id, d.number,
              (SELECT sum(l.debit) - sum(l.credit) FROM journal_lines l
                WHERE l.organization_id = $1 AND l.account_id = $3 AND l.journal_entry_id = e.id) AS amount
         FROM documents d
         JOIN journal_entries e ON e.organization_id = $1 AND e.source_id = d.id AND e.status = 'posted'
          AND e.source_type IN ('invoice', 'invoice_void', 'payment_received', 'payment_void',
                                'credit_note', 'credit_note_void'))`;

/**
 * What one customer's documents moved on Accounts Receivable (D92's activity statement): each
 * posted entry of its invoices, payments and credit notes (and their voids) dated in [from, to],
 * with its lines' net on the receivable account `arAccountId`, in ledger order. The entries come
 * from the documents through `journal_entries_source`; their lines through the account's index.
 */
export function customerMovements(
  db: Queryable,
  organizationId: string,
  customerId: string,
  arAccountId: string,
  from: string,
  to: string,
): Promise<CustomerMovementRow[]> {
  return db.query<CustomerMovementRow>(
    `${CUSTOMER_ENTRIES}
     SELECT txn_date::text AS txn_date, entry_number, source_type, kind, document_id, number,
            COALESCE(amount, 0)::text AS amount
       FROM moves WHERE txn_date >= $4::date AND txn_date <= $5::date
      ORDER BY txn_date, entry_number`,
    [organizationId, customerId, arAccountId, from, to],
  );
}

/** The same movements summed before `before`: the customer's receivable balance at the start of that day. */
export async function customerBalanceBefore(
  db: Queryable,
  organizationId: string,
  customerId: string,
  arAccountId: string,
  before: string,
): Promise<string> {
  const [row] = await db.query<{ balance: string }>(
    `${CUSTOMER_ENTRIES}
     SELECT COALESCE(sum(amount), 0)::text AS balance FROM moves WHERE txn_date < $4::date`,
    [organizationId, customerId, arAccountId, before],
  );
  return row?.balance ?? '0';
}

export interface OpenBillRow extends OpenByAgeRow {
  vendor_id: string;
  vendor_name: string;
}

/**
 * What Accounts Payable held for each open bill at the end of `asOf` (AP aging, D57), summed per
 * vendor and days past due held to [0, `cap`] (see openInvoicesByAge): bills opened by then (their
 * entry's date) and not voided by then, less the bill payments dated on or before it (a void
 * payment has no applications: its reversal is dated on its own date).
 */
export function openBills(
  db: Queryable,
  organizationId: string,
  asOf: string,
  cap: number,
): Promise<OpenBillRow[]> {
  return db.query<OpenBillRow>(
    `WITH aged AS (
     SELECT b.vendor_id, GREATEST(LEAST($2::date - b.due_date, $3::int), 0) AS days_past_due,
            sum(b.total - COALESCE(p.applied, 0)) AS open
       FROM bills b
       JOIN journal_entries opened ON opened.organization_id = b.organization_id AND opened.id = b.journal_entry_id
       LEFT JOIN (SELECT bill_id, sum(amount) AS applied
                    FROM (SELECT a.bill_id, a.amount
                            FROM bill_payment_applications a
                            JOIN bill_payments bp ON bp.organization_id = a.organization_id AND bp.id = a.bill_payment_id
                           WHERE a.organization_id = $1 AND bp.payment_date <= $2::date
                          UNION ALL
                          SELECT bill_id, amount FROM vendor_credit_applications
                           WHERE organization_id = $1 AND applied_date <= $2::date) AS settled
                   GROUP BY bill_id) p ON p.bill_id = b.id
      WHERE b.organization_id = $1 AND b.journal_entry_id IS NOT NULL AND opened.txn_date <= $2::date
        AND ${notVoidedBy('b')}
        AND b.total - COALESCE(p.applied, 0) <> 0
      GROUP BY 1, 2)
     SELECT aged.vendor_id, v.display_name AS vendor_name, aged.days_past_due, aged.open::text AS open
       FROM aged JOIN vendors v ON v.organization_id = $1 AND v.id = aged.vendor_id`,
    [organizationId, asOf, cap],
  );
}

export interface UnappliedVendorCreditRow {
  vendor_id: string;
  vendor_name: string;
  /** What the vendor has credited and the books not yet applied to a bill: positive. */
  unapplied: string;
}

/**
 * Each vendor's unapplied vendor credit at the end of `asOf` (AP aging, D87): credits issued on or
 * before it (their entry's date) and not voided by then (a void's entry dated after it does not count
 * yet), less their applications dated on or before it.
 */
export function unappliedVendorCredit(
  db: Queryable,
  organizationId: string,
  asOf: string,
): Promise<UnappliedVendorCreditRow[]> {
  return db.query<UnappliedVendorCreditRow>(
    `WITH credits AS (
       SELECT c.vendor_id,
              c.total - COALESCE((SELECT sum(a.amount) FROM vendor_credit_applications a
                                   WHERE a.organization_id = $1 AND a.vendor_credit_id = c.id
                                     AND a.applied_date <= $2::date), 0) AS unapplied
         FROM vendor_credits c
         JOIN journal_entries issued ON issued.organization_id = c.organization_id AND issued.id = c.journal_entry_id
        WHERE c.organization_id = $1 AND issued.txn_date <= $2::date
          AND ${notVoidedBy('c')})
     SELECT v.id AS vendor_id, v.display_name AS vendor_name, sum(credits.unapplied)::text AS unapplied
       FROM credits JOIN vendors v ON v.organization_id = $1 AND v.id = credits.vendor_id
      GROUP BY v.id, v.display_name
     HAVING sum(credits.unapplied) <> 0
      ORDER BY v.display_name, v.id`,
    [organizationId, asOf],
  );
}

export interface TaxRateSummaryRow {
  tax_rate_id: string;
  name: string;
  rate: string;
  account_id: string;
  account_number: string;
  taxable_sales: string;
  tax_collected: string;
  taxable_purchases: string;
  tax_paid: string;
}

/** The documents whose entries carry tax (D91), each with the sign its lines count with on the sales side. */
const TAXED_ENTRIES = `('invoice', 'invoice_void', 'credit_note', 'credit_note_void', 'bill', 'bill_void',
  'vendor_credit', 'vendor_credit_void')`;

/**
 * The taxed lines of each kind of document (D91): its lines, their tax per rate (D90), the source
 * types of its entries, whether it is a sale, and the sign its lines count with (a credit gives back).
 */
const TAXED_LINES = [
  {
    lines: 'invoice_lines',
    taxes: 'invoice_line_taxes',
    parent: 'invoice_id',
    source: 'invoice',
    sale: true,
    sign: '',
  },
  {
    lines: 'credit_note_lines',
    taxes: 'credit_note_line_taxes',
    parent: 'credit_note_id',
    source: 'credit_note',
    sale: true,
    sign: '-',
  },
  { lines: 'bill_lines', taxes: 'bill_line_taxes', parent: 'bill_id', source: 'bill', sale: false, sign: '' },
  {
    lines: 'vendor_credit_lines',
    taxes: 'vendor_credit_line_taxes',
    parent: 'vendor_credit_id',
    source: 'vendor_credit',
    sale: false,
    sign: '-',
  },
];

/** Each taxed line once per rate it is taxed at: the line's amount is that rate's base, its tax that rate's. */
const TAXED_SQL = TAXED_LINES.map(
  (
    kind,
  ) => `SELECT t.tax_rate_id, ${kind.sale} AS sale, ${kind.sign}d.sign * l.amount AS base, ${kind.sign}d.sign * t.amount AS tax
         FROM documents d
         JOIN ${kind.lines} l ON l.organization_id = $1 AND l.${kind.parent} = d.source_id
         JOIN ${kind.taxes} t ON t.organization_id = $1 AND t.${kind.parent} = l.${kind.parent} AND t.line_no = l.line_no
        WHERE d.source_type IN ('${kind.source}', '${kind.source}_void')`,
).join('\n       UNION ALL\n       ');

/**
 * Per tax rate, what the taxed documents posted in [from, to] (D91), in ONE statement: the period's
 * posted entries of invoices, credit notes, bills and vendor credits (through the ledger-order index of migration
 * 0013), each counted on its entry's date, its void's entry negative on the void's date; each
 * document's taxed lines give the base and the tax per rate they are taxed at (a line with a tax
 * rate, zero-rated included, once; a line with a tax group once per component rate, D90, its whole
 * amount the base of each). Sales: invoices less credit notes; purchases: bills less vendor credits (D87). These are the taxes the documents
 * post to each rate's account (summed per account, documentPostingLines in src/domain/document.ts). Every tax rate
 * of the books is listed, active or not, zero when nothing was taxed at it. By name.
 */
export function taxRateSummary(
  db: Queryable,
  organizationId: string,
  from: string,
  to: string,
): Promise<TaxRateSummaryRow[]> {
  return db.query<TaxRateSummaryRow>(
    `WITH documents AS (
       SELECT e.source_type, e.source_id,
              CASE WHEN right(e.source_type, 5) = '_void' THEN -1 ELSE 1 END AS sign
         FROM journal_entries e
        WHERE e.organization_id = $1 AND e.status = 'posted' AND e.txn_date >= $2::date AND e.txn_date <= $3::date
          AND e.source_type IN ${TAXED_ENTRIES}),
     taxed AS (
       ${TAXED_SQL}),
     per_rate AS (
       SELECT tax_rate_id,
              COALESCE(sum(base) FILTER (WHERE sale), 0) AS taxable_sales,
              COALESCE(sum(tax) FILTER (WHERE sale), 0) AS tax_collected,
              COALESCE(sum(base) FILTER (WHERE NOT sale), 0) AS taxable_purchases,
              COALESCE(sum(tax) FILTER (WHERE NOT sale), 0) AS tax_paid
         FROM taxed GROUP BY tax_rate_id)
     SELECT r.id AS tax_rate_id, r.name, r.rate::text AS rate, a.id AS account_id, a.number AS account_number,
            COALESCE(p.taxable_sales, 0)::text AS taxable_sales, COALESCE(p.tax_collected, 0)::text AS tax_collected,
            COALESCE(p.taxable_purchases, 0)::text AS taxable_purchases, COALESCE(p.tax_paid, 0)::text AS tax_paid
       FROM tax_rates r
       JOIN accounts a ON a.organization_id = r.organization_id AND a.id = r.liability_account_id
       LEFT JOIN per_rate p ON p.tax_rate_id = r.id
      WHERE r.organization_id = $1
      ORDER BY r.name, r.id`,
    [organizationId, from, to],
  );
}

export interface TaxAccountMovementRow {
  account_id: string;
  number: string;
  name: string;
  /** Credits less debits over the period: what the books owe in tax more than at its start. */
  movement: string;
}

/** The accounts tax rates post to (any rate, active or not), with their movement over [from, to]. */
export function taxAccountMovements(
  db: Queryable,
  organizationId: string,
  from: string,
  to: string,
): Promise<TaxAccountMovementRow[]> {
  return db.query<TaxAccountMovementRow>(
    `SELECT a.id AS account_id, a.number, a.name,
            COALESCE((SELECT sum(b.credit) - sum(b.debit) FROM account_balances b
                       WHERE b.organization_id = $1 AND b.account_id = a.id
                         AND b.day >= $2::date AND b.day <= $3::date), 0)::text AS movement
       FROM accounts a
      WHERE a.organization_id = $1
        AND a.id IN (SELECT r.liability_account_id FROM tax_rates r WHERE r.organization_id = $1)
      ORDER BY a.number`,
    [organizationId, from, to],
  );
}
