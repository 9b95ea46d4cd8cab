// The invariant checks of `folio check` (D69): one set-based statement per invariant for a batch of
// organizations. Each returns only the rows that break the invariant, in one shape (CheckRow), so
// the cost is that of reading the tables once, whatever the books hold. Every join is on
// organization_id (D3): a batch is a list of organizations, never a join across them.
import type { EntityType } from '../domain/roles.ts';
import type { Queryable } from './db.ts';

/** One broken rule on one record: what the books should say and what they say. */
export interface CheckRow {
  organization_id: string;
  invariant: string;
  record_type: string;
  record_id: string;
  /** The record's number (JE-000001, INV-000001) when it has one, else ''. */
  record_number: string;
  rule: string;
  expected: string;
  found: string;
}

const ROW = `organization_id::text AS organization_id, invariant, record_type, record_id::text AS record_id,
  COALESCE(record_number, '') AS record_number, rule, expected, found`;

/** The accounts receivable control account is found by its role (D65), never by number. */
const RECEIVABLE_ROLE = 'accounts_receivable';
const PAYABLE_ROLE = 'accounts_payable';

/**
 * entry_balanced, account_balances and trial_balance in one pass over journal lines: the lines are
 * summed per entry and per account and day in one grouping (GROUPING SETS), and every comparison is
 * made against those sums. Drafts must balance too, but only posted lines count in balances.
 */
export async function ledgerViolations(db: Queryable, organizationIds: string[]): Promise<CheckRow[]> {
  return db.query<CheckRow>(
    `WITH sums AS MATERIALIZED (
       SELECT l.organization_id, l.journal_entry_id, l.account_id, e.txn_date,
              sum(l.debit) AS debit, sum(l.credit) AS credit,
              COALESCE(sum(l.debit) FILTER (WHERE e.status = 'posted'), 0.0000) AS posted_debit,
              COALESCE(sum(l.credit) FILTER (WHERE e.status = 'posted'), 0.0000) AS posted_credit,
              GROUPING(l.journal_entry_id) AS by_day
         FROM journal_lines l
         JOIN journal_entries e ON e.organization_id = l.organization_id AND e.id = l.journal_entry_id
        WHERE l.organization_id = ANY($1::uuid[])
        GROUP BY GROUPING SETS ((l.organization_id, l.journal_entry_id), (l.organization_id, l.account_id, e.txn_date))),
     entries AS (
       SELECT e.organization_id, e.id, e.entry_number, e.status, e.total_debit, e.total_credit,
              COALESCE(s.debit, 0.0000) AS debit, COALESCE(s.credit, 0.0000) AS credit
         FROM journal_entries e
         LEFT JOIN sums s ON s.by_day = 0 AND s.organization_id = e.organization_id AND s.journal_entry_id = e.id
        WHERE e.organization_id = ANY($1::uuid[])),
     posted AS (
       SELECT organization_id, account_id, txn_date AS day, posted_debit AS debit, posted_credit AS credit
         FROM sums WHERE by_day = 1 AND (posted_debit <> 0 OR posted_credit <> 0)),
     summary AS (
       SELECT organization_id, account_id, day, sum(debit) AS debit, sum(credit) AS credit
         FROM account_balances WHERE organization_id = ANY($1::uuid[])
        GROUP BY organization_id, account_id, day),
     ledger_totals AS (
       SELECT organization_id, sum(debit) AS debit, sum(credit) AS credit FROM posted GROUP BY organization_id),
     summary_totals AS (
       SELECT organization_id, sum(debit) AS debit, sum(credit) AS credit FROM summary GROUP BY organization_id),
     found AS (
       SELECT organization_id, 'entry_balanced' AS invariant, 'journal_entry' AS record_type, id AS record_id,
              entry_number AS record_number,
              CASE WHEN status = 'posted' THEN 'a posted entry''s lines balance and equal its stored totals'
                   ELSE 'a draft''s lines balance and equal its stored totals' END AS rule,
              format('debits = credits = total_debit = total_credit = %s', total_debit) AS expected,
              format('lines debit %s, credit %s; total_debit %s, total_credit %s', debit, credit, total_debit,
                     total_credit) AS found
         FROM entries
        WHERE NOT (debit = credit AND debit = total_debit AND total_debit = total_credit)
       UNION ALL
       SELECT COALESCE(p.organization_id, s.organization_id), 'account_balances', 'account',
              COALESCE(p.account_id, s.account_id), a.number,
              format('the balance summary of %s equals the posted lines of that day',
                     COALESCE(p.day, s.day)::text),
              format('debit %s, credit %s (posted lines)', COALESCE(p.debit, 0.0000), COALESCE(p.credit, 0.0000)),
              format('debit %s, credit %s (account_balances)', COALESCE(s.debit, 0.0000), COALESCE(s.credit, 0.0000))
         FROM posted p
         FULL JOIN summary s
           ON s.organization_id = p.organization_id AND s.account_id = p.account_id AND s.day = p.day
         LEFT JOIN accounts a
           ON a.organization_id = ANY($1::uuid[])
          AND a.organization_id = COALESCE(p.organization_id, s.organization_id)
          AND a.id = COALESCE(p.account_id, s.account_id)
        WHERE COALESCE(p.debit, 0.0000) <> COALESCE(s.debit, 0.0000) OR COALESCE(p.credit, 0.0000) <> COALESCE(s.credit, 0.0000)
       UNION ALL
       SELECT organization_id, 'trial_balance', 'organization', organization_id, NULL,
              'the posted lines'' debits equal their credits',
              'debits = credits', format('debits %s, credits %s', debit, credit)
         FROM ledger_totals WHERE debit <> credit
       UNION ALL
       SELECT organization_id, 'trial_balance', 'organization', organization_id, NULL,
              'the balance summary''s debits equal its credits (what the trial balance report reads)',
              'debits = credits', format('debits %s, credits %s', debit, credit)
         FROM summary_totals WHERE debit <> credit)
     SELECT ${ROW} FROM found ORDER BY organization_id, invariant, record_number, rule`,
    [organizationIds],
  );
}

/**
 * A document invariant as a table of rules: `check.with` names the CTEs ($1 the organizations, $2
 * the control account's role: the receivable's unless `check.role` names another) of which `from` ("invoice i") is the documents with what the rules read;
 * `check.rules` are VALUES rows (rule, expected, found, broken) over that alias. One row per broken rule,
 * by organization, document number and rule.
 */
function documentCheck(
  invariant: string,
  recordType: string,
  from: string,
  check: { with: string; rules: string; role?: string },
): (db: Queryable, organizationIds: string[]) => Promise<CheckRow[]> {
  const alias = from.split(' ')[1]!;
  return (db, organizationIds) =>
    db.query<CheckRow>(
      `WITH ${check.with}
     SELECT ${alias}.organization_id::text AS organization_id, '${invariant}' AS invariant,
            '${recordType}' AS record_type, ${alias}.id::text AS record_id,
            COALESCE(${alias}.number, '') AS record_number, r.rule, r.expected, r.found
       FROM ${from}
       CROSS JOIN LATERAL (VALUES ${check.rules}) AS r(rule, expected, found, broken)
      WHERE r.broken IS TRUE
      ORDER BY ${alias}.organization_id, ${alias}.number, r.rule`,
      [organizationIds, check.role ?? RECEIVABLE_ROLE],
    );
}

/**
 * What the checks join to a document: a CTE or table with its alias, and its column that names the
 * document (`'applied ap': 'invoice_id'`, on the document's id) or the pair of columns, its own and
 * the document's (`'document_entries s': ['id', 'journal_entry_id']`).
 */
type DocumentJoins = Record<string, string | [string, string]>;

/** A document's entry counts, its posted entry `s` and its void entry `v` (the CTEs of documentEntries). */
const ENTRIES_AND_VOID: DocumentJoins = {
  'entry_counts c': 'source_id',
  'document_entries s': ['id', 'journal_entry_id'],
  'document_entries v': ['id', 'void_entry_id'],
};

/** A document's posted entry `e`, as stored (journal_entries). */
const THE_ENTRY: DocumentJoins = { 'journal_entries e': ['id', 'journal_entry_id'] };

/**
 * The FROM of a document CTE: the batch's documents of `table` ("invoices i"), each with `joins` LEFT
 * JOINed in its organization (D3).
 */
function ofDocuments(table: string, joins: DocumentJoins): string {
  const document = table.split(' ')[1]!;
  const joined = Object.entries(joins).map(([source, on]) => {
    const alias = source.split(' ')[1]!;
    const [column, documentColumn] = typeof on === 'string' ? [on, 'id'] : on;
    return `LEFT JOIN ${source} ON ${alias}.organization_id = ${document}.organization_id AND ${alias}.${column} = ${document}.${documentColumn}`;
  });
  return [`FROM ${table}`, ...joined, ` WHERE ${document}.organization_id = ANY($1::uuid[])`].join(
    '\n         ',
  );
}

/**
 * A kind of posted document as the checks read it: the source types of its entry and of its void's
 * reversal, and what its entry counts are called (`sends` of an invoice, `issues` of a credit note).
 */
interface PostedKind {
  entry: string;
  void: string;
  entries: string;
}
const INVOICE_POSTING: PostedKind = { entry: 'invoice', void: 'invoice_void', entries: 'sends' };
const PAYMENT_POSTING: PostedKind = { entry: 'payment_received', void: 'payment_void', entries: 'entries' };

