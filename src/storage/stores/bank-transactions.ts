// The banking store (D71-D73): imported statements and the bank transactions of bank accounts, with
// the ledger lines matched to them. Exactly once (D72) is the unique key (organization, account,
// bank_reference) with INSERT ... ON CONFLICT DO NOTHING: a concurrent import of the same lines
// waits on the key until the first commits, then skips them.
import type { Queryable } from '../db.ts';
import { accountCollection, filteredList } from '../keyset.ts';
import { childrenOf, findAndLock, isoTimestamp } from '../sql.ts';

export interface BankStatementRow {
  id: string;
  account_id: string;
  format: string;
  file_sha256: string;
  period_start: string | null;
  period_end: string | null;
  opening_balance: string | null;
  closing_balance: string | null;
  lines_imported: number;
  lines_skipped: number;
  version: number;
  created_at: string;
}

const STATEMENT_SELECT = `SELECT id, account_id, format, file_sha256, period_start::text AS period_start,
  period_end::text AS period_end, opening_balance::text AS opening_balance, closing_balance::text AS closing_balance,
  lines_imported, lines_skipped, version, ${isoTimestamp('created_at')} AS created_at
  FROM bank_statements`;

export const { find: findStatement, page: statementPage } =
  accountCollection<BankStatementRow>(STATEMENT_SELECT);

export interface NewStatement {
  organizationId: string;
  id: string;
  accountId: string;
  format: string;
  fileSha256: string;
  periodStart: string | null;
  periodEnd: string | null;
  openingBalance: string | null;
  closingBalance: string | null;
}

/** The statement row first (its lines refer to it), with zero counts set once its lines are in. */
export async function insertStatement(tx: Queryable, statement: NewStatement): Promise<void> {
  await tx.query(
    `INSERT INTO bank_statements (organization_id, id, account_id, format, file_sha256, period_start, period_end,
        opening_balance, closing_balance, lines_imported, lines_skipped)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, 0)`,
    [
      statement.organizationId,
      statement.id,
      statement.accountId,
      statement.format,
      statement.fileSha256,
      statement.periodStart,
      statement.periodEnd,
      statement.openingBalance,
      statement.closingBalance,
    ],
  );
}

export async function setStatementCounts(
  tx: Queryable,
  organizationId: string,
  id: string,
  counts: { imported: number; skipped: number },
): Promise<void> {
  await tx.query(
    'UPDATE bank_statements SET lines_imported = $3, lines_skipped = $4 WHERE organization_id = $1 AND id = $2',
    [organizationId, id, counts.imported, counts.skipped],
  );
}

