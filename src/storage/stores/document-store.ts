// One store for documents with lines (invoices, bills; credit notes keep their lines here too): the
// header read by id (locked or not), the draft's insert and update, the status change with the entry
// it points at, and the lines read, written and deleted in one statement each. A kind is a
// descriptor: its tables, its counterparty (CUSTOMERS, VENDORS: the join, the name, the sort), its own
// columns and date, its header columns and the columns of its status changes; the SQL is written once.
// Its family's store builds the SELECT and the list from it: settledStore (invoices, bills: paid and
// credited, listed with SettledFilters) or creditStore (credit notes, vendor credits: issued, their
// credit applied, listed by status and counterparty), so a receivable and its payable mirror differ
// only in their descriptors.
import type { Queryable } from '../db.ts';
import { filteredList, type KeysetRow, type SortColumn } from '../keyset.ts';
import { insertRowsSql, type RowColumn, SqlParams, uuidListColumn } from '../rows.ts';
import { childrenOf, isoTimestamp, rowById } from '../sql.ts';

/** One column of a kind's line table: its SQL type and how a new line fills it. */
export interface LineColumn<NewLine> {
  name: string;
  type: 'text' | 'numeric' | 'uuid' | 'uuid_list';
  value: (line: NewLine) => string | null | string[];
}

/** One rate's tax on a line (D90): the rate and its amount, as NUMERIC text. */
export interface LineTax {
  taxRateId: string;
  amount: string;
}

/** What every priced line stores, whatever its kind: amounts as NUMERIC text. */
export interface NewPricedLine {
  itemId: string | null;
  description: string;
  quantity: string;
  amount: string;
  /** The line's one tax rate, or null (none, or a group). */
  taxRateId: string | null;
  /** The line's tax group (D90), or null; never with a tax rate. */
  taxGroupId: string | null;
  taxAmount: string;
  /** The tax per rate, in the group's order (one row for a tax rate, none untaxed); sums to taxAmount. */
  taxes: LineTax[];
  trackingOptionIds: string[];
}

/** What every stored priced line reads besides its kind's columns: its group and its tax per rate. */
export interface StoredLineTaxes {
  tax_group_id: string | null;
  /** The rates of the line's taxes, in order; parallel to tax_amounts. */
  tax_rate_ids: string[];
  tax_amounts: string[];
}

/** The columns every kind's line table has; a kind adds its price and its account. */
export function pricedLineColumns<NewLine extends NewPricedLine>(
  ...own: LineColumn<NewLine>[]
): LineColumn<NewLine>[] {
  return [
    { name: 'item_id', type: 'uuid', value: (line) => line.itemId },
    { name: 'description', type: 'text', value: (line) => line.description },
    { name: 'quantity', type: 'numeric', value: (line) => line.quantity },
    { name: 'amount', type: 'numeric', value: (line) => line.amount },
    { name: 'tax_rate_id', type: 'uuid', value: (line) => line.taxRateId },
    { name: 'tax_group_id', type: 'uuid', value: (line) => line.taxGroupId },
    { name: 'tax_amount', type: 'numeric', value: (line) => line.taxAmount },
    { name: 'tracking_options', type: 'uuid_list', value: (line) => line.trackingOptionIds },
    ...own,
  ];
}

/**
 * Where a kind keeps its lines: the table, the column naming the document, the columns in order, and
 * the table of their tax per rate (D90: keyed by the document, the line and the rate's position).
 */
export interface LinesTable<NewLine, Parent extends string> {
  table: string;
  parent: Parent;
  columns: LineColumn<NewLine>[];
  taxes: string;
  /** Columns computed from the line on insert (`r.<column>`), read back as stored. */
  computed?: Record<string, string>;
}

/** How a column is read: NUMERIC as text and uuid[] as text[], so pg and PGlite answer alike. */
function readColumn({ name, type }: { name: string; type: LineColumn<unknown>['type'] }): string {
  if (type === 'numeric') return `${name}::text AS ${name}`;
  if (type === 'uuid_list') return `${name}::text[] AS ${name}`;
  return name;
}

