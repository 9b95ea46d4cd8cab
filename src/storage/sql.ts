// SQL helpers every store shares: ISO timestamps (exact keyset cursors), UUID shape, numbered
// parameters without hand-counted `$n`, and the one multi-row INSERT that documents use for lines.
import type { SqlParam } from './db.ts';

/** A timestamp column as ISO text with microseconds, identical on pg and PGlite. */
export const isoTimestamp = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const UUID_REGEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_REGEX.test(value);

/**
 * The parameters of one statement: `add(value)` appends a value and answers its placeholder, so a
 * statement built from pieces (CTEs, line inserts) never numbers `$n` by hand.
 */
export class SqlParams {
  readonly values: SqlParam[] = [];

  constructor(...initial: SqlParam[]) {
    for (const value of initial) this.values.push(value);
  }

  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** One column of the rows an insert writes: a SQL array type and a value per row. */
export interface RowColumn {
  name: string;
  /** The element type of the array parameter: 'uuid', 'text', 'numeric', 'int', ... */
  type: string;
  values: (string | number | null)[];
}

/** A tracking-options column: each row's ids joined by commas, stored as uuid[] ('' is none). */
export function uuidListColumn(name: string, lists: string[][]): RowColumn {
  return { name, type: 'uuid_list', values: lists.map((ids) => ids.join(',')) };
}

export interface InsertRows {
  table: string;
  /** Columns with one value for every row: a placeholder or any SQL expression (`payment.id`). */
  fixed: Record<string, string>;
  /** Numbered from 1 in the order given, into this column. */
  ordinalColumn: string;
  columns: RowColumn[];
  /** Columns computed from the row (`r.<column>`), e.g. `{ is_taxable: 'r.tax_rate_id IS NOT NULL' }`. */
  computed?: Record<string, string>;
  /** Extra FROM items before the unnest (`payment` when a CTE supplies a fixed value). */
  from?: string;
}

/**
 * `INSERT INTO table (...) SELECT ... FROM unnest(arrays) WITH ORDINALITY`: every row of a document
 * (journal lines, invoice lines, payment applications) in one statement, usable alone or as a CTE.
 */
export function insertRowsSql(params: SqlParams, insert: InsertRows): string {
  const fixedColumns = Object.keys(insert.fixed);
  const computed = insert.computed ?? {};
  const arrays = insert.columns.map(
    (column) =>
      `${params.add(column.values as string[])}::${column.type === 'uuid_list' ? 'text' : column.type}[]`,
  );
  const selected = insert.columns.map((column) =>
    column.type === 'uuid_list'
      ? `COALESCE((SELECT array_agg(x::uuid) FROM unnest(string_to_array(NULLIF(r.${column.name}, ''), ',')) AS x), '{}')`
      : `r.${column.name}`,
  );
  const names = insert.columns.map((column) => column.name);
  const columnList = [...fixedColumns, insert.ordinalColumn, ...names, ...Object.keys(computed)];
  const selectList = [...Object.values(insert.fixed), 'r.ordinal', ...selected, ...Object.values(computed)];
  return `INSERT INTO ${insert.table} (${columnList.join(', ')})
     SELECT ${selectList.join(', ')}
       FROM ${insert.from ? `${insert.from}, ` : ''}unnest(${arrays.join(', ')})
         WITH ORDINALITY AS r(${[...names, 'ordinal'].join(', ')})`;
}
