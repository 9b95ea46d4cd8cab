// The journal store: journal entries and their lines (spec "Journal entry", D21, D27). Posting is one
// statement that numbers the entry, writes it and updates the balance summary (the JE counter's lock
// is held from that statement to commit), so the statement count of a posting stays what it is.
// Every function takes the handle first (a Tx inside a write) and plain values.
import type { DocumentSource, JournalLine } from '../../domain/journal.ts';
import { formatMoney, type Money } from '../../domain/money.ts';
import type { Queryable } from '../db.ts';
import { filteredList } from '../keyset.ts';
import { insertRowsSql, SqlParams, uuidListColumn } from '../rows.ts';
import { childrenOf, isoTimestamp, rowById } from '../sql.ts';
import { dayTotalsUpsertCte, dayTotalsUpsertManyCte, queryRefusingDayTotalOverflow } from './accounts.ts';
import * as sequences from './sequences.ts';

export interface EntryRow {
  id: string;
  entry_number: string | null;
  txn_date: string;
  memo: string;
  status: 'draft' | 'posted';
  source_type: string;
  source_id: string | null;
  reverses_entry_id: string | null;
  reversed_by_entry_id: string | null;
  currency: string;
  total_debit: string;
  total_credit: string;
  version: number;
  created_at: string;
  updated_at: string;
  posted_at: string | null;
}

/** A line with the account it names (number, name, and what posting checks: active, role). */
export interface LineRow {
  journal_entry_id: string;
  line_no: number;
  id: string;
  /** The bank transaction this line is matched to (D74), or null. */
  bank_transaction_id: string | null;
  account_id: string;
  account_number: string;
  account_name: string;
  account_is_active: boolean;
  account_system_role: string | null;
  account_detail_type: string;
  description: string;
  debit: string;
  credit: string;
  tracking_options: string[];
}

const ENTRY_COLUMNS = `id, entry_number, txn_date::text AS txn_date, memo, status, source_type, source_id,
  reverses_entry_id, reversed_by_entry_id, currency, total_debit::text AS total_debit,
  total_credit::text AS total_credit, version, ${isoTimestamp('created_at')} AS created_at,
  ${isoTimestamp('updated_at')} AS updated_at, ${isoTimestamp('posted_at')} AS posted_at`;
const ENTRY_SELECT = `SELECT ${ENTRY_COLUMNS} FROM journal_entries`;
/** ENTRY_COLUMNS in IMMUTABLE functions only, as Citus requires of a RETURNING clause (migration 0024). */
const ENTRY_RETURNING = `id, entry_number, iso_date_text(txn_date) AS txn_date, memo, status, source_type, source_id,
  reverses_entry_id, reversed_by_entry_id, currency, total_debit::text AS total_debit,
  total_credit::text AS total_credit, version, iso_timestamp_text(created_at) AS created_at,
  iso_timestamp_text(updated_at) AS updated_at, iso_timestamp_text(posted_at) AS posted_at`;

/** The entry, or undefined (a malformed id included). */
export function find(db: Queryable, organizationId: string, id: string): Promise<EntryRow | undefined> {
  return rowById<EntryRow>(db, ENTRY_SELECT, organizationId, id);
}

/** The entry, locked until commit: the decision about it (edit, post, reverse) holds. */
export function lockEntry(db: Queryable, organizationId: string, id: string): Promise<EntryRow | undefined> {
  return rowById<EntryRow>(db, ENTRY_SELECT, organizationId, id, 'update');
}