/**
 * The CTEs `document_entries` (each entry and void of `kind`, with what it debits and credits on the
 * control account, $2; `own`: and on an account the document names, e.g. a payment's deposit account)
 * and `entry_counts` (per document, how many entries and voids point at it).
 */
function documentEntries(kind: PostedKind, own?: { table: string; column: string; as: string }): string {
  const ownSelect = own
    ? `, d.${own.column},
              COALESCE(sum(l.debit) FILTER (WHERE l.account_id = d.${own.column}), 0.0000) AS ${own.as}_debit,
              COALESCE(sum(l.credit) FILTER (WHERE l.account_id = d.${own.column}), 0.0000) AS ${own.as}_credit`
    : '';
  const ownJoin = own
    ? `\n         LEFT JOIN ${own.table} d ON d.organization_id = e.organization_id AND d.id = e.source_id`
    : '';
  return `document_entries AS (
       SELECT e.organization_id, e.id, e.source_type, e.source_id, e.status, e.total_debit, e.txn_date,
              e.reverses_entry_id, e.reversed_by_entry_id${ownSelect},
              COALESCE(sum(l.debit) FILTER (WHERE a.system_role = $2), 0.0000) AS receivable_debit,
              COALESCE(sum(l.credit) FILTER (WHERE a.system_role = $2), 0.0000) AS receivable_credit
         FROM journal_entries e
         JOIN journal_lines l ON l.organization_id = e.organization_id AND l.journal_entry_id = e.id
         JOIN accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id${ownJoin}
        WHERE e.organization_id = ANY($1::uuid[]) AND e.source_type IN ('${kind.entry}', '${kind.void}')
        GROUP BY e.organization_id, e.id${own ? `, d.${own.column}` : ''}),
     entry_counts AS (
       SELECT organization_id, source_id,
              count(*) FILTER (WHERE source_type = '${kind.entry}') AS ${kind.entries},
              count(*) FILTER (WHERE source_type = '${kind.void}') AS voids
         FROM document_entries GROUP BY organization_id, source_id)`;
}

/**
 * A CTE `name`: per document (`column` of the applications `table`), the sum of what was applied and
 * how many applications.
 */
function appliedSums(name: string, table: string, column: string): string {
  return `${name} AS (
       SELECT organization_id, ${column}, sum(amount) AS amount, count(*) AS applications FROM ${table}
        WHERE organization_id = ANY($1::uuid[]) GROUP BY organization_id, ${column})`;
}

/** Documents money is applied to (invoices, bills): their table, id column, counterparty, open statuses. */
interface SettledTable {
  table: string;
  column: string;
  counterparty: string;
  open: string;
}
const INVOICES: SettledTable = {
  table: 'invoices',
  column: 'invoice_id',
  counterparty: 'customer_id',
  open: "('sent', 'paid')",
};
const BILLS: SettledTable = {
  table: 'bills',
  column: 'bill_id',
  counterparty: 'vendor_id',
  open: "('open', 'paid')",
};

/**
 * The CTE `applied` of a movement onto documents (a payment's, a credit note's onto invoices; a vendor
 * credit's onto bills): per movement, the sum applied, and how many applications are to another
 * counterparty's document or to one that is not open.
 */
function appliedToDocuments(
  applications: { table: string; movementTable: string; column: string },
  target: SettledTable = INVOICES,
): string {
  return `applied AS (
       SELECT a.organization_id, a.${applications.column}, sum(a.amount) AS amount,
              count(*) FILTER (WHERE d.${target.counterparty} IS DISTINCT FROM m.${target.counterparty}) AS foreign_documents,
              count(*) FILTER (WHERE d.status NOT IN ${target.open}) AS closed_documents
         FROM ${applications.table} a
         JOIN ${applications.movementTable} m ON m.organization_id = a.organization_id AND m.id = a.${applications.column}
         LEFT JOIN ${target.table} d ON d.organization_id = a.organization_id AND d.id = a.${target.column}
        WHERE a.organization_id = ANY($1::uuid[])
        GROUP BY a.organization_id, a.${applications.column})`;
}

/** The CTE `control_lines`: per entry, its net `side` (credit or debit) on the control account, $2. */
function controlLines(side: 'credit' | 'debit'): string {
  const other = side === 'credit' ? 'debit' : 'credit';
  return `control_lines AS (
       SELECT l.organization_id, l.journal_entry_id, sum(l.${side} - l.${other}) AS ${side}
         FROM journal_lines l
         JOIN accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
        WHERE l.organization_id = ANY($1::uuid[]) AND a.system_role = $2
        GROUP BY l.organization_id, l.journal_entry_id)`;
}

/**
 * invoice_agrees: each invoice's amount_paid, status and entries agree with its applications and
 * the ledger (D23, D25). The applications are a union so credit-note applications (D60) can join it.
 */
export const invoiceViolations = documentCheck('invoice_agrees', 'invoice', 'invoice i', {
  with: `${appliedSums('applied', 'payment_applications', 'invoice_id')},
     ${appliedSums('credited', 'credit_note_applications', 'invoice_id')},
     sold AS (
       -- D50: what the sale's stock cost, debited to cost of goods sold on the same entry
       SELECT organization_id, source_id, -sum(value) AS cost FROM stock_movements
        WHERE organization_id = ANY($1::uuid[]) AND source_type = 'invoice'
        GROUP BY organization_id, source_id),
     ${documentEntries(INVOICE_POSTING)},
     invoice AS (
       SELECT i.organization_id, i.id, i.number, i.status, i.total, i.amount_paid, i.amount_credited,
              i.journal_entry_id, i.void_entry_id, COALESCE(ap.amount, 0.0000) AS applied,
              COALESCE(cr.amount, 0.0000) AS credits, COALESCE(sd.cost, 0.0000) AS stock_cost,
              COALESCE(c.sends, 0) AS sends,
              COALESCE(c.voids, 0) AS voids, s.id AS send_id, s.status AS send_status,
              s.source_type AS send_source_type, s.source_id AS send_source_id, s.total_debit AS send_total,
              s.receivable_debit AS send_receivable_debit, s.receivable_credit AS send_receivable_credit,
              s.reversed_by_entry_id AS send_reversed_by, v.id AS void_id,
              v.reverses_entry_id AS void_reverses, v.receivable_credit AS void_receivable_credit,
              v.receivable_debit AS void_receivable_debit
         ${ofDocuments('invoices i', { 'applied ap': 'invoice_id', 'credited cr': 'invoice_id', 'sold sd': 'source_id', ...ENTRIES_AND_VOID })})`,
  rules: `
         ('amount_paid equals the sum of its applications', i.applied::text, i.amount_paid::text,
          i.amount_paid <> i.applied),
         ('amount_credited equals the sum of its credit-note applications', i.credits::text,
          i.amount_credited::text, i.amount_credited <> i.credits),
         ('a draft or void invoice has nothing applied', '0.0000',
          format('payments %s, credit notes %s', i.applied, i.credits),
          i.status IN ('draft', 'void') AND (i.applied <> 0 OR i.credits <> 0)),
         ('a draft has no ledger entry', 'no entry', format('%s send and %s void entries', i.sends, i.voids),
          i.status = 'draft' AND (i.journal_entry_id IS NOT NULL OR i.void_entry_id IS NOT NULL
                                  OR i.sends + i.voids > 0)),
         ('a sent or paid invoice has its send entry', 'journal_entry_id set', 'none',
          i.status IN ('sent', 'paid') AND i.journal_entry_id IS NULL),
         ('a sent invoice has a balance due', format('amount_paid + amount_credited below %s', i.total),
          format('%s + %s', i.amount_paid, i.amount_credited),
          i.status = 'sent' AND i.amount_paid + i.amount_credited >= i.total),
         ('a paid invoice is settled in full by payments and credit notes', i.total::text,
          format('%s + %s', i.amount_paid, i.amount_credited),
          i.status = 'paid' AND i.amount_paid + i.amount_credited <> i.total),
         ('one send entry, the one the invoice names', format('%s', CASE WHEN i.journal_entry_id IS NULL THEN 0 ELSE 1 END),
          i.sends::text, i.sends <> CASE WHEN i.journal_entry_id IS NULL THEN 0 ELSE 1 END),
         ('one void entry, the one the invoice names', format('%s', CASE WHEN i.void_entry_id IS NULL THEN 0 ELSE 1 END),
          i.voids::text, i.voids <> CASE WHEN i.void_entry_id IS NULL THEN 0 ELSE 1 END),
         ('the send entry is the invoice''s posted entry', format('posted invoice entry of %s', i.id),
          format('%s %s entry of %s', i.send_status, i.send_source_type, i.send_source_id),
          i.journal_entry_id IS NOT NULL AND (i.send_id IS NULL OR i.send_status <> 'posted'
            OR i.send_source_type <> 'invoice' OR i.send_source_id <> i.id)),
         ('the send entry debits Accounts Receivable with the total, and cost of goods sold with the stock it took',
          format('receivable debit %s, credit 0.0000, total_debit %s', i.total, i.total + i.stock_cost),
          format('receivable debit %s, credit %s, total_debit %s', i.send_receivable_debit,
                 i.send_receivable_credit, i.send_total),
          i.send_id IS NOT NULL AND (i.send_receivable_debit <> i.total OR i.send_receivable_credit <> 0
                                     OR i.send_total <> i.total + i.stock_cost)),
         ('only a void invoice''s send entry is reversed', 'not reversed',
          format('reversed by %s', i.send_reversed_by),
          i.status IN ('sent', 'paid') AND i.send_reversed_by IS NOT NULL),
         ('a void invoice that was sent has a reversal of its send entry',
          format('a void entry reversing %s, linked both ways', i.journal_entry_id),
          format('void entry %s reversing %s; send entry reversed by %s', i.void_entry_id, i.void_reverses,
                 i.send_reversed_by),
          i.status = 'void' AND i.journal_entry_id IS NOT NULL AND (i.void_id IS NULL
            OR i.void_reverses IS DISTINCT FROM i.journal_entry_id
            OR i.send_reversed_by IS DISTINCT FROM i.void_entry_id)),
         ('the void entry credits Accounts Receivable with the total',
          format('receivable credit %s, debit 0.0000', i.total),
          format('receivable credit %s, debit %s', i.void_receivable_credit, i.void_receivable_debit),
          i.void_id IS NOT NULL AND (i.void_receivable_credit <> i.total OR i.void_receivable_debit <> 0)),
         ('only a void invoice has a void entry', 'no void entry', format('void entry %s', i.void_entry_id),
          i.status <> 'void' AND i.void_entry_id IS NOT NULL)`,
});