/** A kind's lines: read for several documents, written all at once numbered from 1, deleted. */
export function linesTable<
  LineRow extends StoredLineTaxes,
  NewLine extends Pick<NewPricedLine, 'taxes'>,
  Parent extends keyof LineRow & string,
>(spec: LinesTable<NewLine, Parent>) {
  const { table, parent, columns, taxes } = spec;
  const computed = spec.computed ?? {};
  // A line's taxes in order, as two parallel arrays (the organization named by the parameter, so the
  // subquery routes with the statement on Citus, docs/scale-out.md).
  const taxesOf = (column: string) =>
    `ARRAY(SELECT t.${column} FROM ${taxes} t WHERE t.organization_id = $1 AND t.${parent} = ${table}.${parent}
       AND t.line_no = ${table}.line_no ORDER BY t.position)`;
  const selected = [
    parent,
    'line_no',
    ...columns.map(readColumn),
    ...Object.keys(computed),
    `${taxesOf('tax_rate_id::text')} AS tax_rate_ids`,
    `${taxesOf('amount::text')} AS tax_amounts`,
  ].join(', ');
  return {
    /** The lines of each document, in line order. */
    linesOf: childrenOf<LineRow, Parent>(
      `SELECT ${selected} FROM ${table}
        WHERE organization_id = $1 AND ${parent} = ANY($2::uuid[]) ORDER BY ${parent}, line_no`,
      parent,
    ),

    /**
     * Every line of a document and its taxes per rate in one statement, numbered from 1 in the order
     * given (the taxes' foreign key to their line is checked at commit).
     */
    async insertLines(tx: Queryable, organizationId: string, documentId: string, lines: NewLine[]) {
      const params = new SqlParams();
      const rowColumns: RowColumn[] = columns.map((column) =>
        column.type === 'uuid_list'
          ? uuidListColumn(
              column.name,
              lines.map((line) => column.value(line) as string[]),
            )
          : {
              name: column.name,
              type: column.type,
              values: lines.map((line) => column.value(line) as string | null),
            },
      );
      const fixed = { organization_id: params.add(organizationId), [parent]: params.add(documentId) };
      const sql = insertRowsSql(params, {
        table,
        fixed,
        ordinalColumn: 'line_no',
        columns: rowColumns,
        computed,
      });
      const rows = lines.flatMap((line, index) =>
        line.taxes.map((tax, position) => ({ lineNo: index + 1, position: position + 1, ...tax })),
      );
      if (rows.length === 0) {
        await tx.query(sql, params.values);
        return;
      }
      const taxesSql = insertRowsSql(params, {
        table: taxes,
        fixed,
        columns: [
          { name: 'line_no', type: 'int', values: rows.map((row) => row.lineNo) },
          { name: 'position', type: 'int', values: rows.map((row) => row.position) },
          { name: 'tax_rate_id', type: 'uuid', values: rows.map((row) => row.taxRateId) },
          { name: 'amount', type: 'numeric', values: rows.map((row) => row.amount) },
        ],
      });
      await tx.query(`WITH lines AS (${sql}) ${taxesSql}`, params.values);
    },

    /** Deletes a (draft) document's lines and their taxes, to replace them or with the draft. */
    async deleteLines(tx: Queryable, organizationId: string, documentId: string): Promise<void> {
      await tx.query(
        `WITH taxes AS (DELETE FROM ${taxes} WHERE organization_id = $1 AND ${parent} = $2)
         DELETE FROM ${table} WHERE organization_id = $1 AND ${parent} = $2`,
        [organizationId, documentId],
      );
    },
  };
}

/** A kind of document with lines, as its store sees it. */
export interface DocumentTable<Fields, Status extends string, Lines> {
  table: string;
  /** The alias `select` gives the document's table. */
  alias: string;
  /** `SELECT ... FROM <table> <alias> JOIN <counterparty> ...`: a row with its counterparty's name. */
  select: string;
  /**
   * The header fields of a draft that are the kind's own, each stored in its snake_case column; memo
   * and the totals every kind has come after them.
   */
  header: (keyof Fields & string)[];
  /** Header fields whose '' is stored as NULL (an invoice's payment terms: none, a custom due date). */
  emptyIsNull?: (keyof Fields & string)[];
  /** The status a document is posted in and the column recording when (its entry: journal_entry_id). */
  posted: { status: Status; at: string };
  lines: Lines;
}