/** The lines of the given entries with their accounts, by entry, in line order. */
export const linesOf = childrenOf<LineRow, 'journal_entry_id'>(
  `SELECT l.journal_entry_id, l.line_no, l.id,
          (SELECT m.bank_transaction_id FROM bank_matches m
            WHERE m.organization_id = $1 AND m.journal_line_id = l.id) AS bank_transaction_id,
          l.account_id, a.number AS account_number, a.name AS account_name,
          a.is_active AS account_is_active, a.system_role AS account_system_role, a.detail_type AS account_detail_type, l.description, l.debit::text AS debit, l.credit::text AS credit, l.tracking_options::text[] AS tracking_options
     FROM journal_lines l JOIN accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
    WHERE l.organization_id = $1 AND l.journal_entry_id = ANY($2::uuid[])
    ORDER BY l.journal_entry_id, l.line_no`,
  'journal_entry_id',
);

export interface EntryFilters {
  source_type?: string;
  source_id?: string;
  status?: string;
  txn_date_from?: string;
  txn_date_to?: string;
}

/** One keyset page of entries (PAGE_SIZE + 1 rows at most; the use case makes the page). */
export const list = filteredList<EntryRow, EntryFilters>({
  select: ENTRY_SELECT,
  where: `organization_id = $1
      AND ($2::text IS NULL OR source_type = $2) AND ($3::uuid IS NULL OR source_id = $3)
      AND ($4::text IS NULL OR status = $4)
      AND ($5::date IS NULL OR txn_date >= $5) AND ($6::date IS NULL OR txn_date <= $6)`,
  params: (filters) => [
    filters.source_type ?? null,
    filters.source_id ?? null,
    filters.status ?? null,
    filters.txn_date_from ?? null,
    filters.txn_date_to ?? null,
  ],
});

/**
 * The INSERT of an entry's lines (numbered from 1): a statement of its own or a CTE beside the
 * entry's INSERT (the lines' foreign key is checked at the end of the statement).
 */
function linesInsertSql(params: SqlParams, organization: string, entry: string, lines: JournalLine[]) {
  return insertRowsSql(params, {
    table: 'journal_lines',
    fixed: { organization_id: organization, journal_entry_id: entry },
    ordinalColumn: 'line_no',
    columns: [
      { name: 'account_id', type: 'uuid', values: lines.map((line) => line.accountId) },
      { name: 'description', type: 'text', values: lines.map((line) => line.description) },
      { name: 'debit', type: 'numeric', values: lines.map((line) => formatMoney(line.debit)) },
      { name: 'credit', type: 'numeric', values: lines.map((line) => formatMoney(line.credit)) },
      uuidListColumn(
        'tracking_options',
        lines.map((line) => line.trackingOptionIds),
      ),
    ],
  });
}

export interface NewDraft {
  id: string;
  organizationId: string;
  txnDate: string;
  memo: string;
  currency: string;
  totalDebit: Money;
  totalCredit: Money;
  lines: JournalLine[];
}

/** Writes a draft and its lines in one statement; answers the entry's row. */
export async function insertDraftWithLines(tx: Queryable, draft: NewDraft): Promise<EntryRow> {
  const p = new SqlParams(draft.id, draft.organizationId);
  const [row] = await tx.query<EntryRow>(
    `WITH entry AS (
       INSERT INTO journal_entries (id, organization_id, txn_date, memo, status, currency, total_debit, total_credit)
       VALUES ($1, $2, ${p.add(draft.txnDate)}, ${p.add(draft.memo)}, 'draft', ${p.add(draft.currency)},
         ${p.add(formatMoney(draft.totalDebit))}, ${p.add(formatMoney(draft.totalCredit))})
       RETURNING ${ENTRY_RETURNING}),
     lines AS (${linesInsertSql(p, '$2', '$1', draft.lines)})
     SELECT * FROM entry`,
    p.values,
  );
  if (!row) throw new Error('journal entry insert returned no row');
  return row;
}

/** Replaces a draft's lines with `lines`. */
export async function replaceLines(
  tx: Queryable,
  organizationId: string,
  entryId: string,
  lines: JournalLine[],
): Promise<void> {
  await tx.query('DELETE FROM journal_lines WHERE organization_id = $1 AND journal_entry_id = $2', [
    organizationId,
    entryId,
  ]);
  const p = new SqlParams(organizationId, entryId);
  await tx.query(linesInsertSql(p, '$1', '$2', lines), p.values);
}

