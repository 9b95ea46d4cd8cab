// POST /customers/{id}/statement/email (D92): the statement goes through the invoice email outbox.
// The request writes the message (with the statement's type and dates fixed) in its transaction and
// never talks SMTP; the outbox worker renders the PDF and delivers it (D62). Sandbox books record the
// message and never send it (D29). Emailing changes no document, so no change record is written.
import { randomUUID } from 'node:crypto';
import { fieldError, notFound } from '../../domain/errors.ts';
import * as customers from '../../storage/stores/customers.ts';
import * as emails from '../../storage/stores/invoice-emails.ts';
import type { WriteScope } from '../changes.ts';
import { customerStatement, type StatementQuery, statementParams } from './customer-statement.ts';

export interface EmailStatementCommand extends StatementQuery {
  recipient?: string;
  subject?: string;
  message?: string;
}

export async function emailStatement(scope: WriteScope, customerId: string, command: EmailStatementCommand) {
  const organization = scope.actor.organization;
  const customer = await customers.find(scope.tx, organization.id, customerId);
  if (!customer) throw notFound('customer');
  const params = statementParams(scope.actor, command, '');
  const recipient = command.recipient ?? customer.email ?? '';
  if (recipient.trim() === '')
    throw fieldError('recipient', 'the customer has no email address; send `recipient`');
  const statement = await customerStatement(scope.tx, scope.actor, customer.id, {
    type: params.type,
    to: params.to,
    ...(params.from === null ? {} : { from: params.from }),
  });
  const period = params.from === null ? `as of ${params.to}` : `for ${params.from} to ${params.to}`;
  const subject = command.subject ?? `Statement ${period} from ${organization.name}`;
  const body =
    command.message ??
    [
      `Dear ${customer.display_name},`,
      '',
      `Please find attached your statement ${period} from ${organization.name}.`,
      `Balance: ${organization.currency} ${statement.balance}.`,
      '',
      'Thank you for your business.',
    ].join('\n');
  const status: 'recorded' | 'queued' = organization.mode === 'sandbox' ? 'recorded' : 'queued';
  const id = randomUUID();
  const { created_at } = await emails.insertStatement(scope.tx, {
    id,
    organizationId: organization.id,
    statement: { customerId: customer.id, type: params.type, from: params.from, to: params.to },
    to: recipient,
    subject,
    body,
    status,
  });
  return {
    id,
    customer: customer.id,
    type: params.type,
    from: params.from,
    to: params.to,
    recipient,
    subject,
    body,
    status,
    balance: statement.balance,
    created_at,
  };
}