/** What every draft's header holds besides its own fields: memo and totals (D8), as NUMERIC text. */
export interface DraftCommon {
  memo: string;
  subtotal: string;
  taxTotal: string;
  total: string;
}
const COMMON: (keyof DraftCommon)[] = ['memo', 'subtotal', 'taxTotal', 'total'];

/** A draft's header after an edit: a null field keeps the stored value. */
export type DraftEdit<Fields> = { [Field in keyof Fields]: Fields[Field] | null } & { version: number };

const column = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export function documentStore<
  Row,
  Fields extends { [Field in keyof Fields]: string },
  Status extends string,
  Lines extends { deleteLines(tx: Queryable, organizationId: string, id: string): Promise<void> },
>(spec: DocumentTable<Fields, Status, Lines>) {
  const { table, alias, select } = spec;
  type Header = Fields & DraftCommon;
  const header = [...spec.header, ...COMMON].map((field) => [field, column(field)]) as [
    keyof Header,
    string,
  ][];
  const nullable = new Set<string>(spec.emptyIsNull ?? []);
  /** A header value as written: '' is NULL in the columns that say so. */
  const written = (field: keyof Header, value: string) =>
    nullable.has(field as string) ? `NULLIF(${value}, '')` : value;
  return {
    ...spec.lines,

    /** One document, or undefined (a malformed id is a document that does not exist). */
    find(db: Queryable, organizationId: string, id: string): Promise<Row | undefined> {
      return rowById<Row>(db, select, organizationId, id, 'none', alias);
    },

    /** The document's row locked until commit (FOR UPDATE OF its table), for a write that depends on it. */
    lock(tx: Queryable, organizationId: string, id: string): Promise<Row | undefined> {
      return rowById<Row>(tx, select, organizationId, id, 'update', alias);
    },

    /**
     * Inserts a draft under `number` (null: numbered when it posts); false when the number is taken. ON CONFLICT waits for a
     * concurrent writer of the same number and then sees its row, so no unique violation escapes
     * from that race.
     */
    async insertDraft(
      tx: Queryable,
      draft: Header & { id: string; organizationId: string; number: string | null; currency: string },
    ): Promise<boolean> {
      const values = header.map(([field]) => draft[field]);
      const inserted = await tx.query(
        `INSERT INTO ${table} (id, organization_id, number, currency, status, ${header.map(([, column]) => column).join(', ')})
         VALUES ($1, $2, $3, $4, 'draft', ${header.map(([field], index) => written(field, `$${index + 5}`)).join(', ')})
         ON CONFLICT (organization_id, number) DO NOTHING RETURNING id`,
        [draft.id, draft.organizationId, draft.number, draft.currency, ...values],
      );
      return inserted.length === 1;
    },

    /** A draft's header after an edit, with its next version; a null field keeps the stored value. */
    async updateDraft(tx: Queryable, organizationId: string, id: string, draft: DraftEdit<Header>) {
      // A null keeps the stored value; '' (where emptyIsNull) stores NULL.
      const set = header.map(([field, column], index) => {
        const value = `$${index + 4}`;
        const kept = nullable.has(field as string)
          ? `CASE WHEN ${value}::text IS NULL THEN ${column} ELSE ${written(field, value)} END`
          : `COALESCE(${value}, ${column})`;
        return `${column} = ${kept}`;
      });
      await tx.query(
        `UPDATE ${table} SET ${set.join(', ')}, version = $3, updated_at = statement_timestamp()
          WHERE organization_id = $1 AND id = $2`,
        [organizationId, id, draft.version, ...header.map(([field]) => draft[field])],
      );
    },

    /** A draft and its lines (a draft has no applications and no entry). */
    async deleteDraft(tx: Queryable, organizationId: string, id: string): Promise<void> {
      await spec.lines.deleteLines(tx, organizationId, id);
      await tx.query(`DELETE FROM ${table} WHERE organization_id = $1 AND id = $2 AND status = 'draft'`, [
        organizationId,
        id,
      ]);
    },

    /**
     * A status change, pointing at its entry (the posted one; on void the reversal, null for a draft,
     * which posted nothing), with the new version.
     */
    async setStatus(
      tx: Queryable,
      organizationId: string,
      id: string,
      change: { status: Status | 'void'; entryId: string | null; version: number; number?: string },
    ): Promise<void> {
      // A void points at its reversal (void_entry_id, voided_at); a kind numbered when it posts (a
      // credit note, a vendor credit) takes its number with its posted status.
      const columns =
        change.status === 'void'
          ? { entry: 'void_entry_id', at: 'voided_at' }
          : { entry: 'journal_entry_id', at: spec.posted.at };
      await tx.query(
        `UPDATE ${table} SET status = $3, ${columns.entry} = $4, ${columns.at} = statement_timestamp(), version = $5,
                number = COALESCE($6, number), updated_at = statement_timestamp()
          WHERE organization_id = $1 AND id = $2`,
        [organizationId, id, change.status, change.entryId, change.version, change.number ?? null],
      );
    },
  };
}