export interface BankTransactionRow {
  id: string;
  account_id: string;
  date: string;
  amount: string;
  description: string;
  payee: string | null;
  bank_reference: string;
  statement_id: string | null;
  status: 'unmatched' | 'matched' | 'excluded';
  suggestion: unknown;
  reconciliation_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

const TRANSACTION_SELECT = `SELECT t.id, t.account_id, t.txn_date::text AS date, t.amount::text AS amount,
  t.description, t.payee, t.bank_reference, t.statement_id, t.status, t.suggestion, t.reconciliation_id, t.version,
  ${isoTimestamp('t.created_at')} AS created_at, ${isoTimestamp('t.updated_at')} AS updated_at
  FROM bank_transactions t`;

/** One bank transaction, or undefined; `lockTransaction` takes it until commit (a match, an exclusion). */
export const { find: findTransaction, lock: lockTransaction } = findAndLock<BankTransactionRow>(
  TRANSACTION_SELECT,
  't',
);

/** Several bank transactions by id, in no order. */
export function findTransactions(db: Queryable, organizationId: string, ids: string[]) {
  return db.query<BankTransactionRow>(
    `${TRANSACTION_SELECT} WHERE t.organization_id = $1 AND t.id = ANY($2::uuid[])`,
    [organizationId, ids],
  );
}

/** Several bank transactions locked until commit, in id order (two batches queue, never deadlock). */
export function lockTransactions(
  db: Queryable,
  organizationId: string,
  ids: string[],
): Promise<BankTransactionRow[]> {
  return db.query<BankTransactionRow>(
    `${TRANSACTION_SELECT} WHERE t.organization_id = $1 AND t.id = ANY($2::uuid[]) ORDER BY t.id FOR UPDATE OF t`,
    [organizationId, ids],
  );
}

export interface TransactionFilters {
  accountId: string | null;
  status: string | null;
  from: string | null;
  to: string | null;
  searchPattern: string | null;
}

export const transactionPage = filteredList<BankTransactionRow, TransactionFilters>({
  select: TRANSACTION_SELECT,
  where: `t.organization_id = $1 AND ($2::uuid IS NULL OR t.account_id = $2) AND ($3::text IS NULL OR t.status = $3)
      AND ($4::date IS NULL OR t.txn_date >= $4) AND ($5::date IS NULL OR t.txn_date <= $5)
      AND ($6::text IS NULL OR lower(t.description) LIKE $6 OR lower(COALESCE(t.payee, '')) LIKE $6
           OR lower(t.bank_reference) LIKE $6)`,
  params: (filters) => [filters.accountId, filters.status, filters.from, filters.to, filters.searchPattern],
  alias: 't',
});

/** The transactions of `account` with these references, as stored (the existing ones a push names). */
export function withReferences(
  db: Queryable,
  organizationId: string,
  accountId: string,
  references: string[],
): Promise<BankTransactionRow[]> {
  return db.query<BankTransactionRow>(
    `${TRANSACTION_SELECT} WHERE t.organization_id = $1 AND t.account_id = $2 AND t.bank_reference = ANY($3::text[])`,
    [organizationId, accountId, references],
  );
}

export interface NewLines {
  organizationId: string;
  accountId: string;
  statementId: string | null;
  ids: string[];
  dates: string[];
  amounts: string[];
  descriptions: string[];
  payees: (string | null)[];
  references: string[];
}

/**
 * ONE statement: inserts the lines in file order, each whose reference is not yet imported for the
 * account (nor earlier in the same batch). Answers the ids inserted; the others were skipped.
 */
export async function insertNewLines(tx: Queryable, lines: NewLines): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO bank_transactions (organization_id, id, account_id, txn_date, amount, description, payee,
        bank_reference, statement_id)
     SELECT $1, r.id, $2, r.txn_date, r.amount, r.description, r.payee, r.reference, $3
       FROM unnest($4::uuid[], $5::date[], $6::numeric[], $7::text[], $8::text[], $9::text[]) WITH ORDINALITY
         AS r(id, txn_date, amount, description, payee, reference, ordinal)
      ORDER BY r.ordinal
     ON CONFLICT (organization_id, account_id, bank_reference) DO NOTHING
     RETURNING id`,
    [
      lines.organizationId,
      lines.accountId,
      lines.statementId,
      lines.ids,
      lines.dates,
      lines.amounts,
      lines.descriptions,
      // A payee may be absent: the array carries NULLs, which both drivers send as NULL elements.
      lines.payees as string[],
      lines.references,
    ],
  );
  return rows.map((row) => row.id);
}

export interface MatchRow {
  bank_transaction_id: string;
  journal_line_id: string;
  journal_entry_id: string;
  amount: string;
}

/** The ledger lines matched to each transaction. */
export const matchesOf = childrenOf<MatchRow, 'bank_transaction_id'>(
  `SELECT bank_transaction_id, journal_line_id, journal_entry_id, amount::text AS amount
     FROM bank_matches WHERE organization_id = $1 AND bank_transaction_id = ANY($2::uuid[])
    ORDER BY bank_transaction_id, created_at, journal_line_id`,
  'bank_transaction_id',
);

export interface AccountActivity {
  account_id: string;
  transaction_count: number;
  unmatched_count: number;
  last_import_at: string | null;
}

/** Per bank account: its transactions, the unmatched ones, and when lines last came in. */
export function activityOf(db: Queryable, organizationId: string, accountIds: string[]) {
  return db.query<AccountActivity>(
    `SELECT a.id AS account_id, count(t.id)::int AS transaction_count,
            (count(t.id) FILTER (WHERE t.status = 'unmatched'))::int AS unmatched_count,
            ${isoTimestamp('max(t.created_at)')} AS last_import_at
       FROM unnest($2::uuid[]) AS a(id)
       LEFT JOIN bank_transactions t ON t.organization_id = $1 AND t.account_id = a.id
      GROUP BY a.id`,
    [organizationId, accountIds],
  );
}

/**
 * Locks the journal entries holding `lineIds`, in id order (two matchers, or a matcher and a void,
 * then queue on the entry row instead of deadlocking), and answers the lines as they are after the
 * locks: their account, their signed effect on it (debit positive), their entry's state, and the
 * bank transaction each is already matched to.
 */
export async function lockLinesForMatch(tx: Queryable, organizationId: string, lineIds: string[]) {
  await tx.query(
    `SELECT e.id FROM journal_entries e
      WHERE e.organization_id = $1
        AND e.id IN (SELECT l.journal_entry_id FROM journal_lines l WHERE l.organization_id = $1 AND l.id = ANY($2::uuid[]))
      ORDER BY e.id FOR UPDATE`,
    [organizationId, lineIds],
  );
  return tx.query<{
    id: string;
    journal_entry_id: string;
    entry_number: string | null;
    account_id: string;
    effect: string;
    entry_status: string;
    reversed: boolean;
    matched_to: string | null;
  }>(
    `SELECT l.id, l.journal_entry_id, e.entry_number, l.account_id, (l.debit - l.credit)::text AS effect,
            e.status AS entry_status,
            (e.reversed_by_entry_id IS NOT NULL OR e.reverses_entry_id IS NOT NULL) AS reversed,
            m.bank_transaction_id AS matched_to
       FROM journal_lines l
       JOIN journal_entries e ON e.organization_id = l.organization_id AND e.id = l.journal_entry_id
       LEFT JOIN bank_matches m ON m.organization_id = l.organization_id AND m.journal_line_id = l.id
      WHERE l.organization_id = $1 AND l.id = ANY($2::uuid[])`,
    [organizationId, lineIds],
  );
}

/** Matches the lines to the transaction and sets its status and version, in one statement. */
export async function insertMatches(
  tx: Queryable,
  organizationId: string,
  transaction: { id: string; version: number },
  lines: { id: string; entryId: string; amount: string }[],
): Promise<void> {
  await tx.query(
    `WITH matched AS (
       INSERT INTO bank_matches (organization_id, journal_line_id, bank_transaction_id, journal_entry_id, amount)
       SELECT $1, r.line_id, $2, r.entry_id, r.amount
         FROM unnest($4::uuid[], $5::uuid[], $6::numeric[]) AS r(line_id, entry_id, amount))
     UPDATE bank_transactions SET status = 'matched', version = $3, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [
      organizationId,
      transaction.id,
      transaction.version,
      lines.map((line) => line.id),
      lines.map((line) => line.entryId),
      lines.map((line) => line.amount),
    ],
  );
}

