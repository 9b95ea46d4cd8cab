// What the two email outboxes (invoice-emails.ts: invoices and statements, D62; auth-emails.ts:
// one-time links, D94) share: how a worker claims the message due longest, in two steps so that on
// Citus (D79) the claim routes to one shard. The pick reads the few messages due longest (across all
// books: the delivery worker's read, outside any request); the claim updates one of them by its key,
// on the condition that it is still queued and due. Two processes that pick the same message never
// both take it: the second's update waits for the first's, then finds it leased and goes on to the
// next candidate.

/** How many due messages one claim considers, should other processes take the first ones. */
export const CLAIM_CANDIDATES = 5;

/** The pick: `columns` of the CLAIM_CANDIDATES messages of `table` due longest. */
export function pickDueStatement(table: 'invoice_emails' | 'auth_emails', columns: string): string {
  return `SELECT ${columns} FROM ${table}
      WHERE status = 'queued' AND next_attempt_at <= clock_timestamp()
      ORDER BY next_attempt_at LIMIT ${CLAIM_CANDIDATES}`;
}

/**
 * The claim of the message `key` picks ($2...): attempts + 1, leased for $1 ms (due again then,
 * should this process die before recording an outcome), answering `returning` (columns of `e`).
 * Citus refuses a clock in RETURNING and a volatile one in a distributed UPDATE: the statement's
 * timestamp serves.
 */
export function claimOneStatement(
  table: 'invoice_emails' | 'auth_emails',
  key: string,
  returning: string,
): string {
  return `UPDATE ${table} e
        SET attempts = e.attempts + 1,
            claimed_until = statement_timestamp() + $1::float8 * interval '1 millisecond',
            next_attempt_at = statement_timestamp() + $1::float8 * interval '1 millisecond'
      WHERE ${key} AND e.status = 'queued' AND e.next_attempt_at <= statement_timestamp()
      RETURNING ${returning}`;
}
