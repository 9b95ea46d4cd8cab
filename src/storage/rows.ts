// Statements built from pieces: numbered parameters without hand-counted `$n`, the one multi-row
// INSERT every document uses for its rows (journal lines, invoice lines, payment applications), and
// rows grouped by their parent document.
import type { SqlParam } from './db.ts';

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
  /** Numbered from 1 in the order given, into this column (none: the columns carry their own). */
  ordinalColumn?: string;
  columns: RowColumn[];
  /** Columns computed from the row (`r.<column>`), e.g. `{ is_taxable: 'r.tax_rate_id IS NOT NULL' }`. */
  computed?: Record<string, string>;
}

/**
 * `INSERT INTO table (...) SELECT ... FROM unnest(arrays) WITH ORDINALITY`: every row of a document
 * (journal lines, invoice lines, payment applications) in one statement, usable alone or as a CTE.
 * Its fixed values are parameters, never another CTE's rows: Citus copies the rows of a
 * data-modifying CTE that feeds an INSERT ... SELECT to every worker (src/storage/stores/sequences.ts).
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
  const ordinal = insert.ordinalColumn ? [insert.ordinalColumn] : [];
  const columnList = [...fixedColumns, ...ordinal, ...names, ...Object.keys(computed)];
  const selectList = [
    ...Object.values(insert.fixed),
    ...(insert.ordinalColumn ? ['r.ordinal'] : []),
    ...selected,
    ...Object.values(computed),
  ];
  return `INSERT INTO ${insert.table} (${columnList.join(', ')})
     SELECT ${selectList.join(', ')}
       FROM unnest(${arrays.join(', ')})
         WITH ORDINALITY AS r(${[...names, 'ordinal'].join(', ')})`;
}

/** Rows (already ordered) grouped by their parent's id, keeping order: a document's lines by document. */
export function groupByParent<Row, Key extends keyof Row>(rows: Row[], parent: Key): Map<Row[Key], Row[]> {
  const byParent = new Map<Row[Key], Row[]>();
  for (const row of rows) {
    const list = byParent.get(row[parent]);
    if (list) list.push(row);
    else byParent.set(row[parent], [row]);
  }
  return byParent;
}