/**
 * Where a credit document (a credit note, a vendor credit) keeps its applications, and the documents
 * they settle: `target.table`'s rows named by `target.column`, whose amount_credited they raise.
 */
export interface CreditApplicationsTable<Parent extends string> {
  table: string;
  parent: Parent;
  documents: string;
  target: { table: 'invoices' | 'bills'; column: string; what: string };
}

/** What one apply request writes (the document is locked, so nobody numbers its applications meanwhile). */
export interface CreditApplied {
  organizationId: string;
  documentId: string;
  appliedDate: string;
  /** The credit document's amount_applied and version after this request. */
  amountApplied: string;
  version: number;
  /** Numbered on from the document's last application. */
  applications: { documentId: string; amount: string }[];
  /** What each settled document becomes. */
  moves: { id: string; amountCredited: string; status: string; version: number }[];
}

/** A credit document's applications: read for several documents, and written with their moves. */
export function creditApplications<Row, Parent extends keyof Row & string>(
  spec: CreditApplicationsTable<Parent>,
) {
  const { table, parent, documents, target } = spec;
  const credited = { table: target.table, column: 'amount_credited' } as const;
  return {
    /** The applications of each document, in order, with the number of the document each settles. */
    applicationsOf: childrenOf<Row, Parent>(
      `SELECT a.${parent}, a.line_no, a.${target.column}, t.number AS ${target.what}_number,
              a.amount::text AS amount, a.applied_date::text AS applied_date
         FROM ${table} a
         JOIN ${target.table} t ON t.organization_id = a.organization_id AND t.id = a.${target.column}
        WHERE a.organization_id = $1 AND a.${parent} = ANY($2::uuid[])
        ORDER BY a.${parent}, a.line_no`,
      parent,
    ),

    /**
     * ONE statement: the applications (numbered on from the document's last), the document's new
     * amount_applied and version, and the settled documents' moves.
     */
    async applyCredit(tx: Queryable, applied: CreditApplied): Promise<void> {
      const params = new SqlParams();
      const organization = params.add(applied.organizationId);
      const document = params.add(applied.documentId);
      await tx.query(
        `WITH previous AS (
           SELECT COALESCE(max(line_no), 0) AS last FROM ${table}
            WHERE organization_id = ${organization} AND ${parent} = ${document}),
         credit AS (
           UPDATE ${documents} SET amount_applied = ${params.add(applied.amountApplied)},
                  version = ${params.add(applied.version)}, updated_at = statement_timestamp()
            WHERE organization_id = ${organization} AND id = ${document}),
         moved AS (${settleSql(params, organization, credited, applied.moves, (m) => m.amountCredited)})
         INSERT INTO ${table} (organization_id, ${parent}, line_no, ${target.column}, amount, applied_date)
         SELECT ${organization}, ${document}, previous.last + r.ordinal, r.target_id, r.amount, ${params.add(applied.appliedDate)}
           FROM previous, unnest(${params.add(applied.applications.map((a) => a.documentId))}::uuid[],
                                 ${params.add(applied.applications.map((a) => a.amount))}::numeric[])
             WITH ORDINALITY AS r(target_id, amount, ordinal)`,
        params.values,
      );
    },
  };
}

