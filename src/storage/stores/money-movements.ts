// What the stores of money movements share: payments received (D25, D33, D61), bill payments (D55)
// and deposits (D88). Each of them is a numbered row written with its lines in ONE statement, and
// voided by pointing at the entry that reverses its own. A payment, received or made, is moreover read
// with its counterparty's name, listed with the same sorts and search, and applied to the documents
// it settles (invoices, bills): its store describes its tables once (PaymentTables) and the SQL is
// built here, once; the store keeps only what its kind alone does (a payment received's later
// applications and its deposit).
import type { SequenceName } from '../../domain/numbering.ts';
import type { PaymentStatus } from '../../domain/payment.ts';
import type { Queryable, SqlParam } from '../db.ts';
import { filteredList, type KeysetRow, type SortColumn } from '../keyset.ts';
import { insertRowsSql, SqlParams } from '../rows.ts';
import { childrenOf, findAndLock, isoTimestamp } from '../sql.ts';
import { type Counterparty, type SettledMove, settleSql } from './document-store.ts';
import { numberCte } from './sequences.ts';

/**
 * ONE statement: takes the next number of `sequence` (its counter is locked from here to commit:
 * gapless, D21), inserts the row with it, and runs `children` (its lines, the documents it moves) as
 * CTEs of the same statement. Answers the row as `returning` reads it; an organization without the
 * counter is a bug (every set of books gets its counters when it is made).
 */
export async function insertNumbered<Row>(
  tx: Queryable,
  insert: {
    table: string;
    sequence: SequenceName;
    organizationId: string;
    id: string;
    /** The row's other columns and their values (id, organization_id and number are added). */
    values: Record<string, SqlParam>;
    returning: string;
    /** The CTEs written with the row, by name; they name it by the placeholders given. */
    children: (params: SqlParams, row: { organization: string; id: string }) => Record<string, string>;
  },
): Promise<Row> {
  const params = new SqlParams();
  const organization = params.add(insert.organizationId);
  const numbered = await numberCte(
    tx,
    insert.sequence,
    { id: insert.organizationId, param: organization },
    params,
  );
  const id = params.add(insert.id);
  const columns = Object.keys(insert.values);
  const values = Object.values(insert.values).map((value) => params.add(value));
  const children = Object.entries(insert.children(params, { organization, id }));
  const [written] = await tx.query<Row>(
    `WITH ${numbered.cte},
     written AS (
       INSERT INTO ${insert.table} (id, organization_id, number, ${columns.join(', ')})
       SELECT ${[id, organization, numbered.value, ...values].join(', ')} FROM ${numbered.name}
       RETURNING ${insert.returning})${children.map(([name, body]) => `,\n     ${name} AS (${body})`).join('')}
     SELECT * FROM written`,
    params.values,
  );
  if (!written) throw new Error(`organization ${insert.organizationId} has no ${insert.sequence} sequence`);
  return written;
}

/** A void of a row the caller locked (D61, D55, D88): the entry reversing its own, its next version. */
export interface MovementVoid {
  organizationId: string;
  id: string;
  voidEntryId: string;
  version: number;
}

/**
 * The UPDATE that marks the locked row `row` (its placeholders) of `table` void: it points at the
 * entry reversing its own, at its next version. `resets` are the kind's other columns a void clears.
 */
export function markVoidSql(
  params: SqlParams,
  table: string,
  row: { organization: string; id: string },
  voided: Pick<MovementVoid, 'voidEntryId' | 'version'>,
  resets: string[] = [],
): string {
  return `UPDATE ${table} SET status = 'void', ${resets.map((reset) => `${reset}, `).join('')}void_entry_id = ${params.add(voided.voidEntryId)}::uuid,
            voided_at = statement_timestamp(), version = ${params.add(voided.version)}::int, updated_at = statement_timestamp()
      WHERE organization_id = ${row.organization} AND id = ${row.id}`;
}