/** The lines of new entries with their signed effect on their account (debit positive), in line order. */
export function entryLineEffects(
  db: Queryable,
  organizationId: string,
  entryIds: string[],
): Promise<{ id: string; journal_entry_id: string; account_id: string; effect: string }[]> {
  return db.query(
    `SELECT l.id, l.journal_entry_id, l.account_id, (l.debit - l.credit)::text AS effect
       FROM journal_lines l
      WHERE l.organization_id = $1 AND l.journal_entry_id = ANY($2::uuid[])
      ORDER BY l.journal_entry_id, l.line_no`,
    [organizationId, entryIds],
  );
}

/**
 * Matches lines to several transactions the caller locked (D74 create, accept-suggestions) and sets
 * each matched at its new version: ONE statement, whatever the count.
 */
export async function insertMatchesOfMany(
  tx: Queryable,
  organizationId: string,
  transactions: { id: string; version: number }[],
  lines: { transactionId: string; id: string; entryId: string; amount: string }[],
): Promise<void> {
  await tx.query(
    `WITH matched AS (
       INSERT INTO bank_matches (organization_id, journal_line_id, bank_transaction_id, journal_entry_id, amount)
       SELECT $1, r.line_id, r.transaction_id, r.entry_id, r.amount
         FROM unnest($4::uuid[], $5::uuid[], $6::uuid[], $7::numeric[]) AS r(transaction_id, line_id, entry_id, amount))
     UPDATE bank_transactions t SET status = 'matched', version = v.version, updated_at = statement_timestamp()
       FROM unnest($2::uuid[], $3::int[]) AS v(id, version)
      WHERE t.organization_id = $1 AND t.id = v.id`,
    [
      organizationId,
      transactions.map((transaction) => transaction.id),
      transactions.map((transaction) => transaction.version),
      lines.map((line) => line.transactionId),
      lines.map((line) => line.id),
      lines.map((line) => line.entryId),
      lines.map((line) => line.amount),
    ],
  );
}