/** A settled document as money applied to it (or taken off it) leaves it: its status and new version. */
export interface SettledMove {
  id: string;
  status: string;
  version: number;
}

/**
 * The UPDATE (a statement or a CTE body) that moves settled documents of `table` (invoices, bills):
 * `column` (amount_paid, amount_credited) to each move's `amount`, its status and its version.
 */
export function settleSql<Move extends SettledMove>(
  params: SqlParams,
  organization: string,
  target: { table: 'invoices' | 'bills'; column: 'amount_paid' | 'amount_credited' },
  moves: Move[],
  amount: (move: Move) => string,
): string {
  return `UPDATE ${target.table} t SET ${target.column} = m.amount, status = m.status, version = m.version,
              updated_at = statement_timestamp()
         FROM unnest(${params.add(moves.map((m) => m.id))}::uuid[], ${params.add(moves.map(amount))}::numeric[],
                     ${params.add(moves.map((m) => m.status))}::text[], ${params.add(moves.map((m) => m.version))}::int[])
           AS m(id, amount, status, version)
        WHERE t.organization_id = ${organization} AND t.id = m.id`;
}

/** What a list of settled documents (invoices, bills) is filtered by (D31); null: any. */
export interface SettledFilters {
  status: string | null;
  counterpartyId: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  /** A LIKE pattern (already escaped) matched against the lower-case number, reference and counterparty's name. */
  searchPattern: string | null;
  /** Overdue (posted and due before `today`, D24) or not; null: either. */
  overdue: boolean | null;
  /** The books' today, which `overdue` is judged on. */
  today: string;
}

/** What a list's totals row shows: how many documents pass the filters, their totals and balances due summed. */
export interface TotalsRow {
  count: number;
  total: string;
  balance_due: string;
}

/**
 * Who a kind's documents are with: the contacts table joined to them under `alias` by the document's
 * `column`, its display name read as `name`, and the `?sort=` key ordering by that name. One per side,
 * so a sale and its credit (a purchase and its credit) join and sort their counterparty alike.
 */
export interface Counterparty<SortKey extends string> {
  table: 'customers' | 'vendors';
  alias: string;
  column: string;
  name: string;
  sortKey: SortKey;
}

/** The counterparty of a sale (an invoice, a credit note). */
export const CUSTOMERS: Counterparty<'customer'> = {
  table: 'customers',
  alias: 'c',
  column: 'customer_id',
  name: 'customer_name',
  sortKey: 'customer',
};

/** The counterparty of a purchase (a bill, a vendor credit). */
export const VENDORS: Counterparty<'vendor'> = {
  table: 'vendors',
  alias: 'v',
  column: 'vendor_id',
  name: 'vendor_name',
  sortKey: 'vendor',
};

/**
 * A kind of document as it is read with its counterparty: its table under `alias`, the counterparty
 * it joins, its own columns as read after the counterparty's (in the row's order) and its own date.
 */
interface CounterpartyJoin<Key extends string> {
  table: string;
  alias: string;
  counterparty: Counterparty<Key>;
  columns: string[];
  /** issue_date, bill_date, credit_date: a sort key, and a settled list's date range. */
  date: Key;
  /** The kind's `?sort=` keys (list-order.ts), each of which its family must offer. */
  sortKeys: readonly Key[];
}

/**
 * A kind of document with its counterparty, as its family's store takes it: its DocumentTable but
 * the SELECT (built from the join) and the posted status (a credit's is fixed).
 */
interface CounterpartyTable<Fields, Lines, Key extends string>
  extends Omit<DocumentTable<Fields, string, Lines>, 'select' | 'posted'>,
    CounterpartyJoin<Key> {}

/** The SELECT list of a kind: its family's columns (`family`), its counterparty's id and name, its own. */
function columnsWithCounterparty(kind: CounterpartyJoin<string>, family: string): string {
  const { alias, counterparty } = kind;
  return [
    family,
    `${alias}.${counterparty.column}`,
    `${counterparty.alias}.display_name AS ${counterparty.name}`,
    ...kind.columns,
  ].join(', ');
}