/**
 * payment_agrees: a posted payment's amount is its applications plus its unapplied amount, and its
 * one entry debits the deposit account and credits Accounts Receivable with the amount (D25). A void
 * payment (D61) has neither applications nor unapplied amount, and one void entry that reverses its
 * entry on the payment's date, linked both ways.
 */
export const paymentViolations = documentCheck('payment_agrees', 'payment_received', 'payment p', {
  with: `${appliedToDocuments({ table: 'payment_applications', movementTable: 'payments_received', column: 'payment_id' })},
     ${documentEntries(PAYMENT_POSTING, { table: 'payments_received', column: 'deposit_account_id', as: 'deposit' })},
     payment AS (
       SELECT p.organization_id, p.id, p.number, p.status, p.payment_date, p.amount, p.unapplied_amount,
              p.journal_entry_id, p.void_entry_id,
              COALESCE(ap.amount, 0.0000) AS applied, COALESCE(ap.foreign_documents, 0) AS foreign_invoices,
              COALESCE(ap.closed_documents, 0) AS closed_invoices, COALESCE(c.entries, 0) AS entries,
              COALESCE(c.voids, 0) AS voids,
              s.id AS entry_id, s.status AS entry_status, s.source_id AS entry_source_id,
              s.total_debit AS entry_total, s.deposit_debit, s.receivable_credit,
              s.reversed_by_entry_id AS entry_reversed_by, v.id AS void_id, v.txn_date AS void_date,
              v.reverses_entry_id AS void_reverses, v.total_debit AS void_total,
              v.deposit_credit AS void_deposit_credit, v.receivable_debit AS void_receivable_debit
         ${ofDocuments('payments_received p', { 'applied ap': 'payment_id', ...ENTRIES_AND_VOID })})`,
  rules: `
         ('amount equals its applications plus unapplied_amount', p.amount::text,
          format('applications %s + unapplied %s', p.applied, p.unapplied_amount),
          p.status = 'posted' AND p.applied + p.unapplied_amount <> p.amount),
         ('a void payment has no applications and no unapplied amount', 'applications 0.0000 + unapplied 0.0000',
          format('applications %s + unapplied %s', p.applied, p.unapplied_amount),
          p.status = 'void' AND (p.applied <> 0 OR p.unapplied_amount <> 0)),
         ('applications are to sent or paid invoices of the payment''s customer', '0 other',
          format('%s of another customer, %s draft or void', p.foreign_invoices, p.closed_invoices),
          p.foreign_invoices + p.closed_invoices > 0),
         ('one entry, the one the payment names', '1', p.entries::text,
          p.journal_entry_id IS NULL OR p.entries <> 1),
         ('the entry is the payment''s posted entry', format('posted payment entry of %s', p.id),
          format('%s entry of %s', p.entry_status, p.entry_source_id),
          p.journal_entry_id IS NOT NULL AND (p.entry_id IS NULL OR p.entry_status <> 'posted'
                                              OR p.entry_source_id <> p.id)),
         ('the entry debits the deposit account and credits Accounts Receivable with the amount',
          format('deposit debit %s, receivable credit %s, total_debit %s', p.amount, p.amount, p.amount),
          format('deposit debit %s, receivable credit %s, total_debit %s', p.deposit_debit,
                 p.receivable_credit, p.entry_total),
          p.entry_id IS NOT NULL AND (p.deposit_debit <> p.amount OR p.receivable_credit <> p.amount
                                      OR p.entry_total <> p.amount)),
         ('the payment''s entry is not reversed while the payment stands', 'not reversed',
          format('reversed by %s', p.entry_reversed_by), p.status = 'posted' AND p.entry_reversed_by IS NOT NULL),
         ('one void entry, the one the payment names', format('%s', CASE WHEN p.void_entry_id IS NULL THEN 0 ELSE 1 END),
          p.voids::text, p.voids <> CASE WHEN p.void_entry_id IS NULL THEN 0 ELSE 1 END),
         ('a void payment has a reversal of its entry dated on the payment date',
          format('a void entry of %s reversing %s, linked both ways', p.payment_date, p.journal_entry_id),
          format('void entry %s of %s reversing %s; entry reversed by %s', p.void_entry_id, p.void_date,
                 p.void_reverses, p.entry_reversed_by),
          p.status = 'void' AND (p.void_id IS NULL OR p.void_reverses IS DISTINCT FROM p.journal_entry_id
            OR p.entry_reversed_by IS DISTINCT FROM p.void_entry_id OR p.void_date <> p.payment_date)),
         ('the void entry debits Accounts Receivable and credits the deposit account with the amount',
          format('receivable debit %s, deposit credit %s, total_debit %s', p.amount, p.amount, p.amount),
          format('receivable debit %s, deposit credit %s, total_debit %s', p.void_receivable_debit,
                 p.void_deposit_credit, p.void_total),
          p.void_id IS NOT NULL AND (p.void_receivable_debit <> p.amount OR p.void_deposit_credit <> p.amount
                                     OR p.void_total <> p.amount))`,
});

/**
 * A credit document as its check reads it (a credit note, D60; a vendor credit, D87), by its name
 * (`credit_note`: table credit_notes, applications credit_note_applications by credit_note_id, entries
 * credit_note and credit_note_void, invariant credit_note_agrees), what its applications settle, and
 * the control account its issue entry takes the total on, in the side's mirrored column (a credit note
 * credits Accounts Receivable, a vendor credit debits Accounts Payable).
 */
interface CreditTable {
  name: string;
  noun: string;
  target: SettledTable & { closed: string; what: string };
  control: { role: string; name: string; label: string; column: 'debit' | 'credit' };
}

/**
 * <kind>_agrees: amount_applied is the sum of its applications, to open documents of its
 * counterparty; a draft has no number and no entry; an issued or void document has its posted issue
 * entry taking the total on the control account; only a void one has a reversal of it.
 */
