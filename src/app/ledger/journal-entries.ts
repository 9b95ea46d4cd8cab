// Journal entries (spec "Journal entry", D21, D27): drafts, posting, reversal, and the posting
// primitive that invoices and payments reuse. Posted entries are never changed (ledger is append-only).
import { randomUUID } from 'node:crypto';
import { DOCUMENT_KEPT_ROLES } from '../../domain/chart.ts';
import { isCalendarDate } from '../../domain/dates.ts';
import { DomainError, fieldError, invalidState, notFound } from '../../domain/errors.ts';
import {
  assertBalanced,
  buildJournalLines,
  type JournalLine,
  type JournalLineInput,
  reversedLines,
} from '../../domain/journal.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { allocateNumberSql } from '../numbering.ts';
import { assertOpenPeriodDate } from '../organizations/organizations.ts';
import { keysetClause, PAGE_SIZE, type PageCursor, toPage } from '../pagination.ts';
import { assertVersion } from '../versions.ts';
import { balanceUpsertCte, refuseDayTotalOverflow } from './balances.ts';
import { isoTimestamp, isUuid } from './sql.ts';

export const ENTITY = 'journal_entry';

/** Entries a person posts (and reverses) through /journal-entries. */
export const MANUAL_SOURCE_TYPES = ['manual', 'reversal'] as const;

/**
 * D63: entries a document posts, with the document that owns each and the action that changes it.
 * Such an entry changes only through its document: a reversal of it is refused. A source type not
 * listed here and not manual is refused too (the rule is general).
 */
const DOCUMENT_SOURCES = {
  invoice: { table: 'invoices', label: 'invoice', action: 'void the invoice instead' },
  invoice_void: {
    table: 'invoices',
    label: 'the void of invoice',
    action: 'a void is final; issue a new invoice instead',
  },
  payment_received: { table: 'payments_received', label: 'payment', action: 'void the payment instead' },
} as const;

/** Every source_type an entry may carry (the list filter accepts these only). */
export const SOURCE_TYPES = [
  ...MANUAL_SOURCE_TYPES,
  ...(Object.keys(DOCUMENT_SOURCES) as (keyof typeof DOCUMENT_SOURCES)[]),
];