/** The kind's table joined to its counterparty, in the same books: what its reads and lists are FROM. */
function fromWithCounterparty({ table, alias, counterparty }: CounterpartyJoin<string>) {
  const party = counterparty.alias;
  return `${table} ${alias} JOIN ${counterparty.table} ${party}
    ON ${party}.organization_id = ${alias}.organization_id AND ${party}.id = ${alias}.${counterparty.column}`;
}

/**
 * The sorts of a kind's `sortKeys`, from those its family `offers` besides the ones every kind offers
 * (each with an index of migration 0028 but the counterparty's name, a join): its date, its
 * counterparty's name and its total. A key the family does not offer fails when the store is built.
 */
function sortsOf<Key extends string>(
  kind: CounterpartyJoin<Key>,
  offers: Record<string, SortColumn>,
): Record<Key, SortColumn> {
  const { alias, date, counterparty } = kind;
  const offered: Record<string, SortColumn> = {
    ...offers,
    [date]: { expression: `${alias}.${date}`, type: 'date' },
    [counterparty.sortKey]: { expression: `${counterparty.alias}.display_name`, type: 'text' },
    total: { expression: `${alias}.total`, type: 'numeric' },
  };
  const sorts = kind.sortKeys.map((key) => {
    const sort = offered[key];
    if (!sort) throw new Error(`${kind.table} offers no sort by ${key}`);
    return [key, sort] as const;
  });
  return Object.fromEntries(sorts) as Record<Key, SortColumn>;
}

/** A settled kind (invoices, bills): its table, the status it is owed in, and what ?search= also matches. */
export interface SettledTable<Fields, Status extends string, Lines, Key extends string>
  extends CounterpartyTable<Fields, Lines, Key> {
  table: 'invoices' | 'bills';
  /** The status a document is posted and owed in (sent, open): only those can be overdue. */
  posted: { status: Status; at: string };
  /** The kind's free-text reference (reference, vendor_reference), searched with the number and the name. */
  reference: string;
}

/**
 * A settled document's balance due as SQL (the domain's balanceDue and billBalanceDue: 0 when void).
 * Written exactly as the expression indexes of migration 0028, so the planner matches them.
 */
const balanceDue = (alias: string) =>
  `CASE WHEN ${alias}.status = 'void' THEN 0::numeric ELSE ${alias}.total - ${alias}.amount_paid - ${alias}.amount_credited END`;

/**
 * The store of a settled kind: the document store (numbered as a draft, SettledColumns) and its list,
 * one keyset page and the totals of the documents that pass SettledFilters.
 */
export function settledStore<
  Row extends KeysetRow,
  Fields extends { [Field in keyof Fields]: string },
  Status extends string,
  Lines extends { deleteLines(tx: Queryable, organizationId: string, id: string): Promise<void> },
  Key extends string,
>(kind: SettledTable<Fields, Status, Lines, Key>) {
  const columns = columnsWithCounterparty(kind, settledColumns(kind.alias, kind.posted.at));
  const from = fromWithCounterparty(kind);
  const column = (name: string) => `${kind.alias}.${name}`;
  const sorts = sortsOf(kind, {
    number: { expression: column('number'), type: 'text' },
    due_date: { expression: column('due_date'), type: 'date' },
    balance_due: { expression: balanceDue(kind.alias), type: 'numeric' },
  });
  return {
    ...documentStore<Row, Fields, Status, Lines>({ ...kind, select: `SELECT ${columns} FROM ${from}` }),
    ...settledList<Row, Key>(kind, columns, from, sorts),
  };
}

/**
 * The list of a settled kind, `from` its table joined to its counterparty: one keyset page (PAGE_SIZE
 * + 1 rows at most, D31, in a sort order or D31's) and the totals of every document that passes the
 * filters, in one aggregate.
 */
