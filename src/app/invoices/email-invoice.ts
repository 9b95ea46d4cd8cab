// POST /invoices/{id}/email (D29): issue the invoice (if a draft) and email it with the PDF attached.
// The send, its posting and the email record commit in ONE transaction; the SMTP conversation runs
// only after that commit (never while holding row locks), and its outcome is recorded afterwards.
// A failed delivery does not undo the send: the ledger work stands and the record says `failed`.
import { randomUUID } from 'node:crypto';
import { fieldError, invalidState, notFound } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { isoTimestamp } from '../ledger/sql.ts';
import type { StoredResponse } from '../write.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { findInvoice, type InvoiceView, readInvoice } from './invoice-store.ts';
import { lockInvoice, sendLockedDraft } from './issue-invoice.ts';

export const DEFAULT_FROM = 'Folio invoices <invoices@folio.invalid>';

export interface EmailInvoiceCommand {
  to?: string;
  subject?: string;
  message?: string;
}

export type EmailStatus = 'recorded' | 'queued' | 'sent' | 'failed';

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
  if (row.status !== 'draft' && row.status !== 'sent') {
    throw invalidState(`invoice ${row.number} is ${row.status}; only a draft or sent invoice is emailed`, {
      status: row.status,
    });
  }
  const [customer] = await scope.tx.query<{ email: string | null }>(
    'SELECT email FROM customers WHERE organization_id = $1 AND id = $2',
    [organization.id, row.customer_id],
  );
  const to = command.to ?? customer?.email ?? '';
  if (to.trim() === '') {
    throw fieldError('to', 'the customer has no email address; send `to`');
  }
  if (row.status === 'draft') await sendLockedDraft(scope, row);
  const invoice = await readInvoice(scope.tx, scope.actor, id);
  const status: EmailStatus = organization.mode === 'sandbox' ? 'recorded' : 'queued';
  const emailId = randomUUID();
  await scope.tx.query(
    `INSERT INTO invoice_emails (id, organization_id, invoice_id, to_address, subject, body, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      emailId,
      organization.id,
      id,
      to,
      command.subject ?? `Invoice ${invoice.number} from ${organization.name}`,
      command.message ?? defaultMessage(invoice, organization.name),
      status,
    ],
  );
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
  const [record] = await deps.db.query<{ subject: string; body: string }>(
    'SELECT subject, body FROM invoice_emails WHERE organization_id = $1 AND id = $2',
    [actor.organization.id, body.email.id],
  );
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
    await deps.db.query(
      `UPDATE invoice_emails SET status = $3, message_id = $4, error = $5
        WHERE organization_id = $1 AND id = $2`,
      [
        actor.organization.id,
        body.email.id,
        outcome.status,
        outcome.messageId,
        outcome.error?.slice(0, 2000) ?? null,
      ],
    );
  } catch {
    return stored; // the record stays queued; the invoice is sent either way
  }
  body.email.status = outcome.status;
  return { ...stored, text: JSON.stringify(body) };
}

interface EmailRow {
  id: string;
  invoice_id: string;
  to_address: string;
  subject: string;
  body: string;
  status: EmailStatus;
  message_id: string | null;
  error: string | null;
  created_at: string;
}

/** GET /invoices/{id}/emails: every email of the invoice, oldest first. */
export async function listInvoiceEmails(db: Queryable, actor: Actor, invoiceId: string) {
  const organizationId = actor.organization.id;
  if (!(await findInvoice(db, organizationId, invoiceId))) throw notFound('invoice');
  const rows = await db.query<EmailRow>(
    `SELECT id, invoice_id, to_address, subject, body, status, message_id, error,
            ${isoTimestamp('created_at')} AS created_at
       FROM invoice_emails WHERE organization_id = $1 AND invoice_id = $2
      ORDER BY created_at, id LIMIT 500`,
    [organizationId, invoiceId],
  );
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