/** Sets a transaction the caller locked to `status` at `version`; leaving `matched` drops its matches. */
export async function setStatus(
  tx: Queryable,
  organizationId: string,
  id: string,
  status: 'unmatched' | 'excluded',
  version: number,
): Promise<void> {
  await tx.query(
    `WITH unmatched AS (
       DELETE FROM bank_matches WHERE organization_id = $1 AND bank_transaction_id = $2)
     UPDATE bank_transactions SET status = $3, version = $4, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, status, version],
  );
}

/** The bank transactions that lines of `entryId` are matched to (a void must wait for their unmatch). */
export async function matchedToEntry(
  tx: Queryable,
  organizationId: string,
  entryId: string,
): Promise<string[]> {
  const rows = await tx.query<{ bank_transaction_id: string }>(
    `SELECT DISTINCT bank_transaction_id FROM bank_matches
      WHERE organization_id = $1 AND journal_entry_id = $2 ORDER BY bank_transaction_id`,
    [organizationId, entryId],
  );
  return rows.map((row) => row.bank_transaction_id);
}

export interface CandidateLine {
  journal_line: string;
  journal_entry: string;
  entry_number: string | null;
  date: string;
  source_type: string;
  amount: string;
  days: number;
}

/**
 * D74's ledger candidates of a bank line: unmatched lines of posted, unreversed entries on its bank
 * account that move it by exactly its amount, dated within `days` of it, nearest first (at most 20).
 */
export function candidateLines(
  db: Queryable,
  organizationId: string,
  bankLine: { accountId: string; amount: string; date: string },
  days: number,
): Promise<CandidateLine[]> {
  return db.query<CandidateLine>(
    `SELECT l.id AS journal_line, l.journal_entry_id AS journal_entry, e.entry_number, e.txn_date::text AS date,
            e.source_type, (l.debit - l.credit)::text AS amount, abs(e.txn_date - $4::date) AS days
       FROM journal_lines l
       JOIN journal_entries e ON e.organization_id = l.organization_id AND e.id = l.journal_entry_id
      WHERE l.organization_id = $1 AND l.account_id = $2 AND (l.debit - l.credit) = $3::numeric
        AND e.status = 'posted' AND e.reversed_by_entry_id IS NULL AND e.reverses_entry_id IS NULL
        AND e.txn_date BETWEEN $4::date - $5::int AND $4::date + $5::int
        AND NOT EXISTS (SELECT 1 FROM bank_matches m
                         WHERE m.organization_id = $1 AND m.journal_line_id = l.id)
      ORDER BY abs(e.txn_date - $4::date), e.entry_number, l.line_no
      LIMIT 20`,
    [organizationId, bankLine.accountId, bankLine.amount, bankLine.date, days],
  );
}

export interface OpenDocument {
  kind: 'invoice' | 'bill';
  id: string;
  number: string;
  party: string;
  balance_due: string;
}

/** Open invoices (money in) or open bills (money out) whose balance due is exactly `amount` (at most 20). */
export function openDocumentsOfBalance(
  db: Queryable,
  organizationId: string,
  kind: 'invoice' | 'bill',
  amount: string,
): Promise<OpenDocument[]> {
  const sql =
    kind === 'invoice'
      ? `SELECT 'invoice' AS kind, i.id, i.number, i.customer_id AS party,
                (i.total - i.amount_paid - i.amount_credited)::text AS balance_due
           FROM invoices i
          WHERE i.organization_id = $1 AND i.status = 'sent' AND i.total - i.amount_paid - i.amount_credited = $2::numeric
          ORDER BY i.number LIMIT 20`
      : `SELECT 'bill' AS kind, b.id, b.number, b.vendor_id AS party, (b.total - b.amount_paid)::text AS balance_due
           FROM bills b
          WHERE b.organization_id = $1 AND b.status = 'open' AND b.total - b.amount_paid = $2::numeric
          ORDER BY b.number LIMIT 20`;
  return db.query<OpenDocument>(sql, [organizationId, amount]);
}