function creditViolations(kind: CreditTable) {
  const other = kind.control.column === 'credit' ? 'debit' : 'credit';
  const { target, name } = kind;
  const table = `${name}s`;
  const applications = { table: `${name}_applications`, column: `${name}_id` };
  const posting: PostedKind = { entry: name, void: `${name}_void`, entries: 'issues' };
  return documentCheck(`${name}_agrees`, name, 'note n', {
    with: `${appliedToDocuments({ ...applications, movementTable: table }, target)},
     ${documentEntries(posting)},
     note AS (
       SELECT cn.organization_id, cn.id, cn.number, cn.status, cn.total, cn.amount_applied,
              cn.journal_entry_id, cn.void_entry_id, COALESCE(ap.amount, 0.0000) AS applied,
              COALESCE(ap.foreign_documents, 0) AS foreign_documents, COALESCE(ap.closed_documents, 0) AS closed_documents,
              COALESCE(c.issues, 0) AS issues, COALESCE(c.voids, 0) AS voids,
              s.id AS issue_id, s.status AS issue_status, s.source_id AS issue_source_id,
              s.source_type AS issue_source_type, s.total_debit AS issue_total,
              s.receivable_${kind.control.column} AS issue_control, s.receivable_${other} AS issue_other,
              s.reversed_by_entry_id AS issue_reversed_by, v.id AS void_id, v.reverses_entry_id AS void_reverses
         ${ofDocuments(`${table} cn`, { 'applied ap': applications.column, ...ENTRIES_AND_VOID })})`,
    rules: `
         ('amount_applied equals the sum of its applications', n.applied::text, n.amount_applied::text,
          n.amount_applied <> n.applied),
         ('applications are to ${target.what} of the ${kind.noun}''s ${target.counterparty.replace('_id', '')}', '0 other',
          format('%s of another ${target.counterparty.replace('_id', '')}, %s ${target.closed}', n.foreign_documents, n.closed_documents),
          n.foreign_documents + n.closed_documents > 0),
         ('only an issued ${kind.noun} has applications', '0.0000', n.applied::text,
          n.status <> 'issued' AND n.applied <> 0),
         ('a draft has no number and no ledger entry', 'no number, no entry',
          format('number %s, %s issue and %s void entries', n.number, n.issues, n.voids),
          n.status = 'draft' AND (n.number IS NOT NULL OR n.journal_entry_id IS NOT NULL
                                  OR n.void_entry_id IS NOT NULL OR n.issues + n.voids > 0)),
         ('an issued or void ${kind.noun} has its posted issue entry, the one it names',
          format('posted ${name} entry of %s, 1 of them', n.id),
          format('%s %s entry of %s, %s of them', n.issue_status, n.issue_source_type, n.issue_source_id, n.issues),
          n.status IN ('issued', 'void') AND (n.issue_id IS NULL OR n.issue_status <> 'posted'
            OR n.issue_source_type <> '${name}' OR n.issue_source_id <> n.id OR n.issues <> 1)),
         ('the issue entry ${kind.control.column}s ${kind.control.name} with the total',
          format('${kind.control.label} ${kind.control.column} %s, ${other} 0.0000, total_debit %s', n.total, n.total),
          format('${kind.control.label} ${kind.control.column} %s, ${other} %s, total_debit %s', n.issue_control,
                 n.issue_other, n.issue_total),
          n.issue_id IS NOT NULL AND (n.issue_control <> n.total OR n.issue_other <> 0 OR n.issue_total <> n.total)),
         ('only a void ${kind.noun}''s issue entry is reversed, by its void entry',
          CASE WHEN n.status = 'void' THEN format('reversed by %s', n.void_entry_id) ELSE 'not reversed' END,
          format('reversed by %s; void entry %s reversing %s; %s void entries', n.issue_reversed_by,
                 n.void_entry_id, n.void_reverses, n.voids),
          n.status IN ('issued', 'void') AND CASE WHEN n.status = 'void'
            THEN n.void_id IS NULL OR n.void_reverses IS DISTINCT FROM n.journal_entry_id
              OR n.issue_reversed_by IS DISTINCT FROM n.void_entry_id OR n.voids <> 1
            ELSE n.issue_reversed_by IS NOT NULL OR n.void_entry_id IS NOT NULL OR n.voids <> 0 END)`,
    role: kind.control.role,
  });
}

/** credit_note_agrees (D60): applied to sent or paid invoices of its customer; crediting Accounts Receivable. */
export const creditNoteViolations = creditViolations({
  name: 'credit_note',
  noun: 'credit note',
  target: { ...INVOICES, closed: 'draft or void', what: 'sent or paid invoices' },
  control: { role: RECEIVABLE_ROLE, name: 'Accounts Receivable', label: 'receivable', column: 'credit' },
});

/** vendor_credit_agrees (D87): applied to open or paid bills of its vendor; debiting Accounts Payable. */
export const vendorCreditViolations = creditViolations({
  name: 'vendor_credit',
  noun: 'vendor credit',
  target: { ...BILLS, closed: 'draft or void', what: 'open or paid bills' },
  control: { role: PAYABLE_ROLE, name: 'Accounts Payable', label: 'payable', column: 'debit' },
});

/**
 * receivables_agree: the Accounts Receivable balance equals the open items (sent invoices' balance
 * due minus payments' unapplied amounts; D26, D57). Only documents post to the account (manual
 * journal lines on it are refused), so every posted line counts; lines from manual entries, which
 * books from before that rule may hold, are named in the row to say where a difference comes from.
 * Open items are a union: credit notes' remaining credit (D60) joins it as one more negative branch.
 */
export async function receivablesViolations(db: Queryable, organizationIds: string[]): Promise<CheckRow[]> {
  return db.query<CheckRow>(
    `WITH organization AS (
       SELECT id AS organization_id FROM organizations WHERE id = ANY($1::uuid[])),
     receivable AS (
       SELECT organization_id, id FROM accounts WHERE organization_id = ANY($1::uuid[]) AND system_role = $2),
     ledger AS (
       SELECT l.organization_id, sum(l.debit - l.credit) AS balance,
              sum(l.debit - l.credit) FILTER (WHERE e.source_type IN ('manual', 'reversal')) AS manual
         FROM receivable r
         JOIN journal_lines l ON l.organization_id = r.organization_id AND l.account_id = r.id
         JOIN journal_entries e ON e.organization_id = l.organization_id AND e.id = l.journal_entry_id
        WHERE e.status = 'posted'
        GROUP BY l.organization_id),
     open_items AS (
       SELECT organization_id, sum(amount) AS amount,
              sum(amount) FILTER (WHERE kind = 'invoices') AS invoices,
              sum(amount) FILTER (WHERE kind = 'unapplied payments') AS unapplied,
              sum(amount) FILTER (WHERE kind = 'credit notes') AS credit
         FROM (SELECT organization_id, 'invoices' AS kind, total - amount_paid - amount_credited AS amount
                 FROM invoices
                WHERE organization_id = ANY($1::uuid[]) AND status IN ('sent', 'paid')
               UNION ALL
               SELECT organization_id, 'unapplied payments', -unapplied_amount FROM payments_received
                WHERE organization_id = ANY($1::uuid[]) AND status = 'posted'
               UNION ALL
               SELECT organization_id, 'credit notes', -(total - amount_applied) FROM credit_notes
                WHERE organization_id = ANY($1::uuid[]) AND status = 'issued') AS items
        GROUP BY organization_id),
     compared AS (
       SELECT g.organization_id, r.id AS account_id, COALESCE(l.balance, 0.0000) AS ledger,
              COALESCE(l.manual, 0.0000) AS manual, COALESCE(i.amount, 0.0000) AS open,
              COALESCE(i.invoices, 0.0000) AS invoices, COALESCE(i.unapplied, 0.0000) AS unapplied,
              COALESCE(i.credit, 0.0000) AS credit
         FROM organization g
         LEFT JOIN receivable r ON r.organization_id = g.organization_id
         LEFT JOIN ledger l ON l.organization_id = g.organization_id
         LEFT JOIN open_items i ON i.organization_id = g.organization_id)
     SELECT organization_id::text AS organization_id, 'receivables_agree' AS invariant,
            'account' AS record_type, COALESCE(account_id, organization_id)::text AS record_id,
            '' AS record_number,
            CASE WHEN account_id IS NULL THEN 'the books have an Accounts Receivable account'
                 ELSE 'Accounts Receivable equals open invoices minus unapplied payments and credit' END AS rule,
            format('%s (invoices due %s, unapplied payments %s, remaining credit notes %s)', open, invoices,
                   unapplied, credit) AS expected,
            format('%s (of which %s from manual entries and their reversals)', ledger, manual) AS found
       FROM compared
      WHERE account_id IS NULL OR ledger <> open
      ORDER BY organization_id`,
    [organizationIds, RECEIVABLE_ROLE],
  );
}

/**
 * bill_agrees (D54, D55): each bill's amount_paid is the sum of its bill payments' applications, its
 * status says what is left due, and an opened bill has its entry crediting Accounts Payable with its
 * total (a void one, the reversal of that entry too).
 */
export const billViolations = documentCheck('bill_agrees', 'bill', 'bill b', {
  with: `${appliedSums('applied', 'bill_payment_applications', 'bill_id')},
     ${appliedSums('credited', 'vendor_credit_applications', 'bill_id')},
     ${controlLines('credit')},
     bill AS (
       SELECT b.organization_id, b.id, b.number, b.status, b.total, b.amount_paid, b.amount_credited,
              b.journal_entry_id, b.void_entry_id, COALESCE(ap.amount, 0.0000) AS applied,
              COALESCE(cr.amount, 0.0000) AS credits, e.reversed_by_entry_id AS reversed_by,
              COALESCE(o.credit, 0.0000) AS opened_credit, COALESCE(v.credit, 0.0000) AS void_credit
         ${ofDocuments('bills b', {
           'applied ap': 'bill_id',
           'credited cr': 'bill_id',
           ...THE_ENTRY,
           'control_lines o': ['journal_entry_id', 'journal_entry_id'],
           'control_lines v': ['journal_entry_id', 'void_entry_id'],
         })})`,
  rules: `
         ('amount_paid equals the sum of its applications', b.applied::text, b.amount_paid::text,
          b.amount_paid <> b.applied),
         ('amount_credited equals the sum of its vendor-credit applications', b.credits::text,
          b.amount_credited::text, b.amount_credited <> b.credits),
         ('an open bill has a balance due and a paid one none',
          format('status for %s paid and %s credited of %s', b.amount_paid, b.amount_credited, b.total), b.status,
          (b.status = 'open' AND b.amount_paid + b.amount_credited >= b.total)
            OR (b.status = 'paid' AND b.amount_paid + b.amount_credited <> b.total)),
         ('a draft or void bill has nothing applied', '0.0000',
          format('payments %s, vendor credits %s', b.applied, b.credits),
          b.status IN ('draft', 'void') AND (b.applied <> 0 OR b.credits <> 0)),
         ('a draft has no ledger entry', 'none', format('%s, %s', b.journal_entry_id, b.void_entry_id),
          b.status = 'draft' AND (b.journal_entry_id IS NOT NULL OR b.void_entry_id IS NOT NULL)),
         ('its entry credits Accounts Payable with the total', b.total::text, b.opened_credit::text,
          b.journal_entry_id IS NOT NULL AND b.opened_credit <> b.total),
         ('a void bill that was opened is reversed by its void entry', format('reversed by %s, debit %s', b.void_entry_id, b.total),
          format('reversed by %s, debit %s', b.reversed_by, -b.void_credit),
          b.status = 'void' AND b.journal_entry_id IS NOT NULL
            AND (b.reversed_by IS DISTINCT FROM b.void_entry_id OR -b.void_credit <> b.total)),
         ('only a void bill''s entry is reversed', 'not reversed', format('reversed by %s', b.reversed_by),
          b.status <> 'void' AND b.reversed_by IS NOT NULL)`,
  role: 'accounts_payable',
});