function settledList<Row extends KeysetRow, Key extends string>(
  kind: CounterpartyJoin<Key> & Pick<SettledTable<unknown, string, unknown, Key>, 'posted' | 'reference'>,
  columns: string,
  from: string,
  sorts: Record<Key, SortColumn>,
) {
  const column = (name: string) => `${kind.alias}.${name}`;
  const name = `${kind.counterparty.alias}.display_name`;
  const where = `${column('organization_id')} = $1
      AND ($2::text IS NULL OR ${column('status')} = $2) AND ($3::uuid IS NULL OR ${column(kind.counterparty.column)} = $3)
      AND ($4::date IS NULL OR ${column(kind.date)} >= $4) AND ($5::date IS NULL OR ${column(kind.date)} <= $5)
      AND ($6::text IS NULL OR lower(${column('number')}) LIKE $6 OR lower(${column(kind.reference)}) LIKE $6
           OR lower(${name}) LIKE $6)
      AND ($7::boolean IS NULL OR (${column('status')} = '${kind.posted.status}' AND ${column('due_date')} < $8::date) = $7)`;
  const params = (filters: SettledFilters) => [
    filters.status,
    filters.counterpartyId,
    filters.dateFrom,
    filters.dateTo,
    filters.searchPattern,
    filters.overdue,
    filters.today,
  ];
  return {
    page: filteredList<Row, SettledFilters, Key>({
      select: `SELECT ${columns} FROM ${from}`,
      where,
      params,
      alias: kind.alias,
      sorts,
    }),
    async totals(db: Queryable, organizationId: string, filters: SettledFilters): Promise<TotalsRow> {
      const [row] = await db.query<TotalsRow>(
        `SELECT count(*)::int AS count, COALESCE(sum(${column('total')}), 0)::text AS total,
                COALESCE(sum(${balanceDue(kind.alias)}), 0)::text AS balance_due
           FROM ${from}
          WHERE ${where}`,
        [organizationId, ...params(filters)],
      );
      return row!;
    },
  };
}

/** A credit kind (credit notes, D60; vendor credits, D87): numbered, posted and dated at issue. */
export interface CreditTable<Fields, Lines, Key extends string>
  extends CounterpartyTable<Fields, Lines, Key> {
  table: 'credit_notes' | 'vendor_credits';
}

/**
 * The store of a credit kind: the document store (numbered when issued, CreditColumns) and its list,
 * one keyset page and the totals row of the credits that pass StatusFilters.
 */
export function creditStore<
  Row extends KeysetRow,
  Fields extends { [Field in keyof Fields]: string },
  Lines extends { deleteLines(tx: Queryable, organizationId: string, id: string): Promise<void> },
  Key extends string,
>(kind: CreditTable<Fields, Lines, Key>) {
  const select = `SELECT ${columnsWithCounterparty(kind, creditColumns(kind.alias))} FROM ${fromWithCounterparty(kind)}`;
  const sorts = sortsOf(kind, {
    // A draft has no number until it is issued: it sorts as an empty one (first ascending).
    number: { expression: `COALESCE(${kind.alias}.number, '')`, type: 'text' },
  });
  const posted = { status: 'issued', at: 'issued_at' } as const;
  return {
    ...documentStore<Row, Fields, 'issued', Lines>({ ...kind, select, posted }),
    page: filteredList<Row, StatusFilters, Key>({
      select,
      where: statusWhere(kind.alias, kind.counterparty.column),
      params: statusParams,
      alias: kind.alias,
      sorts,
    }),
    totals: creditTotals(kind.table, kind.counterparty.column),
  };
}

/** What a list of documents is filtered by: a status and a counterparty (null: any). */
export interface StatusFilters {
  status: string | null;
  counterpartyId: string | null;
}

/** The documents of the books (`$1`) that pass StatusFilters (`$2`, `$3`: statusParams). */
const statusWhere = (alias: string, counterpartyColumn: string) =>
  `${alias}.organization_id = $1 AND ($2::text IS NULL OR ${alias}.status = $2)
      AND ($3::uuid IS NULL OR ${alias}.${counterpartyColumn} = $3)`;
const statusParams = (filters: StatusFilters) => [filters.status, filters.counterpartyId];

/** What a credit list's totals row shows: how many credits pass the filters, their totals and remaining credit summed. */
export interface CreditTotalsRow {
  count: number;
  total: string;
  remaining_credit: string;
}

/**
 * The totals of every credit document of `table` (credit notes, vendor credits) that passes the
 * list's filters, not of one page, in one aggregate. Remaining credit as the view counts it (the
 * domain's remainingCredit): the total less what is applied while issued, 0 for a draft or a void.
 */