/** The columns every payment's row has, received or made. */
export interface MovementRow {
  id: string;
  number: string;
  payment_date: string;
  amount: string;
  method: string;
  reference: string;
  memo: string;
  currency: string;
  journal_entry_id: string | null;
  /** D61: 'posted', or 'void' once its entry is reversed (then void_entry_id and voided_at are set). */
  status: PaymentStatus;
  void_entry_id: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The tables of a payment, received or made, and the documents it settles. */
export interface PaymentTables<CounterpartyKey extends string> {
  /** The payment's table, read as `p`, and the counter of its numbers. */
  table: string;
  sequence: SequenceName;
  /** Its counterparty, joined, named and sorted by as a document of the same side joins it (D31). */
  counterparty: Counterparty<CounterpartyKey>;
  /** The columns only this kind has, as `alias` (`p.` in a read, '' in a RETURNING) reads them. */
  ownColumns: (alias: string) => string;
  /** Its applications: their table, the column naming the payment, the documents they settle. */
  applications: {
    table: string;
    parent: string;
    target: { table: 'invoices' | 'bills'; column: string; what: string };
  };
  /**
   * D61: a payment received can be applied later than it is made, so each of its applications
   * carries its date; a bill payment is applied in full when it is made (D55).
   */
  appliedLater: boolean;
  /** The kind's columns a void clears besides its status (D61: a void payment leaves no credit). */
  voidResets: string[];
}

/** The columns of a payment's row, as its INSERT returns them and as a read selects them. */
function paymentColumns(tables: PaymentTables<string>, alias: string): string {
  const column = (name: string) => `${alias}${name}`;
  return `${column('id')}, ${column('number')}, ${column(tables.counterparty.column)},
  ${column('payment_date')}::text AS payment_date, ${column('amount')}::text AS amount, ${column('method')},
  ${column('reference')}, ${column('memo')}, ${column('currency')}, ${tables.ownColumns(alias)},
  ${column('journal_entry_id')}, ${column('status')}, ${column('void_entry_id')},
  ${isoTimestamp(column('voided_at'))} AS voided_at, ${column('version')},
  ${isoTimestamp(column('created_at'))} AS created_at, ${isoTimestamp(column('updated_at'))} AS updated_at`;
}

/** The read of payments (as `p`) with their counterparty's name, for `findAndLock` and the list. */
export function paymentSelect(tables: PaymentTables<string>): string {
  const { table, alias, column, name } = tables.counterparty;
  return `SELECT ${paymentColumns(tables, 'p.')}, ${alias}.display_name AS ${name}
  FROM ${tables.table} p
  JOIN ${table} ${alias} ON ${alias}.organization_id = p.organization_id AND ${alias}.id = p.${column}`;
}

/** What every list of payments filters by (D31); null: any. */
export interface PaymentListFilters {
  counterpartyId: string | null;
  /** A LIKE pattern (already escaped) matched against the lower-case number, reference and counterparty's name. */
  searchPattern: string | null;
}

/** A kind's own filter of its list: SQL reading its parameters from $4 on, and those parameters. */
export interface PaymentNarrowing<Filters> {
  where: string;
  params: (filters: Filters) => SqlParam[];
}

/**
 * One keyset page of the payments that pass the filters, in D31's order or a sort's: the keys
 * `?sort=` takes (issue 21), each with an index of migration 0029 but the counterparty's name (a
 * join, as on the invoices and bills). `narrowing` is a kind's own filter: its SQL reads its
 * parameters from $4 on.
 */
export function paymentList<Row extends KeysetRow, Filters extends PaymentListFilters, Key extends string>(
  tables: PaymentTables<Key>,
  narrowing: PaymentNarrowing<Filters> = { where: '', params: () => [] },
) {
  const { alias, column, sortKey } = tables.counterparty;
  const sorts = {
    number: { expression: 'p.number', type: 'text' },
    payment_date: { expression: 'p.payment_date', type: 'date' },
    [sortKey]: { expression: `${alias}.display_name`, type: 'text' },
    amount: { expression: 'p.amount', type: 'numeric' },
  } as Record<'number' | 'payment_date' | 'amount' | Key, SortColumn>;
  return filteredList<Row, Filters, 'number' | 'payment_date' | 'amount' | Key>({
    select: paymentSelect(tables),
    where: `p.organization_id = $1 AND ($2::uuid IS NULL OR p.${column} = $2)
      AND ($3::text IS NULL OR lower(p.number) LIKE $3 OR lower(p.reference) LIKE $3
           OR lower(${alias}.display_name) LIKE $3)${narrowing.where}`,
    params: (filters) => [filters.counterpartyId, filters.searchPattern, ...narrowing.params(filters)],
    alias: 'p',
    sorts,
  });
}

/** The applications of each payment, in line order, with the number of the document each settles. */
export function paymentApplications<Row, Parent extends keyof Row & string>(tables: PaymentTables<string>) {
  const { table, parent, target } = tables.applications;
  const appliedDate = tables.appliedLater ? ',\n            a.applied_date::text AS applied_date' : '';
  return childrenOf<Row, Parent>(
    `SELECT a.${parent}, a.line_no, a.${target.column}, t.number AS ${target.what}_number, a.amount::text AS amount${appliedDate}
       FROM ${table} a
       JOIN ${target.table} t ON t.organization_id = a.organization_id AND t.id = a.${target.column}
      WHERE a.organization_id = $1 AND a.${parent} = ANY($2::uuid[])
      ORDER BY a.${parent}, a.line_no`,
    parent as Parent,
  );
}

/**
 * The store of a kind of payment, from its tables: one by id, or locked FOR UPDATE until commit (not
 * its counterparty); one keyset page of its list (paymentList, with the kind's own `narrowing`); the
 * applications of several, in line order, keyed by their `Parent` column; the one statement that
 * writes a payment (insertPayment, with the kind's own columns) and the one that voids it
 * (markPaymentVoid).
 */
export function paymentStoreOf<
  Row extends KeysetRow,
  Application,
  Parent extends keyof Application & string,
  Key extends string,
  Status extends string,
  Filters extends PaymentListFilters = PaymentListFilters,
>(tables: PaymentTables<Key>, narrowing?: PaymentNarrowing<Filters>) {
  return {
    ...findAndLock<Row>(paymentSelect(tables), 'p'),
    page: paymentList<Row, Filters, Key>(tables, narrowing),
    applicationsOf: paymentApplications<Application, Parent>(tables),
    insert: (tx: Queryable, payment: NewPaymentRow, own: Record<string, SqlParam>) =>
      insertPayment<Omit<Row, `${Key}_name`>>(tx, tables, payment, own),
    markVoid: (tx: Queryable, payment: MovementVoid & { moves: (PaidMove & { status: Status })[] }) =>
      markPaymentVoid(tx, tables, payment),
  };
}

/** What a payment makes of a document it is applied to or taken off (D33, D55), with its new version. */
export interface PaidMove extends SettledMove {
  amountPaid: string;
}

/** The CTE body that moves the settled documents: amount_paid, status and version, one row per move. */
export function movePaidSql(
  tables: PaymentTables<string>,
  params: SqlParams,
  organization: string,
  moves: PaidMove[],
) {
  const paid = { table: tables.applications.target.table, column: 'amount_paid' } as const;
  return settleSql(params, organization, paid, moves, (move) => move.amountPaid);
}

/** A payment to write, received or made; amounts as NUMERIC text. */
export interface NewPaymentRow {
  id: string;
  organizationId: string;
  counterpartyId: string;
  paymentDate: string;
  amount: string;
  method: string;
  reference: string;
  memo: string;
  currency: string;
  journalEntryId: string;
  /** Applied in this order (line_no from 1). */
  applications: { documentId: string; amount: string }[];
  /** What the payment makes of each document it applies to, with its new version. */
  moves: PaidMove[];
}

/**
 * ONE statement (insertNumbered): the payment's number, the payment with `own` (its kind's columns),
 * its applications (dated the payment date where they carry a date) and the documents it moves.
 * Answers the payment's row as written, without its counterparty's name.
 */
export function insertPayment<Row>(
  tx: Queryable,
  tables: PaymentTables<string>,
  payment: NewPaymentRow,
  own: Record<string, SqlParam>,
): Promise<Row> {
  const { applications } = tables;
  return insertNumbered<Row>(tx, {
    table: tables.table,
    sequence: tables.sequence,
    organizationId: payment.organizationId,
    id: payment.id,
    values: {
      [tables.counterparty.column]: payment.counterpartyId,
      payment_date: payment.paymentDate,
      amount: payment.amount,
      method: payment.method,
      reference: payment.reference,
      memo: payment.memo,
      currency: payment.currency,
      journal_entry_id: payment.journalEntryId,
      ...own,
    },
    returning: paymentColumns(tables, ''),
    children: (params, row) => ({
      applied: insertRowsSql(params, {
        table: applications.table,
        fixed: {
          organization_id: row.organization,
          [applications.parent]: row.id,
          ...(tables.appliedLater ? { applied_date: params.add(payment.paymentDate) } : {}),
        },
        ordinalColumn: 'line_no',
        columns: [
          {
            name: applications.target.column,
            type: 'uuid',
            values: payment.applications.map((application) => application.documentId),
          },
          {
            name: 'amount',
            type: 'numeric',
            values: payment.applications.map((application) => application.amount),
          },
        ],
      }),
      moved: movePaidSql(tables, params, row.organization, payment.moves),
    }),
  });
}

/**
 * ONE statement voiding a payment the caller locked (D61, D55): deletes its applications, moves the
 * documents they paid back (locked by the caller too), and marks it void.
 */
export async function markPaymentVoid(
  tx: Queryable,
  tables: PaymentTables<string>,
  payment: MovementVoid & { moves: PaidMove[] },
): Promise<void> {
  const { table, parent } = tables.applications;
  const params = new SqlParams();
  const row = { organization: params.add(payment.organizationId), id: params.add(payment.id) };
  await tx.query(
    `WITH removed AS (
       DELETE FROM ${table} WHERE organization_id = ${row.organization} AND ${parent} = ${row.id}),
     moved AS (${movePaidSql(tables, params, row.organization, payment.moves)})
     ${markVoidSql(params, tables.table, row, payment, tables.voidResets)}`,
    params.values,
  );
}
