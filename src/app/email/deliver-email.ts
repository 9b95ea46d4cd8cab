// One delivery of the invoice email outbox (D62): claim the message due longest (a short statement of
// its own: attempt counted, row leased), render the invoice's PDF and hold the SMTP conversation with
// no transaction or row lock open, then record the outcome in another statement: `sent` with the
// message id, or the error with the next attempt (backoff), or `failed` after the last attempt.
import type { Db } from '../../storage/db.ts';
import type { ClaimedEmail } from '../../storage/stores/invoice-emails.ts';
import * as emails from '../../storage/stores/invoice-emails.ts';
import type { OrganizationRow } from '../../storage/stores/organizations.ts';
import * as organizations from '../../storage/stores/organizations.ts';
import type { Mailer } from '../context.ts';
import { renderInvoicePdf } from '../invoices/invoice-pdf.ts';
import { readInvoice } from '../invoices/read-invoices.ts';
import { customerStatement } from '../statements/customer-statement.ts';
import { renderStatementPdf, statementFilename } from '../statements/statement-pdf.ts';
import { type EmailOutboxSettings, errorText, nextAttemptInMs } from './retry.ts';

export const DEFAULT_FROM = 'Folio invoices <invoices@folio.invalid>';

/** The part of pino (Fastify's logger) the outbox writes to. */
export interface OutboxLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OutboxDeps {
  db: Db;
  mailer: Mailer;
  settings: EmailOutboxSettings;
  log: OutboxLogger;
}

/** Delivers the message due longest, if any; answers whether there was one (the worker loops on it). */
export async function deliverNextEmail(deps: OutboxDeps): Promise<boolean> {
  const claim = await emails.claimDue(deps.db, deps.settings.leaseMs);
  if (!claim) return false;
  const where = { email: claim.id, invoice: claim.invoice_id, organization: claim.organization_id };
  if (claim.attempts > deps.settings.attemptsMax) {
    // No attempt left: the lease of the last one ran out (its process died mid-send), or the
    // setting was lowered since. Give up without sending; the count stays the attempts made.
    const attempts = claim.attempts - 1;
    await emails.recordFailure(deps.db, claim, {
      error: `no attempt left after ${attempts} (the last was interrupted before its outcome was recorded)`,
      retryInMs: null,
      attempts,
    });
    deps.log.error({ ...where, attempts }, 'invoice email failed: attempts exhausted');
    return true;
  }
  let messageId: string;
  try {
    messageId = await send(deps, claim);
  } catch (error) {
    const retryInMs = nextAttemptInMs(deps.settings, claim.attempts, error);
    const recorded = await emails.recordFailure(deps.db, claim, { error: errorText(error), retryInMs });
    const detail = { ...where, attempt: claim.attempts, err: error, retry_in_ms: retryInMs, recorded };
    if (retryInMs === null) deps.log.error(detail, 'invoice email failed for good');
    else deps.log.warn(detail, 'invoice email delivery failed; will retry');
    return true;
  }
  const recorded = await emails.recordSent(deps.db, claim, messageId);
  if (recorded)
    deps.log.info({ ...where, attempt: claim.attempts, message_id: messageId }, 'invoice email sent');
  else {
    // Only when this send outlived its lease and another claim took the message over.
    deps.log.warn(
      { ...where, attempt: claim.attempts, message_id: messageId },
      'invoice email sent after its lease ran out',
    );
  }
  return true;
}

/** The SMTP conversation: the invoice as it stands now, or the statement asked for, as a PDF attachment. */
async function send(deps: OutboxDeps, claim: ClaimedEmail): Promise<string> {
  const organization = await organizations.find(deps.db, claim.organization_id);
  if (!organization) throw new Error('the books of this email no longer exist');
  const attachment = await attachmentOf(deps, claim, organization);
  const sent = await deps.mailer.send({
    from: DEFAULT_FROM,
    to: claim.to_address,
    subject: claim.subject,
    text: claim.body,
    attachments: [{ ...attachment, contentType: 'application/pdf' }],
  });
  return sent.messageId;
}

async function attachmentOf(
  deps: OutboxDeps,
  claim: ClaimedEmail,
  organization: OrganizationRow,
): Promise<{ filename: string; content: Buffer }> {
  if (claim.invoice_id !== null) {
    const invoice = await readInvoice(deps.db, { organization }, claim.invoice_id);
    return { filename: `${invoice.number}.pdf`, content: await renderInvoicePdf(invoice, organization.name) };
  }
  // A customer statement (D92), rendered with the type and dates fixed when it was asked for.
  if (claim.customer_id === null || claim.statement_type === null || claim.statement_to === null) {
    throw new Error('an outbox row names neither an invoice nor a statement');
  }
  const statement = await customerStatement(deps.db, { organization }, claim.customer_id, {
    type: claim.statement_type,
    to: claim.statement_to,
    ...(claim.statement_from === null ? {} : { from: claim.statement_from }),
  });
  return {
    filename: `${statementFilename(statement)}.pdf`,
    content: await renderStatementPdf(statement, organization.name),
  };
}