/**
 * bill_payment_agrees (D55): a posted bill payment is applied in full and its entry debits Accounts
 * Payable with its amount; a void one has no applications and its entry is reversed by its void entry.
 */
export const billPaymentViolations = documentCheck('bill_payment_agrees', 'bill_payment', 'payment p', {
  with: `${appliedSums('applied', 'bill_payment_applications', 'bill_payment_id')},
     ${controlLines('debit')},
     payment AS (
       SELECT p.organization_id, p.id, p.number, p.status, p.amount, COALESCE(ap.amount, 0.0000) AS applied,
              COALESCE(ap.applications, 0) AS applications, COALESCE(d.debit, 0.0000) AS payable_debit,
              e.reversed_by_entry_id AS reversed_by, p.void_entry_id
         ${ofDocuments('bill_payments p', {
           'applied ap': 'bill_payment_id',
           ...THE_ENTRY,
           'control_lines d': ['journal_entry_id', 'journal_entry_id'],
         })})`,
  rules: `
         ('a posted payment is applied in full', p.amount::text, p.applied::text,
          p.status = 'posted' AND p.applied <> p.amount),
         ('a void payment has no applications', '0', p.applications::text,
          p.status = 'void' AND p.applications <> 0),
         ('its entry debits Accounts Payable with the amount', p.amount::text, p.payable_debit::text,
          p.payable_debit <> p.amount),
         ('a void payment''s entry is reversed by its void entry, and only a void one''s',
          format('reversed by %s', p.void_entry_id), format('reversed by %s', p.reversed_by),
          p.reversed_by IS DISTINCT FROM p.void_entry_id)`,
  role: 'accounts_payable',
});

/**
 * deposit_agrees (D88): a deposit's amount is the sum of its payments (each at the payment's amount),
 * and its entry debits its bank account and credits Undeposited Funds with that sum, one credit line
 * per payment. A posted deposit's payments are posted payments into Undeposited Funds that name it,
 * and no payment is in two live deposits; a void deposit holds none, and its entry is reversed by its
 * void entry (only a void deposit's is).
 */
export const depositViolations = documentCheck('deposit_agrees', 'deposit', 'deposit d', {
  with: `undeposited AS (
       SELECT organization_id, id FROM accounts WHERE organization_id = ANY($1::uuid[]) AND system_role = $2),
     lines AS (
       SELECT dp.organization_id, dp.deposit_id, sum(dp.amount) AS amount, count(*) AS payments,
              count(*) FILTER (WHERE p.amount <> dp.amount) AS amounts_differ,
              count(*) FILTER (WHERE p.deposit_id IS DISTINCT FROM dp.deposit_id) AS not_naming,
              count(*) FILTER (WHERE p.status <> 'posted' OR p.deposit_account_id IS DISTINCT FROM u.id) AS not_undeposited
         FROM deposit_payments dp
         JOIN payments_received p ON p.organization_id = dp.organization_id AND p.id = dp.payment_id
         LEFT JOIN undeposited u ON u.organization_id = dp.organization_id
        WHERE dp.organization_id = ANY($1::uuid[])
        GROUP BY dp.organization_id, dp.deposit_id),
     live_lines AS (
       SELECT dp.organization_id, dp.deposit_id, dp.payment_id
         FROM deposit_payments dp
         JOIN deposits d ON d.organization_id = dp.organization_id AND d.id = dp.deposit_id
        WHERE dp.organization_id = ANY($1::uuid[]) AND d.status = 'posted'),
     shared AS (
       SELECT mine.organization_id, mine.deposit_id, count(*) AS payments
         FROM live_lines mine
         JOIN live_lines other ON other.organization_id = mine.organization_id
                              AND other.payment_id = mine.payment_id AND other.deposit_id <> mine.deposit_id
        GROUP BY mine.organization_id, mine.deposit_id),
     claimed AS (
       SELECT organization_id, deposit_id, count(*) AS payments FROM payments_received
        WHERE organization_id = ANY($1::uuid[]) AND deposit_id IS NOT NULL
        GROUP BY organization_id, deposit_id),
     entry_lines AS (
       SELECT d.organization_id, d.id AS deposit_id,
              COALESCE(sum(l.debit) FILTER (WHERE l.account_id = d.deposit_account_id), 0.0000) AS bank_debit,
              COALESCE(sum(l.credit) FILTER (WHERE l.account_id = u.id), 0.0000) AS undeposited_credit,
              count(*) FILTER (WHERE l.account_id = u.id AND l.credit > 0) AS undeposited_lines
         FROM deposits d
         JOIN journal_lines l ON l.organization_id = d.organization_id AND l.journal_entry_id = d.journal_entry_id
         LEFT JOIN undeposited u ON u.organization_id = d.organization_id
        WHERE d.organization_id = ANY($1::uuid[])
        GROUP BY d.organization_id, d.id),
     deposit AS (
       SELECT d.organization_id, d.id, d.number, d.status, d.amount, d.void_entry_id,
              COALESCE(ln.amount, 0.0000) AS payments_sum, COALESCE(ln.payments, 0) AS payments,
              COALESCE(ln.amounts_differ, 0) AS amounts_differ, COALESCE(ln.not_naming, 0) AS not_naming,
              COALESCE(ln.not_undeposited, 0) AS not_undeposited, COALESCE(sh.payments, 0) AS shared,
              COALESCE(cl.payments, 0) AS claimed, COALESCE(el.bank_debit, 0.0000) AS bank_debit,
              COALESCE(el.undeposited_credit, 0.0000) AS undeposited_credit,
              COALESCE(el.undeposited_lines, 0) AS undeposited_lines, e.status AS entry_status,
              e.source_type AS entry_source_type, e.source_id AS entry_source_id, e.total_debit AS entry_total,
              e.reversed_by_entry_id AS reversed_by
         ${ofDocuments('deposits d', {
           'lines ln': 'deposit_id',
           'shared sh': 'deposit_id',
           'claimed cl': 'deposit_id',
           'entry_lines el': 'deposit_id',
           ...THE_ENTRY,
         })})`,
  rules: `
         ('amount equals the sum of its payments, each at the payment''s amount',
          format('%s, 0 lines differing from their payment', d.amount),
          format('%s in %s payments, %s lines differing from their payment', d.payments_sum, d.payments,
                 d.amounts_differ),
          d.payments = 0 OR d.payments_sum <> d.amount OR d.amounts_differ > 0),
         ('the entry is the deposit''s posted entry', format('posted deposit entry of %s', d.id),
          format('%s %s entry of %s', d.entry_status, d.entry_source_type, d.entry_source_id),
          d.entry_status IS DISTINCT FROM 'posted' OR d.entry_source_type IS DISTINCT FROM 'deposit'
            OR d.entry_source_id IS DISTINCT FROM d.id),
         ('the entry debits the bank account and credits Undeposited Funds with the amount, one credit line per payment',
          format('bank debit %s, undeposited credit %s in %s lines, total_debit %s', d.amount, d.amount,
                 d.payments, d.amount),
          format('bank debit %s, undeposited credit %s in %s lines, total_debit %s', d.bank_debit,
                 d.undeposited_credit, d.undeposited_lines, d.entry_total),
          d.bank_debit <> d.amount OR d.undeposited_credit <> d.amount OR d.undeposited_lines <> d.payments
            OR d.entry_total IS DISTINCT FROM d.amount),
         ('a posted deposit''s payments are posted payments into Undeposited Funds that name it, and only they',
          format('%s payments naming it, 0 otherwise', d.payments),
          format('%s naming it; of its own, %s name another and %s are void or not into Undeposited Funds',
                 d.claimed, d.not_naming, d.not_undeposited),
          d.status = 'posted' AND (d.claimed <> d.payments OR d.not_naming > 0 OR d.not_undeposited > 0)),
         ('no payment is in two live deposits', '0 payments in another live deposit',
          format('%s payments in another live deposit', d.shared), d.status = 'posted' AND d.shared > 0),
         ('a void deposit holds no payment', '0 payments naming it', format('%s naming it', d.claimed),
          d.status = 'void' AND d.claimed <> 0),
         ('a void deposit''s entry is reversed by its void entry, and only a void one''s',
          format('reversed by %s', d.void_entry_id), format('reversed by %s', d.reversed_by),
          d.reversed_by IS DISTINCT FROM d.void_entry_id)`,
  role: 'undeposited_funds',
});

/**
 * payables_agree: the Accounts Payable balance (credit) equals what open and part-paid bills still owe
 * less the remaining credit of issued vendor credits (D87). Only bills, bill payments and vendor
 * credits post to it (manual journal lines are refused).
 */
