// What the two email outboxes (invoice-emails.ts: invoices and statements, D62; auth-emails.ts:
// one-time links, D94) share: how a worker claims the message due longest.

/**
 * The claim of the message of `table` due longest, if any, across all books: attempts + 1, leased
 * for $1 ms (due again then, should this process die before recording an outcome), answering
 * `returning` (columns of `e`). Rows another transaction is claiming are skipped, never waited for,
 * so two processes never take the same message; the outer condition says it again, should a row
 * change between the pick and the update. The pick is a scalar subquery, run once: as a joined
 * subquery the planner may rescan it, and each rescan could skip to another row, claiming several
 * at once (found by the two-process test).
 */
export function claimDueStatement(table: 'invoice_emails' | 'auth_emails', returning: string): string {
  return `UPDATE ${table} e
        SET attempts = e.attempts + 1,
            claimed_until = clock_timestamp() + $1::float8 * interval '1 millisecond',
            next_attempt_at = clock_timestamp() + $1::float8 * interval '1 millisecond'
      WHERE e.id = (SELECT id FROM ${table}
                     WHERE status = 'queued' AND next_attempt_at <= clock_timestamp()
                     ORDER BY next_attempt_at
                     LIMIT 1
                       FOR UPDATE SKIP LOCKED)
        AND e.status = 'queued' AND e.next_attempt_at <= clock_timestamp()
      RETURNING ${returning}`;
}
