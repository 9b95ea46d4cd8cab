// POST /invoices/{id}/email (D29, D62): issue the invoice (if a draft) and put its email in the outbox.
// The send, its posting and the message commit in ONE transaction; the request never talks SMTP.
// The outbox worker (src/app/email) delivers the message with the PDF attached, retrying with backoff,
// and records the outcome on the row (`GET /invoices/{id}/emails`). A delivery that fails for good
// does not undo the send: the ledger work stands and the record says `failed`.
import { randomUUID } from 'node:crypto';
import { fieldError, notFound } from '../../domain/errors.ts';
import { assertEmailable } from '../../domain/invoice.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import * as customers from '../../storage/stores/customers.ts';
import type { EmailStatus } from '../../storage/stores/invoice-emails.ts';
import * as emails from '../../storage/stores/invoice-emails.ts';
import * as invoices from '../../storage/stores/invoices.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor } from '../context.ts';
import { lockInvoice, sendLockedDraft } from './issue-invoice.ts';
import { type InvoiceView, readInvoice } from './read-invoices.ts';

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
    `Please find attached invoice ${invoice.number} from ${organizationName}${invoice.reference ? ` (your reference ${invoice.reference})` : ''}.`,
    `Amount due: ${invoice.currency} ${formatMoney(due)}, due on ${invoice.due_date}.`,
    '',
    'Thank you for your business.',
  ].join('\n');
}

/**
 * In the write's transaction: sends a draft (D25 posting), or re-emails a sent invoice without posting;
 * writes the message as `recorded` (sandbox: never sent), or `queued` (live: the outbox delivers it when
 * SMTP is configured; without SMTP it stays queued until a process with SMTP runs).
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
  const status = organization.mode === 'sandbox' ? 'recorded' : 'queued';
  const emailId = randomUUID();
  await emails.insert(scope.tx, {
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

/** GET /invoices/{id}/emails: every email of the invoice, oldest first. */
export async function listInvoiceEmails(db: Queryable, actor: Actor, invoiceId: string) {
  const organizationId = actor.organization.id;
  if (!(await invoices.find(db, organizationId, invoiceId))) throw notFound('invoice');
  const rows = await emails.emailsOf(db, organizationId, invoiceId);
  return rows.map((row) => ({
    id: row.id,
    invoice: row.invoice_id,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.next_attempt_at,
    sent_at: row.sent_at,
    message_id: row.message_id,
    last_error: row.last_error,
    error: row.last_error,
    created_at: row.created_at,
  }));
}