function creditTotals(table: 'credit_notes' | 'vendor_credits', counterpartyColumn: string) {
  return async (db: Queryable, organizationId: string, filters: StatusFilters): Promise<CreditTotalsRow> => {
    const [row] = await db.query<CreditTotalsRow>(
      `SELECT count(*)::int AS count, COALESCE(sum(d.total), 0)::text AS total,
              COALESCE(sum(CASE WHEN d.status = 'issued' THEN d.total - d.amount_applied ELSE 0 END), 0)::text
                AS remaining_credit
         FROM ${table} d
        WHERE ${statusWhere('d', counterpartyColumn)}`,
      [organizationId, ...statusParams(filters)],
    );
    return row!;
  };
}

/** The columns every document's row has (an invoice's, a bill's, a credit note's, a vendor credit's), as read. */
interface DocumentColumns<Status extends string> {
  id: string;
  status: Status;
  currency: string;
  memo: string;
  subtotal: string;
  tax_total: string;
  total: string;
  journal_entry_id: string | null;
  void_entry_id: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A credit document's columns (a credit note's, a vendor credit's): numbered at issue, its credit applied. */
export type CreditColumns<Status extends string> = DocumentColumns<Status> & {
  /** Null on a draft: numbers are taken at issue. */
  number: string | null;
  amount_applied: string;
  issued_at: string | null;
};

/**
 * A settled document's columns (an invoice's, a bill's): numbered as a draft, paid and credited
 * (credit notes, D60; vendor credits, D87), posted at `PostedAt` (sent_at, opened_at).
 */
export type SettledColumns<Status extends string, PostedAt extends string> = DocumentColumns<Status> & {
  number: string;
  amount_paid: string;
  amount_credited: string;
} & Record<PostedAt, string | null>;

/** The SELECT list of a document's columns of `alias`: NUMERIC as text, timestamps as ISO text. */
function documentColumns(alias: string, amounts: string[], postedAt: string): string {
  const column = (name: string) => `${alias}.${name}`;
  const text = ['subtotal', 'tax_total', 'total', ...amounts].map(
    (name) => `${column(name)}::text AS ${name}`,
  );
  const times = [postedAt, 'voided_at', 'created_at', 'updated_at'].map(
    (name) => `${isoTimestamp(column(name))} AS ${name}`,
  );
  const plain = [
    'id',
    'number',
    'status',
    'currency',
    'memo',
    'journal_entry_id',
    'void_entry_id',
    'version',
  ];
  return [...plain.map(column), ...text, ...times].join(', ');
}

/** The SELECT list of CreditColumns. */
const creditColumns = (alias: string) => documentColumns(alias, ['amount_applied'], 'issued_at');

/** The SELECT list of SettledColumns. */
const settledColumns = (alias: string, postedAt: string) =>
  documentColumns(alias, ['amount_paid', 'amount_credited'], postedAt);

/** A document as money applied to it sees it (an invoice, a bill): its counterparty, status and amounts. */
export type SettledRow<Status extends string, Counterparty extends string> = {
  id: string;
  number: string;
  status: Status;
  total: string;
  amount_paid: string;
  amount_credited: string;
  version: number;
} & Record<Counterparty, string>;

/**
 * Locks the documents of `table` that a payment or a credit applies to (or takes itself off), in id
 * order: concurrent payments and credits queue here (after their own document's lock: every writer
 * takes its document before these and these by id, so none deadlock), and each one then sees the
 * balance the previous one left (READ COMMITTED re-reads a row after its lock).
 */
export function settledLocker<Status extends string, Counterparty extends string>(
  table: 'invoices' | 'bills',
  counterparty: Counterparty,
) {
  return (tx: Queryable, organizationId: string, ids: string[]) =>
    tx.query<SettledRow<Status, Counterparty>>(
      `SELECT id, number, ${counterparty}, status, total::text AS total, amount_paid::text AS amount_paid,
              amount_credited::text AS amount_credited, version
         FROM ${table} WHERE organization_id = $1 AND id = ANY($2::uuid[])
        ORDER BY id FOR UPDATE`,
      [organizationId, ids],
    );
}
