// The reconciliation store (D76): reconciliations of a bank account, the lock that serializes them,
// the figures a reconciliation counts (opening balance, cleared balance) and the reads of the bank
// reconciliation report. Every statement is scoped by organization; amounts come back as NUMERIC text.
import type { Queryable } from '../db.ts';
import { accountCollection } from '../keyset.ts';
import { isoTimestamp } from '../sql.ts';

export interface ReconciliationRow {
  id: string;
  account_id: string;
  statement_date: string;
  statement_balance: string;
  cleared_balance: string;
  opening_balance: string;
  transactions_reconciled: number;
  version: number;
  created_at: string;
}

const RECONCILIATION_SELECT = `SELECT id, account_id, statement_date::text AS statement_date,
  statement_balance::text AS statement_balance, cleared_balance::text AS cleared_balance,
  opening_balance::text AS opening_balance, transactions_reconciled, version,
  ${isoTimestamp('created_at')} AS created_at
  FROM bank_reconciliations`;

export const { find, page } = accountCollection<ReconciliationRow>(RECONCILIATION_SELECT);

/**
 * The bank account's reconciliation lock: its account row, FOR NO KEY UPDATE until commit. Two
 * reconciliations of one account queue here; postings are not held up (their lines' foreign key
 * takes FOR KEY SHARE, which this mode does not conflict with). Taken before any bank transaction
 * row, as a match takes its transaction before the entries: no cycle.
 */
export async function lockAccount(tx: Queryable, organizationId: string, accountId: string): Promise<void> {
  await tx.query('SELECT id FROM accounts WHERE organization_id = $1 AND id = $2 FOR NO KEY UPDATE', [
    organizationId,
    accountId,
  ]);
}

/** The account's latest reconciliation (by statement date, then when stored), or undefined. */
export async function latestOf(
  db: Queryable,
  organizationId: string,
  accountId: string,
  onOrBefore: string | null = null,
): Promise<ReconciliationRow | undefined> {
  const [row] = await db.query<ReconciliationRow>(
    `${RECONCILIATION_SELECT}
      WHERE organization_id = $1 AND account_id = $2 AND ($3::date IS NULL OR statement_date <= $3)
      ORDER BY statement_date DESC, created_at DESC, id DESC LIMIT 1`,
    [organizationId, accountId, onOrBefore],
  );
  return row;
}

/**
 * Locks, in id order, the account's matched bank transactions dated on or before `date` that no
 * reconciliation holds yet, and answers their ids. A transaction an unmatch is changing is waited
 * for and then re-read (READ COMMITTED): unmatched by then, it is left out; an unmatch arriving after
 * waits on our lock and then finds it reconciled.
 */
export async function lockToReconcile(
  tx: Queryable,
  organizationId: string,
  accountId: string,
  date: string,
): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM bank_transactions
      WHERE organization_id = $1 AND account_id = $2 AND status = 'matched' AND reconciliation_id IS NULL
        AND txn_date <= $3::date
      ORDER BY id FOR UPDATE`,
    [organizationId, accountId, date],
  );
  return rows.map((row) => row.id);
}

export interface ClearedFigures {
  /** The date of the account's first bank transaction; null when it has none. */
  first_date: string | null;
  /** Bank transactions dated on or before the date (any status). */
  transactions_to_date: number;
  opening_balance: string;
  /** The matches counted: of the transactions counted (see clearedFigures). */
  matched: string;
}

/**
 * The figures of D76's cleared balance on `date` for a bank account, in one statement (one snapshot):
 *
 * - the opening balance: the posted lines on the account dated before its first bank transaction
 *   (F), less those among them matched to a bank transaction that is counted or dated after `date`
 *   (they reached the bank on or after F: they count when, and only when, their transaction does);
 * - the matches of the transactions counted: dated on or before `date` and reconciled already, or in
 *   `counted` (the ones a reconciliation locked); with `counted` null, every matched transaction
 *   dated on or before `date` (the report's question).
 */
export async function clearedFigures(
  db: Queryable,
  organizationId: string,
  accountId: string,
  date: string,
  counted: string[] | null,
): Promise<ClearedFigures> {
  const [row] = await db.query<ClearedFigures>(
    `WITH feed AS (
       SELECT min(txn_date) AS first_date, count(*) FILTER (WHERE txn_date <= $3::date)::int AS to_date
         FROM bank_transactions WHERE organization_id = $1 AND account_id = $2),
     counted AS (
       SELECT t.id FROM bank_transactions t
        WHERE t.organization_id = $1 AND t.account_id = $2 AND t.status = 'matched' AND t.txn_date <= $3::date
          AND (t.reconciliation_id IS NOT NULL OR $4::uuid[] IS NULL OR t.id = ANY($4::uuid[]))),
     opening AS (
       SELECT COALESCE(sum(l.debit - l.credit), 0.0000) AS amount
         FROM feed, journal_lines l
         JOIN journal_entries e ON e.organization_id = l.organization_id AND e.id = l.journal_entry_id
        WHERE l.organization_id = $1 AND l.account_id = $2 AND e.status = 'posted' AND e.txn_date < feed.first_date
          AND NOT EXISTS (
            SELECT 1 FROM bank_matches m
              JOIN bank_transactions t ON t.organization_id = m.organization_id AND t.id = m.bank_transaction_id
             WHERE m.organization_id = $1 AND m.journal_line_id = l.id
               AND (t.txn_date > $3::date OR t.id IN (SELECT id FROM counted)))),
     matched AS (
       SELECT COALESCE(sum(m.amount), 0.0000) AS amount FROM bank_matches m
        WHERE m.organization_id = $1 AND m.bank_transaction_id IN (SELECT id FROM counted))
     SELECT feed.first_date::text AS first_date, feed.to_date AS transactions_to_date,
            opening.amount::text AS opening_balance, matched.amount::text AS matched
       FROM feed, opening, matched`,
    [organizationId, accountId, date, counted],
  );
  return row!;
}

export interface NewReconciliation {
  organizationId: string;
  id: string;
  accountId: string;
  statementDate: string;
  statementBalance: string;
  clearedBalance: string;
  openingBalance: string;
  transactionIds: string[];
}

/**
 * Stores the reconciliation, then marks its transactions (which the caller locked) reconciled at
 * their next version. Answers each transaction's new version.
 */
export async function insert(
  tx: Queryable,
  reconciliation: NewReconciliation,
): Promise<{ id: string; version: number }[]> {
  await tx.query(
    `INSERT INTO bank_reconciliations (organization_id, id, account_id, statement_date, statement_balance,
        cleared_balance, opening_balance, transactions_reconciled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      reconciliation.organizationId,
      reconciliation.id,
      reconciliation.accountId,
      reconciliation.statementDate,
      reconciliation.statementBalance,
      reconciliation.clearedBalance,
      reconciliation.openingBalance,
      reconciliation.transactionIds.length,
    ],
  );
  if (reconciliation.transactionIds.length === 0) return [];
  return tx.query<{ id: string; version: number }>(
    `UPDATE bank_transactions SET reconciliation_id = $2, version = version + 1, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = ANY($3::uuid[]) AND status = 'matched' AND reconciliation_id IS NULL
     RETURNING id, version`,
    [reconciliation.organizationId, reconciliation.id, reconciliation.transactionIds],
  );
}

