// POST /invoices/{id}/email (D29): issue the invoice (if a draft) and email it with the PDF attached.
// The send, its posting and the email record commit in ONE transaction; the SMTP conversation runs
// only after that commit (never while holding row locks), and its outcome is recorded afterwards.
// A failed delivery does not undo the send: the ledger work stands and the record says `failed`.
import { randomUUID } from 'node:crypto';
import { fieldError, notFound } from '../../domain/errors.ts';
import { assertEmailable } from '../../domain/invoice.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import * as customers from '../../storage/stores/customers.ts';
import type { EmailStatus } from '../../storage/stores/invoices.ts';
import * as invoices from '../../storage/stores/invoices.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import type { StoredResponse } from '../write.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { lockInvoice, sendLockedDraft } from './issue-invoice.ts';
import { type InvoiceView, readInvoice } from './read-invoices.ts';

export const DEFAULT_FROM = 'Folio invoices <invoices@folio.invalid>';

export interface EmailInvoiceCommand {
  to?: string;
  subject?: string;
  message?: string;
}

export type { EmailStatus };

export type EmailedInvoiceView = InvoiceView & { email: { id: string; status: EmailStatus; to: string } };

function defaultMessage(invoice: InvoiceView, organizationName: string): string {
  const due = parseMoney(invoice.balance_due);
  return [
    `Dear ${invoice.customer_name},`,
    '',
    `Please find attached invoice ${invoice.number} from ${organizationName}.`,
    `Amount due: ${invoice.currency} ${formatMoney(due)}, due on ${invoice.due_date}.`,
    '',
    'Thank you for your business.',
  ].join('\n');
}

/**
 * In the write's transaction: sends a draft (D25 posting), or re-emails a sent invoice without posting;
 * writes the email record as `recorded` (sandbox: never sent), or `queued` (live: delivered after commit
 * when SMTP is configured, left queued when it is not).
 */
export async function emailInvoice(
  scope: WriteScope,
  id: string,
  command: EmailInvoiceCommand,
  expectedVersion?: number,
): Promise<EmailedInvoiceView> {
  const organization = scope.actor.organization;
  const row = await lockInvoice(scope, id, expectedVersion);
  assertEmailable(row);
  const customer = await customers.find(scope.tx, organization.id, row.customer_id);
  const to = command.to ?? customer?.email ?? '';
  if (to.trim() === '') {
    throw fieldError('to', 'the customer has no email address; send `to`');
  }
  if (row.status === 'draft') await sendLockedDraft(scope, row);
  const invoice = await readInvoice(scope.tx, scope.actor, id);
  const status: EmailStatus = organization.mode === 'sandbox' ? 'recorded' : 'queued';
  const emailId = randomUUID();
  await invoices.insertEmail(scope.tx, {
    id: emailId,
    organizationId: organization.id,
    invoiceId: id,
    to,
    subject: command.subject ?? `Invoice ${invoice.number} from ${organization.name}`,
    body: command.message ?? defaultMessage(invoice, organization.name),
    status,
  });
  return { ...invoice, email: { id: emailId, status, to } };
}

/**
 * After the commit: delivers a `queued` email of a live organization through the mailer, records
 * `sent` (with the SMTP message id) or `failed` (with the error), and answers with that outcome.
 * Replays, refusals, sandboxes and books without SMTP pass through untouched. Never throws.
 */
export async function deliverInvoiceEmail(
  deps: Deps,
  actor: Actor,
  stored: StoredResponse,
): Promise<StoredResponse> {
  if (stored.replayed || stored.status !== 200 || !deps.mailer || actor.organization.mode !== 'live') {
    return stored;
  }
  const body = JSON.parse(stored.text) as EmailedInvoiceView;
  if (body.email?.status !== 'queued') return stored;
  const record = await invoices.findEmail(deps.db, actor.organization.id, body.email.id);
  if (!record) return stored;
  let outcome: { status: EmailStatus; messageId: string | null; error: string | null };
  try {
    const pdf = await renderInvoicePdf(body, actor.organization.name);
    const sent = await deps.mailer.send({
      from: DEFAULT_FROM,
      to: body.email.to,
      subject: record.subject,
      text: record.body,
      attachments: [{ filename: `${body.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
    outcome = { status: 'sent', messageId: sent.messageId, error: null };
  } catch (error) {
    outcome = {
      status: 'failed',
      messageId: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  try {
    await invoices.setEmailOutcome(deps.db, actor.organization.id, body.email.id, {
      ...outcome,
      error: outcome.error?.slice(0, 2000) ?? null,
    });
  } catch {
    return stored; // the record stays queued; the invoice is sent either way
  }
  body.email.status = outcome.status;
  return { ...stored, text: JSON.stringify(body) };
}

/** GET /invoices/{id}/emails: every email of the invoice, oldest first. */
export async function listInvoiceEmails(db: Queryable, actor: Actor, invoiceId: string) {
  const organizationId = actor.organization.id;
  if (!(await invoices.find(db, organizationId, invoiceId))) throw notFound('invoice');
  const rows = await invoices.emailsOf(db, organizationId, invoiceId);
  return rows.map((row) => ({
    id: row.id,
    invoice: row.invoice_id,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    status: row.status,
    message_id: row.message_id,
    error: row.error,
    created_at: row.created_at,
  }));
}