export async function payablesViolations(db: Queryable, organizationIds: string[]): Promise<CheckRow[]> {
  return db.query<CheckRow>(
    `WITH ledger AS (
       SELECT l.organization_id, sum(l.credit - l.debit) AS balance
         FROM journal_lines l
         JOIN accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
         JOIN journal_entries e ON e.organization_id = l.organization_id AND e.id = l.journal_entry_id
        WHERE l.organization_id = ANY($1::uuid[]) AND a.system_role = 'accounts_payable' AND e.status = 'posted'
        GROUP BY l.organization_id),
     owed AS (
       SELECT organization_id, sum(amount) AS amount
         FROM (SELECT organization_id, total - amount_paid - amount_credited AS amount FROM bills
                WHERE organization_id = ANY($1::uuid[]) AND status IN ('open', 'paid')
               UNION ALL
               SELECT organization_id, -(total - amount_applied) FROM vendor_credits
                WHERE organization_id = ANY($1::uuid[]) AND status = 'issued') AS items
        GROUP BY organization_id),
     compared AS (
       SELECT o.id AS organization_id, COALESCE(l.balance, 0.0000) AS ledger, COALESCE(w.amount, 0.0000) AS owed
         FROM organizations o
         LEFT JOIN ledger l ON l.organization_id = o.id
         LEFT JOIN owed w ON w.organization_id = o.id
        WHERE o.id = ANY($1::uuid[]))
     SELECT organization_id::text AS organization_id, 'payables_agree' AS invariant, 'account' AS record_type,
            organization_id::text AS record_id, '' AS record_number,
            'Accounts Payable equals what open bills still owe less remaining vendor credit' AS rule,
            owed::text AS expected, ledger::text AS found
       FROM compared WHERE ledger <> owed ORDER BY 1`,
    [organizationIds],
  );
}

/**
 * stock_agrees (D49): an item's quantity on hand and inventory value are the sums of its movements,
 * and its last movement's running totals are the item's.
 */
export async function stockViolations(db: Queryable, organizationIds: string[]): Promise<CheckRow[]> {
  return db.query<CheckRow>(
    `WITH sums AS (
       SELECT organization_id, item_id, sum(quantity) AS quantity, sum(value) AS value
         FROM stock_movements WHERE organization_id = ANY($1::uuid[]) GROUP BY organization_id, item_id),
     last AS (
       SELECT DISTINCT ON (organization_id, item_id) organization_id, item_id, quantity_after, value_after
         FROM stock_movements WHERE organization_id = ANY($1::uuid[])
        ORDER BY organization_id, item_id, created_at DESC, id DESC),
     compared AS (
       SELECT i.organization_id, i.id, i.quantity_on_hand, i.inventory_value,
              COALESCE(s.quantity, 0) AS moved_quantity, COALESCE(s.value, 0) AS moved_value,
              COALESCE(l.quantity_after, 0) AS last_quantity, COALESCE(l.value_after, 0) AS last_value
         FROM items i
         LEFT JOIN sums s ON s.organization_id = i.organization_id AND s.item_id = i.id
         LEFT JOIN last l ON l.organization_id = i.organization_id AND l.item_id = i.id
        WHERE i.organization_id = ANY($1::uuid[]))
     SELECT organization_id::text AS organization_id, 'stock_agrees' AS invariant, 'item' AS record_type,
            id::text AS record_id, '' AS record_number,
            'quantity on hand and inventory value equal the sums of the movements and the last movement''s totals' AS rule,
            format('%s units worth %s (last movement: %s, %s)', moved_quantity, moved_value, last_quantity, last_value)
              AS expected,
            format('%s units worth %s', quantity_on_hand, inventory_value) AS found
       FROM compared
      WHERE quantity_on_hand <> moved_quantity OR inventory_value <> moved_value
         OR quantity_on_hand <> last_quantity OR inventory_value <> last_value
      ORDER BY 1, 4`,
    [organizationIds],
  );
}

/**
 * stock_accounts_agree (D86): each inventory account's balance (an account of detail type inventory,
 * or one an item carries its stock in) equals the value of the items held in it, so stock value moves
 * only with stock. Balances come from the balance summary, which ledger_balances checks against the
 * lines.
 */
export async function stockAccountViolations(db: Queryable, organizationIds: string[]): Promise<CheckRow[]> {
  return db.query<CheckRow>(
    `WITH held AS (
       SELECT organization_id, inventory_asset_account_id AS account_id, sum(inventory_value) AS value
         FROM items WHERE organization_id = ANY($1::uuid[]) AND inventory_asset_account_id IS NOT NULL
        GROUP BY organization_id, inventory_asset_account_id),
     stock_accounts AS (
       SELECT organization_id, id AS account_id FROM accounts
        WHERE organization_id = ANY($1::uuid[]) AND detail_type = 'inventory'
       UNION
       SELECT organization_id, account_id FROM held),
     booked AS (
       SELECT b.organization_id, b.account_id, sum(b.debit - b.credit) AS balance
         FROM account_balances b
         JOIN stock_accounts s ON s.organization_id = b.organization_id AND s.account_id = b.account_id
        WHERE b.organization_id = ANY($1::uuid[])
        GROUP BY b.organization_id, b.account_id),
     compared AS (
       SELECT s.organization_id, s.account_id, COALESCE(b.balance, 0.0000) AS ledger,
              COALESCE(h.value, 0.0000) AS stock
         FROM stock_accounts s
         LEFT JOIN booked b ON b.organization_id = s.organization_id AND b.account_id = s.account_id
         LEFT JOIN held h ON h.organization_id = s.organization_id AND h.account_id = s.account_id)
     SELECT c.organization_id::text AS organization_id, 'stock_accounts_agree' AS invariant,
            'account' AS record_type, c.account_id::text AS record_id, a.number AS record_number,
            'an inventory account''s balance equals the value of the items held in it' AS rule,
            c.stock::text AS expected, c.ledger::text AS found
       FROM compared c
       JOIN accounts a ON a.organization_id = c.organization_id AND a.id = c.account_id
      WHERE c.ledger <> c.stock AND a.organization_id = ANY($1::uuid[])
      ORDER BY 1, 4`,
    [organizationIds],
  );
}

/** The priced documents whose lines keep their tax per rate (D90): document table, lines, taxes. */
const TAXED_DOCUMENTS = [
  {
    type: 'invoice',
    table: 'invoices',
    lines: 'invoice_lines',
    taxes: 'invoice_line_taxes',
    parent: 'invoice_id',
  },
  {
    type: 'credit_note',
    table: 'credit_notes',
    lines: 'credit_note_lines',
    taxes: 'credit_note_line_taxes',
    parent: 'credit_note_id',
  },
  { type: 'bill', table: 'bills', lines: 'bill_lines', taxes: 'bill_line_taxes', parent: 'bill_id' },
  {
    type: 'vendor_credit',
    table: 'vendor_credits',
    lines: 'vendor_credit_lines',
    taxes: 'vendor_credit_line_taxes',
    parent: 'vendor_credit_id',
  },
];

/**
 * line_taxes_agree (D90): a priced line's tax per rate is what it posts from, so it must say what the
 * line says: rows exactly when the line names a tax rate or a tax group, one row of that rate for a
 * rate, and the rows summing to the line's tax_amount.
 */
export async function lineTaxViolations(db: Queryable, organizationIds: string[]): Promise<CheckRow[]> {
  const perKind = TAXED_DOCUMENTS.map(
    (kind) => `SELECT l.organization_id, '${kind.type}' AS record_type, l.${kind.parent} AS record_id,
              d.number AS record_number, l.line_no, l.tax_rate_id, l.tax_group_id, l.tax_amount,
              COALESCE(t.rows, 0) AS rows, COALESCE(t.amount, 0) AS taxed, t.rate_id
         FROM ${kind.lines} l
         JOIN ${kind.table} d ON d.organization_id = l.organization_id AND d.id = l.${kind.parent}
         LEFT JOIN (
           SELECT organization_id, ${kind.parent}, line_no, count(*) AS rows, sum(amount) AS amount,
                  min(tax_rate_id::text) AS rate_id
             FROM ${kind.taxes} WHERE organization_id = ANY($1::uuid[])
            GROUP BY organization_id, ${kind.parent}, line_no) t
           ON t.organization_id = l.organization_id AND t.${kind.parent} = l.${kind.parent} AND t.line_no = l.line_no
        WHERE l.organization_id = ANY($1::uuid[]) AND d.organization_id = ANY($1::uuid[])`,
  );
  return db.query<CheckRow>(
    `WITH lines AS (
       ${perKind.join('\n       UNION ALL\n       ')})
     SELECT organization_id::text AS organization_id, 'line_taxes_agree' AS invariant, record_type,
            record_id::text AS record_id, COALESCE(record_number, '') AS record_number,
            format('line %s''s tax per rate: rows only for a tax rate (one, of that rate) or a tax group, summing to its tax', line_no)
              AS rule,
            format('%s, %s', CASE WHEN tax_rate_id IS NOT NULL THEN 'one row of ' || tax_rate_id
                                  WHEN tax_group_id IS NOT NULL THEN 'rows of group ' || tax_group_id
                                  ELSE 'no rows' END, tax_amount) AS expected,
            format('%s rows, %s', rows, taxed) AS found
       FROM lines
      WHERE taxed <> tax_amount
         OR (tax_rate_id IS NULL AND tax_group_id IS NULL AND rows <> 0)
         OR (tax_rate_id IS NOT NULL AND (rows <> 1 OR rate_id <> tax_rate_id::text))
         OR (tax_group_id IS NOT NULL AND rows = 0)
      ORDER BY 1, 3, 4`,
    [organizationIds],
  );
}

