// The outbox of one-time links (D94): password reset and invitation messages. The same steps as the
// invoice email outbox (email-outbox.ts says why a claim is shaped so): a claim counts the attempt and
// leases the row, outcomes are written only by the claim that holds it. The
// link (it carries a token) is cleared with every final outcome.
import type { Queryable } from '../db.ts';
import { isoTimestamp } from '../sql.ts';
import { claimOneStatement, pickDueStatement } from './email-outbox.ts';

export type AuthEmailKind = 'password_reset' | 'invitation';
export type AuthEmailStatus = 'queued' | 'sent' | 'failed' | 'logged';

/** Where the link goes in `body`. */
export const LINK_PLACEHOLDER = '{{link}}';

export interface NewAuthEmail {
  id: string;
  kind: AuthEmailKind;
  organizationId: string | null;
  to: string;
  subject: string;
  /** The text, with LINK_PLACEHOLDER where the link goes. */
  body: string;
  /** The link, kept until delivery when `queued`; never stored when `logged`. */
  link: string;
  linkExpiresAt: Date;
  status: 'queued' | 'logged';
}

export async function insert(db: Queryable, email: NewAuthEmail): Promise<void> {
  await db.query(
    `INSERT INTO auth_emails (id, kind, organization_id, to_address, subject, body, link, link_expires_at,
                              status, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $9 = 'queued' THEN $7 END, $8, $9,
             clock_timestamp() + CASE WHEN $9 = 'queued' THEN interval '0' END)`,
    [
      email.id,
      email.kind,
      email.organizationId,
      email.to,
      email.subject,
      email.body,
      email.link,
      email.linkExpiresAt,
      email.status,
    ],
  );
}

export interface ClaimedAuthEmail {
  id: string;
  kind: AuthEmailKind;
  to_address: string;
  subject: string;
  body: string;
  link: string;
  /** The link no longer works: delivering it would only confuse. */
  link_expired: boolean;
  attempts: number;
}

/**
 * Claims the message due longest, if any: attempts + 1, leased for `leaseMs` (email-outbox.ts). Whether
 * its link has expired is read by the pick: Citus (a reference table there) refuses a clock in
 * RETURNING.
 */
export async function claimDue(db: Queryable, leaseMs: number): Promise<ClaimedAuthEmail | undefined> {
  const due = await db.query<{ id: string; link_expired: boolean }>(
    pickDueStatement('auth_emails', 'id, (link_expires_at <= clock_timestamp()) AS link_expired'),
  );
  for (const candidate of due) {
    const [row] = await db.query<Omit<ClaimedAuthEmail, 'link_expired'>>(
      claimOneStatement(
        'auth_emails',
        'e.id = $2',
        'e.id, e.kind, e.to_address, e.subject, e.body, e.link, e.attempts',
      ),
      [leaseMs, candidate.id],
    );
    if (row) return { ...row, link_expired: candidate.link_expired };
  }
  return undefined;
}

/** Delivered: `sent`, the link cleared. False when the claim was lost (its lease ran out). */
export async function recordSent(
  db: Queryable,
  claim: ClaimedAuthEmail,
  messageId: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE auth_emails
        SET status = 'sent', message_id = $3, sent_at = statement_timestamp(), claimed_until = NULL,
            next_attempt_at = NULL, link = NULL
      WHERE id = $1 AND attempts = $2 AND status = 'queued'
      RETURNING id`,
    [claim.id, claim.attempts, messageId],
  );
  return rows.length > 0;
}

/** Not delivered: queued again `retryInMs` ahead, or (null) `failed` for good with the link cleared. */
export async function recordFailure(
  db: Queryable,
  claim: ClaimedAuthEmail,
  outcome: { error: string; retryInMs: number | null },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE auth_emails
        SET status = CASE WHEN $3::float8 IS NULL THEN 'failed' ELSE 'queued' END,
            next_attempt_at = statement_timestamp() + $3::float8 * interval '1 millisecond',
            link = CASE WHEN $3::float8 IS NULL THEN NULL ELSE link END,
            last_error = $4, claimed_until = NULL
      WHERE id = $1 AND attempts = $2 AND status = 'queued'
      RETURNING id`,
    [claim.id, claim.attempts, outcome.retryInMs, outcome.error],
  );
  return rows.length > 0;
}

export interface AuthEmailRow {
  id: string;
  kind: AuthEmailKind;
  to_address: string;
  subject: string;
  body: string;
  link: string | null;
  status: AuthEmailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

/** The messages sent to an address, newest first (operators and tests; 50 at most). */
export function sentTo(db: Queryable, address: string): Promise<AuthEmailRow[]> {
  return db.query<AuthEmailRow>(
    `SELECT id, kind, to_address, subject, body, link, status, attempts, last_error,
            ${isoTimestamp('created_at')} AS created_at
       FROM auth_emails WHERE lower(to_address) = lower($1)
      ORDER BY created_at DESC, id LIMIT 50`,
    [address],
  );
}
