// Messages that carry a one-time link (D94: password reset, member invitation), through an outbox of
// their own (storage/stores/auth-emails.ts) that the invoice outbox's worker also drains. The message
// is written in the transaction that makes the token, so a link is never sent for a token that was
// not committed. Without SMTP nothing can be delivered: the row says `logged`, keeps no link, and
// the caller logs the link for the operator to pass on.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../storage/db.ts';
import type { AuthEmailKind, ClaimedAuthEmail, NewAuthEmail } from '../../storage/stores/auth-emails.ts';
import * as authEmails from '../../storage/stores/auth-emails.ts';
import type { Deps } from '../context.ts';
import type { OutboxDeps } from './deliver-email.ts';
import { errorText, nextAttemptInMs } from './retry.ts';

export const AUTH_FROM = 'Folio <no-reply@folio.invalid>';
export const { LINK_PLACEHOLDER } = authEmails;

/** What became of a link message: the caller logs the link when it was not queued (no SMTP). */
export interface LinkNotice {
  kind: AuthEmailKind;
  to: string;
  link: string;
  status: 'queued' | 'logged';
}

export async function queueLinkEmail(
  tx: Queryable,
  deps: Deps,
  message: Omit<NewAuthEmail, 'id' | 'status'>,
): Promise<LinkNotice> {
  const status = deps.mailer ? 'queued' : 'logged';
  await authEmails.insert(tx, { id: randomUUID(), ...message, status });
  return { kind: message.kind, to: message.to, link: message.link, status };
}

/** Delivers the link message due longest, if any; answers whether there was one. */
export async function deliverNextAuthEmail(deps: OutboxDeps): Promise<boolean> {
  const claim = await authEmails.claimDue(deps.db, deps.settings.leaseMs);
  if (!claim) return false;
  const where = { auth_email: claim.id, kind: claim.kind };
  const giveUp = async (error: string) => {
    await authEmails.recordFailure(deps.db, claim, { error, retryInMs: null });
    deps.log.error({ ...where, attempts: claim.attempts, error }, 'link email not delivered');
    return true;
  };
  if (claim.link_expired) return giveUp('the link expired before it could be delivered');
  if (claim.attempts > deps.settings.attemptsMax) {
    return giveUp(`no attempt left after ${claim.attempts - 1} (the last was interrupted)`);
  }
  let messageId: string;
  try {
    messageId = (await deps.mailer.send(compose(claim))).messageId;
  } catch (error) {
    const retryInMs = nextAttemptInMs(deps.settings, claim.attempts, error);
    await authEmails.recordFailure(deps.db, claim, { error: errorText(error), retryInMs });
    const detail = { ...where, attempt: claim.attempts, err: error, retry_in_ms: retryInMs };
    if (retryInMs === null) deps.log.error(detail, 'link email failed for good');
    else deps.log.warn(detail, 'link email delivery failed; will retry');
    return true;
  }
  await authEmails.recordSent(deps.db, claim, messageId);
  deps.log.info({ ...where, attempt: claim.attempts, message_id: messageId }, 'link email sent');
  return true;
}

function compose(claim: ClaimedAuthEmail) {
  return {
    from: AUTH_FROM,
    to: claim.to_address,
    subject: claim.subject,
    text: claim.body.replace(LINK_PLACEHOLDER, claim.link),
    attachments: [],
  };
}