/** A numbered document family: its counter in `sequences` and where its numbers are stored. */
export interface NumberedTable {
  sequence: string;
  prefix: string;
  table: string;
  column: string;
}

/**
 * numbers_gapless (D21): every value from 1 to the counter's last has its number, once. The
 * series is as long as the counter, so the cost follows the documents; the lookups use the
 * (organization_id, number) unique index. Numbers a client chose beyond the counter are not gaps.
 */
export async function numberViolations(
  db: Queryable,
  organizationIds: string[],
  numbered: NumberedTable,
): Promise<CheckRow[]> {
  const { table, column } = numbered;
  return db.query<CheckRow>(
    `WITH wanted AS (
       SELECT s.organization_id, g.value,
              $3 || CASE WHEN length(g.value::text) >= 6 THEN g.value::text ELSE lpad(g.value::text, 6, '0') END
                AS number
         FROM sequences s, generate_series(1::bigint, s.next_value - 1) AS g(value)
        WHERE s.organization_id = ANY($1::uuid[]) AND s.name = $2),
     missing AS (
       SELECT w.organization_id, count(*) AS gaps, (array_agg(w.number ORDER BY w.value))[1:5] AS first
         FROM wanted w
        WHERE NOT EXISTS (SELECT 1 FROM ${table} d
                           WHERE d.organization_id = w.organization_id AND d.${column} = w.number)
        GROUP BY w.organization_id),
     counters AS (
       SELECT organization_id, next_value FROM sequences WHERE organization_id = ANY($1::uuid[]) AND name = $2),
     duplicates AS (
       SELECT organization_id, ${column} AS number, count(*) AS copies FROM ${table}
        WHERE organization_id = ANY($1::uuid[]) AND ${column} IS NOT NULL
        GROUP BY organization_id, ${column} HAVING count(*) > 1)
     SELECT m.organization_id::text AS organization_id, 'numbers_gapless' AS invariant, 'sequence' AS record_type,
            m.organization_id::text AS record_id, $2 AS record_number,
            format('every %s number from 1 to the counter''s last (%s) exists', $3, c.next_value - 1) AS rule,
            format('%s numbers', c.next_value - 1) AS expected,
            format('%s missing, first %s', m.gaps, array_to_string(m.first, ', ')) AS found
       FROM missing m JOIN counters c ON c.organization_id = m.organization_id
     UNION ALL
     SELECT organization_id::text, 'numbers_gapless', 'sequence', organization_id::text, $2,
            format('each %s number is used once', $3), '1', format('%s copies of %s', copies, number)
       FROM duplicates
      ORDER BY 1`,
    [organizationIds, numbered.sequence, numbered.prefix],
  );
}

/** The versioned records of the change feed (D32): every entity type (EntityType) and the table that holds it. */
export const FEED_TABLES: Record<EntityType, string> = {
  account: 'accounts',
  customer: 'customers',
  ar_invoice: 'invoices',
  payment_received: 'payments_received',
  credit_note: 'credit_notes',
  journal_entry: 'journal_entries',
  tax_rate: 'tax_rates',
  tax_group: 'tax_groups',
  tracking_category: 'tracking_categories',
  tracking_option: 'tracking_options',
  item: 'items',
  inventory_adjustment: 'inventory_adjustments',
  vendor: 'vendors',
  bill: 'bills',
  bill_payment: 'bill_payments',
  vendor_credit: 'vendor_credits',
  deposit: 'deposits',
  bank_transaction: 'bank_transactions',
  bank_reconciliation: 'bank_reconciliations',
};

/**
 * Records whose version 1 is the books' starting state rather than a change: the seeded chart is
 * written with the organization, before its feed starts (sign-up writes no change records), so a
 * seeded account's change records start at version 2. See docs/architecture.md.
 */
const SEEDED: Record<string, string> = { account: 'is_system' };

/**
 * change_records (D32): a record at version v has exactly one change record for each version 1..v,
 * the first `created` (a seeded account: 2..v); a record that is gone has a `deleted` record as its
 * last. One grouped pass over the organizations' change records, joined to each versioned table.
 */
export async function changeRecordViolations(db: Queryable, organizationIds: string[]): Promise<CheckRow[]> {
  const types = Object.keys(FEED_TABLES);
  const records = Object.entries(FEED_TABLES)
    .map(
      ([type, table]) =>
        `SELECT organization_id, '${type}' AS entity_type, id, version, ${SEEDED[type] ?? 'false'} AS seeded
           FROM ${table} WHERE organization_id = ANY($1::uuid[])`,
    )
    .join('\n UNION ALL ');
  return db.query<CheckRow>(
    `WITH feed AS (
       SELECT organization_id, entity_type, entity_id, count(*) AS n,
              count(DISTINCT entity_version) AS versions, min(entity_version) AS first_version,
              max(entity_version) AS last_version,
              count(*) FILTER (WHERE operation = 'created' AND entity_version = 1) AS created,
              count(*) FILTER (WHERE operation = 'deleted') AS deleted,
              max(entity_version) FILTER (WHERE operation = 'deleted') AS deleted_version
         FROM changes
        WHERE organization_id = ANY($1::uuid[]) AND entity_type = ANY($2::text[])
        GROUP BY organization_id, entity_type, entity_id),
     records AS (${records}),
     compared AS (
       SELECT COALESCE(r.organization_id, f.organization_id) AS organization_id,
              COALESCE(r.entity_type, f.entity_type) AS entity_type, COALESCE(r.id, f.entity_id) AS id,
              r.version, COALESCE(r.seeded, false) AS seeded, f.n, f.versions, f.first_version, f.last_version,
              f.created, f.deleted, f.deleted_version
         FROM records r
         FULL JOIN feed f
           ON f.organization_id = r.organization_id AND f.entity_type = r.entity_type AND f.entity_id = r.id)
     SELECT organization_id::text AS organization_id, 'change_records' AS invariant, entity_type AS record_type,
            id::text AS record_id, '' AS record_number,
            CASE WHEN version IS NULL
                   THEN 'a record that is gone has one change record per version, the last deleted'
                 WHEN seeded
                   THEN 'a seeded record at version v has one change record for each version 2..v'
                 ELSE 'a record at version v has one change record for each version 1..v, the first created' END
              AS rule,
            CASE WHEN version IS NULL THEN format('versions 1..%s, the last deleted', last_version)
                 WHEN seeded THEN format('%s records, versions 2..%s', version - 1, version)
                 ELSE format('%s records, versions 1..%s, created first', version, version) END AS expected,
            CASE WHEN n IS NULL THEN 'no change records'
                 ELSE format('%s records, %s versions from %s to %s, %s created, %s deleted', n, versions,
                             first_version, last_version, created, deleted) END AS found
       FROM compared
      WHERE CASE
              WHEN version IS NULL
                THEN NOT (n = versions AND first_version = 1 AND versions = last_version AND created = 1
                          AND deleted = 1 AND deleted_version = last_version)
              WHEN seeded AND version = 1 THEN n IS NOT NULL
              WHEN seeded
                THEN n IS NULL OR NOT (n = versions AND first_version = 2 AND versions = last_version - 1
                                       AND last_version = version AND created = 0 AND deleted = 0)
              ELSE n IS NULL OR NOT (n = versions AND first_version = 1 AND versions = last_version
                                     AND last_version = version AND created = 1 AND deleted = 0)
            END
      ORDER BY 1, 3, 4`,
    [organizationIds, types],
  );
}

/**
 * How many organizations one check statement may take: on Citus one (D79), since a set of them spans
 * shards, which the checks' GROUPING SETS and the single-shard rule refuse; unbounded elsewhere.
 */
export async function organizationsPerStatementMax(db: Queryable): Promise<number> {
  const [row] = await db.query<{ citus: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') AS citus",
  );
  return row?.citus ? 1 : Number.POSITIVE_INFINITY;
}

/**
 * The check statements of one organization as Citus routes them (D79): every `organization_id =
 * ANY($1::uuid[])` of a statement becomes `organization_id = $1::uuid`, with the one id as $1. Citus
 * runs a statement with CTEs and GROUPING SETS only when it routes to one shard, and it routes on an
 * equality with the distribution column, not on an array. Other handles and batches pass through.
 */
export function oneOrganizationStatements(db: Queryable): Queryable {
  return {
    query: (sql, params) => {
      const first = params?.[0];
      if (!params || !Array.isArray(first) || first.length !== 1) return db.query(sql, params);
      return db.query(sql.replaceAll('= ANY($1::uuid[])', '= $1::uuid'), [
        String(first[0]),
        ...params.slice(1),
      ]);
    },
  };
}

