// The database port. Domain and use-case code see only this; the adapters (PGlite, pg) implement it.

export type SqlParam = string | number | boolean | null | Date | string[] | number[];

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: SqlParam[]): Promise<Row[]>;
  /**
   * True on a Citus cluster (D79), where a store writes the few statements Citus would plan as
   * sub-plans copied to every worker in another, routable form (src/storage/sql.ts, `onCitus`).
   */
  readonly distributed?: boolean;
}

/** A handle inside one open transaction. */
export interface Tx extends Queryable {
  readonly inTransaction: true;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `work` in one READ COMMITTED transaction; retries it on serialization failure or deadlock. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Applies one script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /** Set by the migrations when they find (or distribute the tables for) Citus. */
  distributed?: boolean;
}

/** PostgreSQL codes the storage layer translates (STYLE: 40001/40P01 retry, 23505 conflict). */
export const RETRYABLE_CODES = new Set(['40001', '40P01']);
export const UNIQUE_VIOLATION = '23505';
/** numeric_value_out_of_range: a NUMERIC(20,4) column asked to hold |x| >= 10^16 (D66). */
export const NUMERIC_OUT_OF_RANGE = '22003';
export const TRANSACTION_ATTEMPTS_MAX = 5;

export function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

export function constraintName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'constraint' in error
    ? String((error as { constraint: unknown }).constraint)
    : undefined;
}