// ---- the bank reconciliation report -----------------------------------------------------------------

export interface LatestStatementBalance {
  statement_id: string;
  period_end: string;
  closing_balance: string;
}

/** The latest imported closing balance of the account dated (period end) on or before `asOf`. */
export async function latestStatementBalance(
  db: Queryable,
  organizationId: string,
  accountId: string,
  asOf: string,
): Promise<LatestStatementBalance | undefined> {
  const [row] = await db.query<LatestStatementBalance>(
    `SELECT id AS statement_id, period_end::text AS period_end, closing_balance::text AS closing_balance
       FROM bank_statements
      WHERE organization_id = $1 AND account_id = $2 AND closing_balance IS NOT NULL AND period_end <= $3::date
      ORDER BY period_end DESC, created_at DESC, id DESC LIMIT 1`,
    [organizationId, accountId, asOf],
  );
  return row;
}

export interface UnmatchedBankLine {
  id: string;
  date: string;
  amount: string;
  description: string;
  payee: string | null;
  bank_reference: string;
}

export interface Listed<Row> {
  count: number;
  total: string;
  rows: Row[];
}

/** The account's unmatched bank transactions dated on or before `asOf`: count and total of all, the first `limit` by date. */
export async function unmatchedBankLines(
  db: Queryable,
  organizationId: string,
  accountId: string,
  asOf: string,
  limit: number,
): Promise<Listed<UnmatchedBankLine>> {
  const rows = await db.query<UnmatchedBankLine & { n: number; total: string }>(
    `SELECT t.id, t.txn_date::text AS date, t.amount::text AS amount, t.description, t.payee, t.bank_reference,
            (count(*) OVER ())::int AS n, (sum(t.amount) OVER ())::text AS total
       FROM bank_transactions t
      WHERE t.organization_id = $1 AND t.account_id = $2 AND t.status = 'unmatched' AND t.txn_date <= $3::date
      ORDER BY t.txn_date, t.created_at, t.id LIMIT $4`,
    [organizationId, accountId, asOf, limit],
  );
  return listed(rows);
}

export interface UnmatchedLedgerLine {
  journal_line: string;
  journal_entry: string;
  entry_number: string | null;
  date: string;
  memo: string;
  description: string;
  source_type: string;
  amount: string;
}

/**
 * The account's posted ledger lines dated from `from` (its first bank transaction's date; earlier
 * lines are in the opening balance) to `asOf` that no bank transaction matches: count and total of
 * all, the first `limit` by date.
 */
export async function unmatchedLedgerLines(
  db: Queryable,
  organizationId: string,
  accountId: string,
  from: string,
  asOf: string,
  limit: number,
): Promise<Listed<UnmatchedLedgerLine>> {
  const rows = await db.query<UnmatchedLedgerLine & { n: number; total: string }>(
    `SELECT l.id AS journal_line, l.journal_entry_id AS journal_entry, e.entry_number, e.txn_date::text AS date,
            e.memo, l.description, e.source_type, (l.debit - l.credit)::text AS amount,
            (count(*) OVER ())::int AS n, (sum(l.debit - l.credit) OVER ())::text AS total
       FROM journal_lines l
       JOIN journal_entries e ON e.organization_id = l.organization_id AND e.id = l.journal_entry_id
      WHERE l.organization_id = $1 AND l.account_id = $2 AND e.status = 'posted'
        AND e.txn_date BETWEEN $3::date AND $4::date
        AND NOT EXISTS (SELECT 1 FROM bank_matches m WHERE m.organization_id = $1 AND m.journal_line_id = l.id)
      ORDER BY e.txn_date, e.entry_number, l.line_no LIMIT $5`,
    [organizationId, accountId, from, asOf, limit],
  );
  return listed(rows);
}

function listed<Row>(rows: (Row & { n: number; total: string })[]): Listed<Row> {
  const first = rows[0];
  return {
    count: first?.n ?? 0,
    total: first?.total ?? '0.0000',
    rows: rows.map(({ n: _n, total: _total, ...row }) => row as unknown as Row),
  };
}