/** The organizations to check, oldest first; with `organizationId`, that one if it exists. */
export async function organizationsToCheck(db: Queryable, organizationId?: string): Promise<string[]> {
  // Two statements, not an optional filter: on Citus one organization's is routed to its shard.
  const rows =
    organizationId === undefined
      ? await db.query<{ id: string }>('SELECT id::text AS id FROM organizations ORDER BY created_at, id')
      : await db.query<{ id: string }>('SELECT id::text AS id FROM organizations WHERE id = $1::uuid', [
          organizationId,
        ]);
  return rows.map((row) => row.id);
}

/**
 * bank_transaction_agrees (D78): a matched bank transaction's matched ledger lines sum to its amount,
 * each lies on its bank account, in a posted entry that is not reversed, and records the line's own
 * effect (debit minus credit) and entry (the void guard finds a document's matches by it); a
 * transaction that is not matched has no matched lines. A
 * bank_reference imported twice for one account, or a ledger line matched twice, is reported too
 * (the unique keys of migration 0016 forbid both; this names it should a key ever be dropped). An
 * entry created from a bank line (D74 spend, receive, transfer: source type bank_transaction) names
 * a bank transaction of these books and moves its bank account by exactly its amount. One pass over
 * the matches and their lines, one over the transactions, one over the bank_transaction entries
 * (through the source index of journal entries).
 */
export async function bankViolations(db: Queryable, organizationIds: string[]): Promise<CheckRow[]> {
  return db.query<CheckRow>(
    `WITH sums AS (
       SELECT m.organization_id, m.bank_transaction_id, sum(m.amount) AS matched, count(*) AS n,
              count(*) FILTER (WHERE l.account_id IS DISTINCT FROM t.account_id) AS off_account,
              count(*) FILTER (WHERE l.id IS NULL OR (l.debit - l.credit) <> m.amount
                                  OR m.journal_entry_id IS DISTINCT FROM l.journal_entry_id) AS wrong_amount,
              count(*) FILTER (WHERE e.status IS DISTINCT FROM 'posted' OR e.reversed_by_entry_id IS NOT NULL
                                  OR e.reverses_entry_id IS NOT NULL) AS not_posted
         FROM bank_matches m
         JOIN bank_transactions t
           ON t.organization_id = ANY($1::uuid[]) AND t.organization_id = m.organization_id AND t.id = m.bank_transaction_id
         LEFT JOIN journal_lines l
           ON l.organization_id = ANY($1::uuid[]) AND l.organization_id = m.organization_id AND l.id = m.journal_line_id
         LEFT JOIN journal_entries e
           ON e.organization_id = ANY($1::uuid[]) AND e.organization_id = l.organization_id AND e.id = l.journal_entry_id
        WHERE m.organization_id = ANY($1::uuid[])
        GROUP BY m.organization_id, m.bank_transaction_id),
     found AS (
       SELECT t.organization_id, 'bank_transaction_agrees' AS invariant, 'bank_transaction' AS record_type,
              t.id AS record_id, t.bank_reference AS record_number,
              CASE WHEN t.status <> 'matched'
                     THEN 'a bank transaction that is not matched has no matched ledger lines'
                   ELSE 'a matched bank transaction''s lines sum to its amount, lie on its account, are posted and not reversed' END
                AS rule,
              CASE WHEN t.status <> 'matched' THEN format('no matched lines (status %s)', t.status)
                   ELSE format('lines summing to %s on its account, posted', t.amount) END AS expected,
              format('%s lines summing to %s; %s on another account, %s with another amount or entry, %s not posted or reversed',
                     COALESCE(s.n, 0), COALESCE(s.matched, 0.0000), COALESCE(s.off_account, 0),
                     COALESCE(s.wrong_amount, 0), COALESCE(s.not_posted, 0)) AS found
         FROM bank_transactions t
         LEFT JOIN sums s ON s.organization_id = t.organization_id AND s.bank_transaction_id = t.id
        WHERE t.organization_id = ANY($1::uuid[])
          AND CASE WHEN t.status = 'matched'
                     THEN s.n IS NULL OR s.matched <> t.amount OR s.off_account > 0 OR s.wrong_amount > 0
                          OR s.not_posted > 0
                   ELSE s.n IS NOT NULL END
       UNION ALL
       SELECT organization_id, 'bank_transaction_agrees', 'bank_account', account_id, bank_reference,
              'a bank_reference is imported once per bank account', '1 bank transaction',
              format('%s bank transactions', count(*))
         FROM bank_transactions WHERE organization_id = ANY($1::uuid[])
        GROUP BY organization_id, account_id, bank_reference HAVING count(*) > 1
       UNION ALL
       SELECT organization_id, 'bank_transaction_agrees', 'journal_line', journal_line_id, '',
              'a ledger line is matched to one bank transaction at most', '1 match', format('%s matches', count(*))
         FROM bank_matches WHERE organization_id = ANY($1::uuid[])
        GROUP BY organization_id, journal_line_id HAVING count(*) > 1
       UNION ALL
       SELECT e.organization_id, 'bank_transaction_agrees', 'journal_entry', e.id, e.entry_number,
              'an entry created from a bank line (source type bank_transaction) names a bank transaction of these books and moves its bank account by its amount',
              format('lines moving account %s by %s', t.account_id, t.amount),
              CASE WHEN t.id IS NULL THEN format('source %s is no bank transaction of these books', e.source_id)
                   ELSE format('lines moving it by %s', COALESCE(b.moved, 0.0000)) END
         FROM journal_entries e
         LEFT JOIN bank_transactions t
           ON t.organization_id = ANY($1::uuid[]) AND t.organization_id = e.organization_id AND t.id = e.source_id
         LEFT JOIN LATERAL (
           SELECT sum(l.debit - l.credit) AS moved FROM journal_lines l
            WHERE l.organization_id = ANY($1::uuid[]) AND l.organization_id = e.organization_id
              AND l.journal_entry_id = e.id AND l.account_id = t.account_id) b
           ON true
        WHERE e.organization_id = ANY($1::uuid[]) AND e.source_type = 'bank_transaction'
          AND (t.id IS NULL OR b.moved IS DISTINCT FROM t.amount))
     SELECT ${ROW} FROM found`,
    [organizationIds],
  );
}

/**
 * bank_reconciliation_agrees (D78): each stored reconciliation still holds. Its cleared balance equals
 * its statement balance, and both equal what it froze: its opening balance plus the matches of the
 * transactions it and the account's earlier reconciliations (by statement date, then when stored)
 * reconciled, a cumulative sum over the account's reconciliations. Each transaction it holds is on
 * its account, matched and dated on or before its statement date, and it holds as many as it says.
 * One pass over the reconciled transactions with their matches, one over the reconciliations.
 */
export async function reconciliationViolations(
  db: Queryable,
  organizationIds: string[],
): Promise<CheckRow[]> {
  return db.query<CheckRow>(
    `WITH matched AS (
       SELECT organization_id, bank_transaction_id, sum(amount) AS amount
         FROM bank_matches WHERE organization_id = ANY($1::uuid[])
        GROUP BY organization_id, bank_transaction_id),
     held AS (
       SELECT t.organization_id, t.reconciliation_id, count(*) AS n, COALESCE(sum(m.amount), 0.0000) AS matched,
              count(*) FILTER (WHERE t.account_id <> r.account_id OR t.txn_date > r.statement_date
                                  OR t.status <> 'matched' OR m.amount IS NULL) AS misplaced
         FROM bank_transactions t
         JOIN bank_reconciliations r ON r.organization_id = t.organization_id AND r.id = t.reconciliation_id
         LEFT JOIN matched m ON m.organization_id = t.organization_id AND m.bank_transaction_id = t.id
        WHERE t.organization_id = ANY($1::uuid[]) AND t.reconciliation_id IS NOT NULL
        GROUP BY t.organization_id, t.reconciliation_id),
     recs AS (
       SELECT r.organization_id, r.id, r.statement_date, r.statement_balance, r.cleared_balance, r.opening_balance,
              r.transactions_reconciled, COALESCE(h.n, 0) AS n, COALESCE(h.misplaced, 0) AS misplaced,
              r.opening_balance + sum(COALESCE(h.matched, 0.0000)) OVER (
                PARTITION BY r.organization_id, r.account_id ORDER BY r.statement_date, r.created_at, r.id) AS recomputed
         FROM bank_reconciliations r
         LEFT JOIN held h ON h.organization_id = r.organization_id AND h.reconciliation_id = r.id
        WHERE r.organization_id = ANY($1::uuid[]))
     SELECT organization_id::text AS organization_id, 'bank_reconciliation_agrees' AS invariant,
            'bank_reconciliation' AS record_type, id::text AS record_id, statement_date::text AS record_number,
            'a reconciliation''s cleared balance (its opening balance plus the matches of the transactions it and the account''s earlier reconciliations hold) equals its statement balance; it holds its count of matched transactions of its account dated on or before its statement date' AS rule,
            format('cleared %s = statement %s; %s transactions, none misplaced', statement_balance, statement_balance,
                   transactions_reconciled) AS expected,
            format('cleared %s (stored %s); %s transactions, %s on another account, unmatched or dated after',
                   recomputed, cleared_balance, n, misplaced) AS found
       FROM recs
      WHERE recomputed <> statement_balance OR cleared_balance <> statement_balance
         OR n <> transactions_reconciled OR misplaced > 0`,
    [organizationIds],
  );
}
