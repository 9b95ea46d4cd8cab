// The invoice email outbox (D29, D62): the messages a send writes (and, since D92, the customer
// statements a person emails: a row names an invoice or a customer's statement), and the steps the
// delivery worker takes on them. A claim is one statement (its own short transaction): it picks a due `queued` row
// that no other process is claiming (FOR UPDATE SKIP LOCKED), counts the attempt and leases the row
// by moving next_attempt_at to the lease's end. Outcomes are written by a second statement, only by
// the claim that still holds the row (same attempt number, still queued). Every time is the
// database's clock, so several processes agree on what is due.
import type { Db, Queryable } from '../db.ts';
import { allowMultiShard, isoTimestamp } from '../sql.ts';
import { claimOneStatement, pickDueStatement } from './email-outbox.ts';

export type EmailStatus = 'recorded' | 'queued' | 'sent' | 'failed';

export interface EmailRow {
  id: string;
  invoice_id: string;
  to_address: string;
  subject: string;
  body: string;
  status: EmailStatus;
  message_id: string | null;
  last_error: string | null;
  attempts: number;
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
}

/** What a statement email attaches (D92): its type and dates as they were asked for. */
export interface StatementSpec {
  customerId: string;
  type: 'outstanding' | 'activity';
  from: string | null;
  to: string;
}

export interface NewEmail {
  id: string;
  organizationId: string;
  invoiceId: string;
  to: string;
  subject: string;
  body: string;
  /** `queued` is due at once; `recorded` (sandbox) is never delivered. */
  status: 'queued' | 'recorded';
}

export async function insert(tx: Queryable, email: NewEmail): Promise<void> {
  await tx.query(
    `INSERT INTO invoice_emails (id, organization_id, invoice_id, to_address, subject, body, status, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, clock_timestamp() + CASE WHEN $7 = 'queued' THEN interval '0' END)`,
    [email.id, email.organizationId, email.invoiceId, email.to, email.subject, email.body, email.status],
  );
}

/** A customer statement's message, `recorded` (sandbox, never delivered) or `queued` (due at once). */
export async function insertStatement(
  tx: Queryable,
  email: Omit<NewEmail, 'invoiceId'> & { statement: StatementSpec },
): Promise<{ created_at: string }> {
  await tx.query(
    `INSERT INTO invoice_emails (id, organization_id, customer_id, statement_type, statement_from, statement_to,
                                 to_address, subject, body, status, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5::date, $6::date, $7, $8, $9, $10, clock_timestamp() + CASE WHEN $10 = 'queued' THEN interval '0' END)`,
    [
      email.id,
      email.organizationId,
      email.statement.customerId,
      email.statement.type,
      email.statement.from,
      email.statement.to,
      email.to,
      email.subject,
      email.body,
      email.status,
    ],
  );
  // Read back rather than RETURNING: Citus refuses a formatted (not IMMUTABLE) timestamp there.
  const [row] = await tx.query<{ created_at: string }>(
    `SELECT ${isoTimestamp('created_at')} AS created_at FROM invoice_emails WHERE organization_id = $1 AND id = $2`,
    [email.organizationId, email.id],
  );
  return row!;
}

/** Every email of an invoice, oldest first (500 at most). */
export function emailsOf(db: Queryable, organizationId: string, invoiceId: string): Promise<EmailRow[]> {
  return db.query<EmailRow>(
    `SELECT id, invoice_id, to_address, subject, body, status, message_id, last_error, attempts,
            ${isoTimestamp('next_attempt_at')} AS next_attempt_at, ${isoTimestamp('sent_at')} AS sent_at,
            ${isoTimestamp('created_at')} AS created_at
       FROM invoice_emails WHERE organization_id = $1 AND invoice_id = $2
      ORDER BY created_at, id LIMIT 500`,
    [organizationId, invoiceId],
  );
}

/** A message the worker holds: its attempt number is the claim's token for recording the outcome. */
export interface ClaimedEmail {
  id: string;
  organization_id: string;
  /** The invoice it attaches, or null for a customer statement (the four statement_ fields). */
  invoice_id: string | null;
  customer_id: string | null;
  statement_type: 'outstanding' | 'activity' | null;
  statement_from: string | null;
  statement_to: string | null;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Claims the message due longest, if any, across all books: attempts + 1, leased for `leaseMs`
 * (email-outbox.ts). The pick is a multi-shard read on Citus, declared as such; the claim names the
 * message's organization, so it routes to its shard.
 */
export async function claimDue(db: Db, leaseMs: number): Promise<ClaimedEmail | undefined> {
  const due = await db.transaction(async (tx) => {
    await allowMultiShard(tx);
    return tx.query<{ organization_id: string; id: string }>(
      pickDueStatement('invoice_emails', 'organization_id, id'),
    );
  });
  for (const candidate of due) {
    const [row] = await db.query<ClaimedEmail>(
      claimOneStatement(
        'invoice_emails',
        'e.organization_id = $2 AND e.id = $3',
        `e.id, e.organization_id, e.invoice_id, e.customer_id, e.statement_type,
                  iso_date_text(e.statement_from) AS statement_from, iso_date_text(e.statement_to) AS statement_to,
                  e.to_address, e.subject, e.body, e.attempts`,
      ),
      [leaseMs, candidate.organization_id, candidate.id],
    );
    if (row) return row;
  }
  return undefined;
}

/** Delivered: `sent` with the server's message id. False when the claim was lost (lease ran out). */
export async function recordSent(db: Queryable, claim: ClaimedEmail, messageId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE invoice_emails
        SET status = 'sent', message_id = $4, sent_at = statement_timestamp(), claimed_until = NULL,
            next_attempt_at = NULL
      WHERE organization_id = $1 AND id = $2 AND attempts = $3 AND status = 'queued'
      RETURNING id`,
    [claim.organization_id, claim.id, claim.attempts, messageId],
  );
  return rows.length > 0;
}

/**
 * Not delivered: the error is kept as last_error; with `retryInMs` the message is queued again that
 * far ahead, without it the message is `failed` for good. `attempts` corrects the count when a lease
 * ran out on the last allowed attempt. False when the claim was lost.
 */
export async function recordFailure(
  db: Queryable,
  claim: ClaimedEmail,
  outcome: { error: string; retryInMs: number | null; attempts?: number },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE invoice_emails
        SET status = CASE WHEN $4::float8 IS NULL THEN 'failed' ELSE 'queued' END,
            next_attempt_at = statement_timestamp() + $4::float8 * interval '1 millisecond',
            last_error = $5, claimed_until = NULL, attempts = $6
      WHERE organization_id = $1 AND id = $2 AND attempts = $3 AND status = 'queued'
      RETURNING id`,
    [
      claim.organization_id,
      claim.id,
      claim.attempts,
      outcome.retryInMs,
      outcome.error,
      outcome.attempts ?? claim.attempts,
    ],
  );
  return rows.length > 0;
}