export interface DraftChanges {
  txnDate?: string;
  memo?: string;
  totalDebit: Money;
  totalCredit: Money;
  version: number;
}

/** Writes a draft's date and memo (when given), its totals and its new version. */
export async function updateDraft(
  tx: Queryable,
  organizationId: string,
  id: string,
  changes: DraftChanges,
): Promise<void> {
  await tx.query(
    `UPDATE journal_entries SET txn_date = COALESCE($3::date, txn_date), memo = COALESCE($4, memo),
            total_debit = $5, total_credit = $6, version = $7, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [
      organizationId,
      id,
      changes.txnDate ?? null,
      changes.memo ?? null,
      formatMoney(changes.totalDebit),
      formatMoney(changes.totalCredit),
      changes.version,
    ],
  );
}

/** Deletes a draft and its lines. */
export async function deleteDraft(tx: Queryable, organizationId: string, id: string): Promise<void> {
  await tx.query('DELETE FROM journal_lines WHERE organization_id = $1 AND journal_entry_id = $2', [
    organizationId,
    id,
  ]);
  await tx.query('DELETE FROM journal_entries WHERE organization_id = $1 AND id = $2', [organizationId, id]);
}

export interface DraftPosting {
  organizationId: string;
  id: string;
  version: number;
  txnDate: string;
  lines: JournalLine[];
}

/**
 * Posts a locked draft: the next JE number, the entry's update and the balance summary in ONE
 * statement (the JE counter stays locked to commit, so all of it is serialized per organization).
 * Answers the posted row; an account's day total past NUMERIC(20,4) is 400 invalid_money on lines.
 */
export async function postDraft(tx: Queryable, posting: DraftPosting): Promise<EntryRow> {
  const p = new SqlParams(posting.organizationId, posting.id, posting.version, posting.txnDate);
  const numbered = await sequences.numberCte(
    tx,
    'journal_entry',
    { id: posting.organizationId, param: '$1' },
    p,
  );
  const balances = dayTotalsUpsertCte(p, numbered.after, '$1', '$4', posting.lines);
  const [posted] = await queryRefusingDayTotalOverflow<EntryRow>(
    tx,
    `WITH ${numbered.cte}, ${balances}
     UPDATE journal_entries SET status = 'posted', entry_number = ${numbered.value}, version = $3,
            posted_at = statement_timestamp(), updated_at = statement_timestamp()
       ${numbered.from}
      WHERE organization_id = $1 AND id = $2
     RETURNING ${ENTRY_RETURNING}`,
    p.values,
  );
  if (!posted) throw new Error(`organization ${posting.organizationId} has no journal_entry sequence`);
  return posted;
}

export interface NewPostedEntry {
  id: string;
  organizationId: string;
  txnDate: string;
  memo: string;
  sourceType: string;
  sourceId: string;
  reversesEntryId: string | null;
  currency: string;
  /** Debits and credits alike (the caller asserted the balance). */
  total: Money;
  lines: JournalLine[];
}

/**
 * Writes a posted entry: its number, the entry, its lines and the balance summary in ONE statement
 * (the JE counter stays locked to commit). Answers the entry number.
 */
export async function insertPostedEntryWithLines(tx: Queryable, entry: NewPostedEntry): Promise<string> {
  const p = new SqlParams(entry.id, entry.organizationId, entry.txnDate, formatMoney(entry.total));
  const numbered = await sequences.numberCte(
    tx,
    'journal_entry',
    { id: entry.organizationId, param: '$2' },
    p,
  );
  const [inserted] = await queryRefusingDayTotalOverflow<{ entry_number: string | null }>(
    tx,
    `WITH ${numbered.cte}, ${dayTotalsUpsertCte(p, numbered.after, '$2', '$3', entry.lines)},
       lines AS (${linesInsertSql(p, '$2', '$1', entry.lines)})
     INSERT INTO journal_entries (id, organization_id, entry_number, txn_date, memo, status, source_type, source_id,
        reverses_entry_id, currency, total_debit, total_credit, posted_at)
     SELECT $1, $2, ${numbered.value}, $3, ${p.add(entry.memo)}, 'posted',
        ${p.add(entry.sourceType)}, ${p.add(entry.sourceId)}, ${p.add(entry.reversesEntryId)},
        ${p.add(entry.currency)}, $4, $4, clock_timestamp()
       FROM ${numbered.name}
     RETURNING entry_number`,
    p.values,
  );
  const number = inserted?.entry_number;
  if (!number) throw new Error(`organization ${entry.organizationId} has no journal_entry sequence`);
  return number;
}

/** One manual entry of several written at once (D58, D59). */
export interface NewManualEntry {
  id: string;
  txnDate: string;
  memo: string;
  /** Debits and credits alike (the caller asserted the balance). */
  total: Money;
  lines: JournalLine[];
  /**
   * The lines' ids, in line order, when the caller chose them (it then answers without reading the
   * lines back); the database's own otherwise.
   */
  lineIds?: string[];
}

export interface ManualEntries {
  organizationId: string;
  currency: string;
  /** Posted: numbered consecutively in the order given, and in the balance summary. */
  post: boolean;
  entries: NewManualEntry[];
  /**
   * Posted entries a person makes outside /journal-entries (D74: spent or received from a bank
   * line, `bank_transaction`), each with its source id; `manual` without.
   */
  source?: { type: string; ids: string[] };
}

/**
 * Writes manual entries and all their lines in ONE statement, whatever their count; posted ones
 * also take consecutive JE numbers (the counter advances by the count, its lock held to commit)
 * and update the balance summary in the same statement. Answers the rows, in the order given. An
 * account's day total past NUMERIC(20,4) is 400 invalid_money on `overflowField`.
 */
export async function insertManualEntries(
  tx: Queryable,
  write: ManualEntries,
  overflowField = 'lines',
): Promise<EntryRow[]> {
  const { entries } = write;
  const p = new SqlParams(write.organizationId);
  const source = `unnest(${p.add(entries.map((entry) => entry.id))}::uuid[],
      ${p.add(entries.map((entry) => entry.txnDate))}::date[],
      ${p.add(entries.map((entry) => entry.memo))}::text[],
      ${p.add(entries.map((entry) => formatMoney(entry.total)))}::numeric[],
      ${p.add((write.source?.ids ?? entries.map(() => null)) as string[])}::uuid[]) WITH ORDINALITY
      AS e(id, txn_date, memo, total, source_id, ordinal)`;
  const currency = p.add(write.currency);
  const lines = `lines AS (${linesOfManySql(p, entries)})`;
  let sql: string;
  if (write.post) {
    const range = await sequences.rangeCte(
      tx,
      'journal_entry',
      { id: write.organizationId, param: '$1' },
      entries.length,
      p,
    );
    const days = entries.map((entry) => ({ day: entry.txnDate, lines: entry.lines }));
    sql = `WITH ${range.cte}, ${dayTotalsUpsertManyCte(p, range.after, '$1', days)}, ${lines}
       INSERT INTO journal_entries (id, organization_id, entry_number, txn_date, memo, status, source_type,
          source_id, currency, total_debit, total_credit, posted_at)
       SELECT e.id, $1, ${range.format('e.ordinal - 1')}, e.txn_date, e.memo, 'posted',
          ${p.add(write.source?.type ?? 'manual')}, e.source_id, ${currency}, e.total, e.total, clock_timestamp()
         FROM ${range.name}, ${source}
       RETURNING ${ENTRY_RETURNING}`;
  } else {
    sql = `WITH ${lines}
       INSERT INTO journal_entries (id, organization_id, txn_date, memo, status, currency, total_debit, total_credit)
       SELECT e.id, $1, e.txn_date, e.memo, 'draft', ${currency}, e.total, e.total FROM ${source}
       RETURNING ${ENTRY_RETURNING}`;
  }
  const rows = await queryRefusingDayTotalOverflow<EntryRow>(tx, sql, p.values, overflowField);
  if (rows.length !== entries.length) {
    throw new Error(`organization ${write.organizationId} has no journal_entry sequence`);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  return entries.map((entry) => byId.get(entry.id) as EntryRow);
}

/** The INSERT of the lines of several entries (each numbered from 1), beside their entries' INSERT. */
function linesOfManySql(params: SqlParams, entries: NewManualEntry[]) {
  const all = entries.flatMap((entry) => entry.lines.map((line, index) => ({ entry, line, index })));
  return insertRowsSql(params, {
    table: 'journal_lines',
    fixed: { organization_id: '$1' },
    columns: [
      ...(entries.every((entry) => entry.lineIds)
        ? [
            {
              name: 'id',
              type: 'uuid',
              values: all.map((row) => row.entry.lineIds?.[row.index] ?? ''),
            } as const,
          ]
        : []),
      { name: 'journal_entry_id', type: 'uuid', values: all.map((row) => row.entry.id) },
      { name: 'line_no', type: 'int', values: all.map((row) => row.index + 1) },
      { name: 'account_id', type: 'uuid', values: all.map((row) => row.line.accountId) },
      { name: 'description', type: 'text', values: all.map((row) => row.line.description) },
      { name: 'debit', type: 'numeric', values: all.map((row) => formatMoney(row.line.debit)) },
      { name: 'credit', type: 'numeric', values: all.map((row) => formatMoney(row.line.credit)) },
      uuidListColumn(
        'tracking_options',
        all.map((row) => row.line.trackingOptionIds),
      ),
    ],
  });
}

/**
 * Links a locked original to its reversal and writes its new version. The condition on
 * reversed_by_entry_id makes a second reversal fail (false) rather than overwrite the link.
 */
export async function setReversedBy(
  tx: Queryable,
  organizationId: string,
  entryId: string,
  reversalId: string,
  version: number,
): Promise<boolean> {
  const [updated] = await tx.query<{ id: string }>(
    `UPDATE journal_entries SET reversed_by_entry_id = $3, version = $4, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2 AND reversed_by_entry_id IS NULL
     RETURNING id`,
    [organizationId, entryId, reversalId, version],
  );
  return updated !== undefined;
}

/** The table of each document that posts entries (D63), by the entries' source_type: every one. */
const SOURCE_TABLES: Record<DocumentSource, string> = {
  invoice: 'invoices',
  invoice_void: 'invoices',
  payment_received: 'payments_received',
  payment_void: 'payments_received',
  credit_note: 'credit_notes',
  credit_note_void: 'credit_notes',
  bill: 'bills',
  bill_void: 'bills',
  bill_payment: 'bill_payments',
  bill_payment_void: 'bill_payments',
  vendor_credit: 'vendor_credits',
  vendor_credit_void: 'vendor_credits',
  deposit: 'deposits',
  deposit_void: 'deposits',
  inventory_adjustment: 'inventory_adjustments',
};

/** The number of the document that posted an entry (an invoice's INV-…), or null if none is known. */
export async function sourceDocumentNumber(
  db: Queryable,
  organizationId: string,
  sourceType: string,
  sourceId: string,
): Promise<string | null> {
  const table = SOURCE_TABLES[sourceType as DocumentSource];
  if (!table) return null;
  const [owner] = await db.query<{ number: string }>(
    `SELECT number FROM ${table} WHERE organization_id = $1 AND id = $2`,
    [organizationId, sourceId],
  );
  return owner?.number ?? null;
}