interface EntryRow {
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

interface LineRow {
  journal_entry_id: string;
  line_no: number;
  account_id: string;
  account_number: string;
  account_name: string;
  account_is_active: boolean;
  account_system_role: string | null;
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

async function linesOf(db: Queryable, organizationId: string, entryIds: string[]) {
  const rows = await db.query<LineRow>(
    `SELECT l.journal_entry_id, l.line_no, l.account_id, a.number AS account_number, a.name AS account_name,
            a.is_active AS account_is_active, a.system_role AS account_system_role, l.description, l.debit::text AS debit, l.credit::text AS credit, l.tracking_options::text[] AS tracking_options
       FROM journal_lines l JOIN accounts a ON a.organization_id = l.organization_id AND a.id = l.account_id
      WHERE l.organization_id = $1 AND l.journal_entry_id = ANY($2::uuid[])
      ORDER BY l.journal_entry_id, l.line_no`,
    [organizationId, entryIds],
  );
  const byEntry = new Map<string, LineRow[]>();
  for (const row of rows) {
    const list = byEntry.get(row.journal_entry_id) ?? [];
    list.push(row);
    byEntry.set(row.journal_entry_id, list);
  }
  return byEntry;
}

function describeEntry(row: EntryRow, lines: LineRow[]) {
  return {
    id: row.id,
    entry_number: row.entry_number,
    txn_date: row.txn_date,
    memo: row.memo,
    status: row.status,
    source_type: row.source_type,
    source_id: row.source_id,
    reverses_entry: row.reverses_entry_id,
    reversed_by_entry: row.reversed_by_entry_id,
    currency: row.currency,
    total_debit: row.total_debit,
    total_credit: row.total_credit,
    lines: lines.map((line) => ({
      account: line.account_id,
      account_number: line.account_number,
      account_name: line.account_name,
      description: line.description,
      debit: line.debit,
      credit: line.credit,
      tracking_options: line.tracking_options,
    })),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    posted_at: row.posted_at,
  };
}
export type JournalEntryView = ReturnType<typeof describeEntry>;

async function findEntry(db: Queryable, organizationId: string, id: string, lock = false) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<EntryRow>(
    `${ENTRY_SELECT} WHERE organization_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [organizationId, id],
  );
  return row;
}

export async function readEntry(
  db: Queryable,
  organizationId: string,
  id: string,
): Promise<JournalEntryView> {
  const row = await findEntry(db, organizationId, id);
  if (!row) throw notFound('journal entry');
  const lines = await linesOf(db, organizationId, [id]);
  return describeEntry(row, lines.get(id) ?? []);
}

export interface EntryFilters {
  source_type?: string;
  source_id?: string;
  status?: string;
  txn_date_from?: string;
  txn_date_to?: string;
}

export async function listEntries(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: EntryFilters,
) {
  const organizationId = actor.organization.id;
  if (filters.source_id !== undefined && !isUuid(filters.source_id)) {
    throw fieldError('query/source_id', 'must be a UUID');
  }
  const keyset = keysetClause(cursor, 7);
  const rows = await deps.db.query<EntryRow>(
    `${ENTRY_SELECT} WHERE organization_id = $1
        AND ($2::text IS NULL OR source_type = $2) AND ($3::uuid IS NULL OR source_id = $3)
        AND ($4::text IS NULL OR status = $4)
        AND ($5::date IS NULL OR txn_date >= $5) AND ($6::date IS NULL OR txn_date <= $6)
        AND ${keyset.condition}
      ORDER BY ${keyset.order} LIMIT ${PAGE_SIZE + 1}`,
    [
      organizationId,
      filters.source_type ?? null,
      filters.source_id ?? null,
      filters.status ?? null,
      filters.txn_date_from ?? null,
      filters.txn_date_to ?? null,
      ...keyset.params,
    ],
  );
  const page = toPage(organizationId, rows, cursor);
  const lines = await linesOf(
    deps.db,
    organizationId,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => describeEntry(row, lines.get(row.id) ?? [])) };
}

function assertTxnDate(scope: WriteScope, date: string, path = 'txn_date') {
  if (!isCalendarDate(date)) throw fieldError(path, 'must be a calendar date YYYY-MM-DD');
  assertOpenPeriodDate(scope.actor.organization, date, path);
}

interface LineAccount {
  id: string;
  number: string;
  name: string;
  is_active: boolean;
  system_role: string | null;
}

/**
 * Every line's account must exist in these books and be active; tracking options must exist.
 * Returns the accounts by id, for a response that names them.
 */
export async function assertLineAccounts(
  scope: WriteScope,
  lines: JournalLine[],
  pathPrefix = 'lines',
): Promise<Map<string, LineAccount>> {
  const ids = [...new Set(lines.map((line) => line.accountId))];
  const found = await scope.tx.query<LineAccount>(
    'SELECT id, number, name, is_active, system_role FROM accounts WHERE organization_id = $1 AND id = ANY($2::uuid[])',
    [scope.actor.organization.id, ids.filter(isUuid)],
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  lines.forEach((line, index) => {
    const account = byId.get(line.accountId);
    if (!account) throw fieldError(`${pathPrefix}/${index}/account`, 'no such account in these books');
    assertActive(account.is_active, pathPrefix, index);
    assertNotDocumentKept(account, pathPrefix, index);
  });
  await assertTrackingOptions(scope, lines, pathPrefix);
  return byId;
}

function assertActive(isActive: boolean, pathPrefix: string, index: number) {
  if (!isActive) throw fieldError(`${pathPrefix}/${index}/account`, 'the account is inactive');
}

/** Accounts Receivable moves only with invoices and payments (DOCUMENT_KEPT_ROLES says why). */
function assertNotDocumentKept(
  account: { number: string; system_role: string | null },
  pathPrefix: string,
  index: number,
) {
  if (account.system_role === null || !DOCUMENT_KEPT_ROLES.has(account.system_role)) return;
  throw fieldError(
    `${pathPrefix}/${index}/account`,
    `account ${account.number} is kept by invoices and payments; record the invoice, payment or void instead of a journal line`,
  );
}

/** Tracking options must exist, be active and name at most one option per category (D28). */
export async function assertTrackingOptions(
  scope: WriteScope,
  lines: Pick<JournalLine, 'trackingOptionIds'>[],
  pathPrefix: string,
) {
  const ids = [...new Set(lines.flatMap((line) => line.trackingOptionIds))];
  if (ids.length === 0) return;
  const found = await scope.tx.query<{ id: string; category_id: string }>(
    `SELECT id, category_id FROM tracking_options
      WHERE organization_id = $1 AND id = ANY($2::uuid[]) AND is_active`,
    [scope.actor.organization.id, ids.filter(isUuid)],
  );
  const categoryOf = new Map(found.map((row) => [row.id, row.category_id]));
  lines.forEach((line, index) => {
    const seen = new Set<string>();
    line.trackingOptionIds.forEach((optionId, optionIndex) => {
      const path = `${pathPrefix}/${index}/tracking_options/${optionIndex}`;
      const category = categoryOf.get(optionId);
      if (!category) throw fieldError(path, 'no such active tracking option in these books');
      if (seen.has(category)) throw fieldError(path, 'at most one option per tracking category');
      seen.add(category);
    });
  });
}

async function insertLines(scope: WriteScope, entryId: string, lines: JournalLine[]) {
  const insert = linesInsertSql('$1', '$2', 3, lines);
  await scope.tx.query(insert.sql, [scope.actor.organization.id, entryId, ...insert.params]);
}

/**
 * The INSERT of an entry's lines; a statement may run it as a CTE beside the entry's own INSERT
 * (the lines' foreign key is checked at the end of the statement). `firstParam` numbers its params.
 */
function linesInsertSql(
  organizationParam: string,
  entryParam: string,
  firstParam: number,
  lines: JournalLine[],
) {
  const [accounts, descriptions, debits, credits, tracking] = [0, 1, 2, 3, 4].map(
    (n) => `$${firstParam + n}`,
  );
  return {
    sql: `INSERT INTO journal_lines (organization_id, journal_entry_id, line_no, account_id, description, debit, credit, tracking_options)
     SELECT ${organizationParam}, ${entryParam}, l.ordinal, l.account_id, l.description, l.debit, l.credit,
            COALESCE((SELECT array_agg(x::uuid) FROM unnest(string_to_array(NULLIF(l.tracking, ''), ',')) AS x), '{}')
       FROM unnest(${accounts}::uuid[], ${descriptions}::text[], ${debits}::numeric[], ${credits}::numeric[], ${tracking}::text[])
         WITH ORDINALITY AS l(account_id, description, debit, credit, tracking, ordinal)`,
    params: [
      lines.map((line) => line.accountId),
      lines.map((line) => line.description),
      lines.map((line) => formatMoney(line.debit)),
      lines.map((line) => formatMoney(line.credit)),
      lines.map((line) => line.trackingOptionIds.join(',')),
    ],
  };
}

export interface CreateEntryCommand {
  txn_date: string;
  memo?: string;
  lines: JournalLineInput[];
  currency?: string;
}

function assertCurrency(scope: WriteScope, currency: string | undefined) {
  if (currency !== undefined && currency !== scope.actor.organization.currency) {
    throw fieldError('currency', `these books keep ${scope.actor.organization.currency} only`);
  }
}

/** POST /journal-entries: a balanced draft in an open period. Drafts get their number when posted. */
export async function createDraftEntry(scope: WriteScope, command: CreateEntryCommand) {
  assertCurrency(scope, command.currency);
  assertTxnDate(scope, command.txn_date);
  const lines = buildJournalLines(command.lines);
  const totals = assertBalanced(lines);
  const accounts = await assertLineAccounts(scope, lines);
  const id = randomUUID();
  const organization = scope.actor.organization;
  // The entry and its lines in one statement; the response is built from what was written.
  const insertLinesCte = linesInsertSql('$2', '$1', 8, lines);
  const [row] = await scope.tx.query<EntryRow>(
    `WITH entry AS (
       INSERT INTO journal_entries (id, organization_id, txn_date, memo, status, currency, total_debit, total_credit)
       VALUES ($1, $2, $3, $4, 'draft', $5, $6, $7)
       RETURNING ${ENTRY_COLUMNS}),
     lines AS (${insertLinesCte.sql})
     SELECT * FROM entry`,
    [
      id,
      organization.id,
      command.txn_date,
      command.memo ?? '',
      organization.currency,
      formatMoney(totals.totalDebit),
      formatMoney(totals.totalCredit),
      ...insertLinesCte.params,
    ],
  );
  if (!row) throw new Error('journal entry insert returned no row');
  scope.changed(ENTITY, id, 'created', 1);
  return describeEntry(
    row,
    lines.map((line, index) => writtenLine(id, index, line, accounts)),
  );
}

/** A line as linesOf would read it back, from the line written and its account. */
function writtenLine(
  entryId: string,
  index: number,
  line: JournalLine,
  accounts: Map<string, LineAccount>,
): LineRow {
  const account = accounts.get(line.accountId);
  if (!account) throw new Error(`account ${line.accountId} was not checked`);
  return {
    journal_entry_id: entryId,
    line_no: index + 1,
    account_id: account.id,
    account_number: account.number,
    account_name: account.name,
    account_system_role: account.system_role,
    account_is_active: account.is_active,
    description: line.description,
    debit: formatMoney(line.debit),
    credit: formatMoney(line.credit),
    tracking_options: line.trackingOptionIds,
  };
}

async function lockDraft(scope: WriteScope, id: string, expectedVersion: number | undefined) {
  const row = await findEntry(scope.tx, scope.actor.organization.id, id, true);
  if (!row) throw notFound('journal entry');
  if (row.status === 'posted') {
    throw new DomainError(
      'immutable_entry',
      `entry ${row.entry_number} is posted; post a reversal or a correcting entry`,
      {
        entry_number: row.entry_number,
      },
    );
  }
  assertVersion(expectedVersion, row.version);
  return row;
}

export interface UpdateEntryCommand {
  txn_date?: string;
  memo?: string;
  lines?: JournalLineInput[];
}

export async function updateDraftEntry(
  scope: WriteScope,
  id: string,
  patch: UpdateEntryCommand,
  expectedVersion?: number,
) {
  const organizationId = scope.actor.organization.id;
  const row = await lockDraft(scope, id, expectedVersion);
  if (patch.txn_date !== undefined) assertTxnDate(scope, patch.txn_date);
  const version = row.version + 1;
  let totals = { totalDebit: parseMoney(row.total_debit), totalCredit: parseMoney(row.total_credit) };
  if (patch.lines !== undefined) {
    const lines = buildJournalLines(patch.lines);
    totals = assertBalanced(lines);
    await assertLineAccounts(scope, lines);
    await scope.tx.query('DELETE FROM journal_lines WHERE organization_id = $1 AND journal_entry_id = $2', [
      organizationId,
      id,
    ]);
    await insertLines(scope, id, lines);
  }
  await scope.tx.query(
    `UPDATE journal_entries SET txn_date = COALESCE($3::date, txn_date), memo = COALESCE($4, memo),
            total_debit = $5, total_credit = $6, version = $7, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [
      organizationId,
      id,
      patch.txn_date ?? null,
      patch.memo ?? null,
      formatMoney(totals.totalDebit),
      formatMoney(totals.totalCredit),
      version,
    ],
  );
  scope.changed(ENTITY, id, 'updated', version);
  return readEntry(scope.tx, organizationId, id);
}

/** Drafts carry no number yet, so deleting one leaves no gap in the JE sequence. */
export async function deleteDraftEntry(scope: WriteScope, id: string, expectedVersion?: number) {
  const organizationId = scope.actor.organization.id;
  const row = await lockDraft(scope, id, expectedVersion);
  await scope.tx.query('DELETE FROM journal_lines WHERE organization_id = $1 AND journal_entry_id = $2', [
    organizationId,
    id,
  ]);
  await scope.tx.query('DELETE FROM journal_entries WHERE organization_id = $1 AND id = $2', [
    organizationId,
    id,
  ]);
  scope.changed(ENTITY, id, 'deleted', row.version + 1);
}

async function storedLines(scope: WriteScope, id: string): Promise<JournalLine[]> {
  const rows = (await linesOf(scope.tx, scope.actor.organization.id, [id])).get(id) ?? [];
  return rows.map(toJournalLine);
}

function toJournalLine(line: LineRow): JournalLine {
  return {
    accountId: line.account_id,
    debit: parseMoney(line.debit),
    credit: parseMoney(line.credit),
    description: line.description,
    trackingOptionIds: line.tracking_options,
  };
}

/** POST /journal-entries/{id}/post: allocates the next JE number and puts the draft in the ledger. */
export async function postDraftEntry(scope: WriteScope, id: string, expectedVersion?: number) {
  const organizationId = scope.actor.organization.id;
  const row = await findEntry(scope.tx, organizationId, id, true);
  if (!row) throw notFound('journal entry');
  if (row.status === 'posted')
    throw invalidState(`entry ${row.entry_number} is already posted`, { status: row.status });
  assertVersion(expectedVersion, row.version);
  assertOpenPeriodDate(scope.actor.organization, row.txn_date, 'txn_date');
  const lineRows = (await linesOf(scope.tx, organizationId, [id])).get(id) ?? [];
  const lines = lineRows.map(toJournalLine);
  assertBalanced(lines);
  // The lines were read with their accounts: an account deactivated since the draft refuses here.
  lineRows.forEach((line, index) => {
    assertActive(line.account_is_active, 'lines', index);
    // A draft saved before the rule existed is held to it when posted.
    assertNotDocumentKept(
      { number: line.account_number, system_role: line.account_system_role },
      'lines',
      index,
    );
  });
  await assertTrackingOptions(scope, lines, 'lines');
  const version = row.version + 1;
  // The JE counter stays locked until commit (gapless numbers), so everything from here on is
  // serialized per organization: number, update, balance summary and the row for the response are
  // one statement, and the response reuses the lines read above (the entry is locked, so they
  // cannot change).
  const numbered = allocateNumberSql('journal_entry');
  const balances = balanceUpsertCte(numbered.name, '$1', '$4', 5, lines);
  const [posted] = await refuseDayTotalOverflow(
    scope.tx.query<EntryRow>(
      `WITH ${numbered.cte}, ${balances.cte}
     UPDATE journal_entries SET status = 'posted', entry_number = ${numbered.value}, version = $3,
            posted_at = clock_timestamp(), updated_at = clock_timestamp()
       FROM ${numbered.name}
      WHERE organization_id = $1 AND id = $2
     RETURNING ${ENTRY_COLUMNS}`,
      [organizationId, id, version, row.txn_date, ...balances.params],
    ),
  );
  if (!posted) throw new Error(`organization ${organizationId} has no journal_entry sequence`);
  scope.postedOn(row.txn_date);
  scope.changed(ENTITY, id, 'updated', version);
  return describeEntry(posted, lineRows);
}

export interface LedgerPosting {
  txnDate: string;
  memo: string;
  lines: JournalLine[];
  sourceType: string;
  sourceId: string;
  reversesEntryId?: string;
}

/**
 * Writes a posted entry in the caller's transaction: the primitive under send, payment, void and
 * reversal. Asserts balance, checks the period, numbers it, updates the balance summary.
 */
export async function postLedgerEntry(
  scope: WriteScope,
  posting: LedgerPosting,
): Promise<{ id: string; entryNumber: string }> {
  const organization = scope.actor.organization;
  const totals = assertBalanced(posting.lines);
  if (totals.totalDebit === 0n) throw new Error('refusing to post an empty ledger entry');
  assertOpenPeriodDate(organization, posting.txnDate, 'txn_date');
  const id = randomUUID();
  // The JE counter is locked from here to commit: the number, the entry, its lines and the balance
  // summary are one statement.
  const numbered = allocateNumberSql('journal_entry', '$2');
  const balances = balanceUpsertCte(numbered.name, '$2', '$3', 10, posting.lines);
  const insertLinesCte = linesInsertSql('$2', '$1', 13, posting.lines);
  const [inserted] = await refuseDayTotalOverflow(
    scope.tx.query<{ entry_number: string | null }>(
      `WITH ${numbered.cte}, ${balances.cte}, lines AS (${insertLinesCte.sql})
     INSERT INTO journal_entries (id, organization_id, entry_number, txn_date, memo, status, source_type, source_id,
        reverses_entry_id, currency, total_debit, total_credit, posted_at)
     VALUES ($1, $2, (SELECT ${numbered.value} FROM ${numbered.name}), $3, $4, 'posted', $5, $6, $7, $8, $9, $9,
        clock_timestamp())
     RETURNING entry_number`,
      [
        id,
        organization.id,
        posting.txnDate,
        posting.memo,
        posting.sourceType,
        posting.sourceId,
        posting.reversesEntryId ?? null,
        organization.currency,
        formatMoney(totals.totalDebit),
        ...balances.params,
        ...insertLinesCte.params,
      ],
    ),
  );

  const number = inserted?.entry_number;
  if (!number) throw new Error(`organization ${organization.id} has no journal_entry sequence`);
  scope.postedOn(posting.txnDate);
  scope.changed(ENTITY, id, 'created', 1);
  return { id, entryNumber: number };
}

/** D27: posts the mirror image of a posted entry, linked both ways. */
export async function reverseEntry(
  scope: WriteScope,
  id: string,
  txnDate: string | undefined,
  expectedVersion?: number,
) {
  const organizationId = scope.actor.organization.id;
  const row = await findEntry(scope.tx, organizationId, id, true);
  if (!row) throw notFound('journal entry');
  if (row.status !== 'posted')
    throw invalidState('only a posted entry can be reversed; edit or delete the draft', {
      status: row.status,
    });
  if (row.reversed_by_entry_id) {
    throw invalidState(`entry ${row.entry_number} is already reversed`, {
      reversed_by_entry: row.reversed_by_entry_id,
    });
  }
  await assertManualEntry(scope, row);
  assertVersion(expectedVersion, row.version);
  const date = txnDate ?? row.txn_date;
  assertTxnDate(scope, date);
  if (date < row.txn_date)
    throw fieldError('txn_date', 'a reversal cannot be dated before the entry it reverses');
  const reversal = await postLedgerEntry(scope, {
    txnDate: date,
    memo: `Reversal of ${row.entry_number}${row.memo ? `: ${row.memo}` : ''}`,
    lines: reversedLines(await storedLines(scope, id)),
    sourceType: 'reversal',
    sourceId: id,
    reversesEntryId: id,
  });
  await markReversed(scope, row, reversal.id);
  return readEntry(scope.tx, organizationId, reversal.id);
}

/** D63: an entry a document posted changes through that document only; the message names it. */
async function assertManualEntry(scope: WriteScope, row: EntryRow) {
  if ((MANUAL_SOURCE_TYPES as readonly string[]).includes(row.source_type)) return;
  const source = DOCUMENT_SOURCES[row.source_type as keyof typeof DOCUMENT_SOURCES];
  let document = row.source_type;
  let documentNumber: string | null = null;
  if (source && row.source_id) {
    const [owner] = await scope.tx.query<{ number: string }>(
      `SELECT number FROM ${source.table} WHERE organization_id = $1 AND id = $2`,
      [scope.actor.organization.id, row.source_id],
    );
    documentNumber = owner?.number ?? null;
    document = `${source.label}${documentNumber ? ` ${documentNumber}` : ''}`;
  }
  const action = source?.action ?? 'change it through its document';
  throw invalidState(`entry ${row.entry_number} was posted by ${document}; ${action}`, {
    source_type: row.source_type,
    source_id: row.source_id,
    document_number: documentNumber,
  });
}

/**
 * Links a locked original to its reversal. The original was locked and found unreversed by the
 * caller; the condition on reversed_by_entry_id makes a second reversal fail rather than overwrite.
 */
async function markReversed(scope: WriteScope, original: EntryRow, reversalId: string) {
  const version = original.version + 1;
  const [updated] = await scope.tx.query<{ id: string }>(
    `UPDATE journal_entries SET reversed_by_entry_id = $3, version = $4, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2 AND reversed_by_entry_id IS NULL
     RETURNING id`,
    [scope.actor.organization.id, original.id, reversalId, version],
  );
  if (!updated) throw invalidState(`entry ${original.entry_number} is already reversed`);
  scope.changed(ENTITY, original.id, 'updated', version);
}

/**
 * The reversal a document posts of its own entry (an invoice's void): locks the original, refuses
 * one already reversed, posts the mirror image linked both ways. Returns the reversal's id.
 */
export async function reverseDocumentEntry(
  scope: WriteScope,
  entryId: string,
  posting: { txnDate: string; memo: string; sourceType: string; sourceId: string },
): Promise<string> {
  const original = await findEntry(scope.tx, scope.actor.organization.id, entryId, true);
  if (!original) throw new Error(`document entry ${entryId} does not exist`);
  if (original.reversed_by_entry_id) {
    throw invalidState(`entry ${original.entry_number} is already reversed`, {
      reversed_by_entry: original.reversed_by_entry_id,
    });
  }
  const reversal = await postLedgerEntry(scope, {
    ...posting,
    lines: reversedLines(await storedLines(scope, entryId)),
    reversesEntryId: entryId,
  });
  await markReversed(scope, original, reversal.id);
  return reversal.id;
}
