// Published: customer statements (D92), as JSON, CSV or PDF by Accept (or ?format=), and their email
// through the outbox.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { customerStatement } from '../../app/statements/customer-statement.ts';
import { emailStatement } from '../../app/statements/email-statement.ts';
import { renderStatementPdf, statementFilename } from '../../app/statements/statement-pdf.ts';
import { csvReply, preferredFormat } from '../csv.ts';
import { statementCsv } from '../report-csv.ts';
import { action, actorOf, defineRoute, type Sent } from '../route.ts';
import { IdParams } from '../schemas/common.ts';
import {
  CustomerStatement,
  StatementEmail,
  StatementEmailRequest,
  StatementQuery,
} from '../schemas/statements.ts';

export function registerStatementRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'customers', published: true, auth: 'organization' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/customers/:id/statement',
    operationId: 'getCustomerStatement',
    summary: 'A customer statement: outstanding (open invoices and unapplied credit as of `to`) or activity',
    description:
      'type=activity gives the opening balance, each invoice, payment and credit note (and void) dated in from..to with a running balance, and the closing balance: the customer’s receivable balance at `to`. Accept: text/csv or application/pdf (or ?format=csv|pdf) answers the same statement as a file.',
    permission: 'reports:read',
    alsoProduces: ['text/csv', 'application/pdf'],
    params: IdParams,
    querystring: StatementQuery,
    response: { 200: CustomerStatement },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const statement = await customerStatement(deps.db, actor, request.params.id, request.query);
      const format = preferredFormat(request, ['csv', 'pdf']);
      if (format === 'json') return statement;
      const filename = statementFilename(statement);
      if (format === 'csv') return csvReply(reply, `${filename}.csv`).send(statementCsv(statement)) as Sent;
      const pdf = await renderStatementPdf(statement, actor.organization.name);
      return reply
        .code(200)
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}.pdf"`)
        .send(pdf) as Sent;
    },
  });

  action(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/customers/:id/statement/email',
    operationId: 'emailCustomerStatement',
    summary: 'Email a customer statement as a PDF through the outbox',
    description:
      'The message is written to the outbox and answers `queued`; the service renders the statement (type and dates as asked for here) and delivers it through SMTP shortly after, retrying with backoff (D62). In sandbox books it is `recorded` and never sent (D29). `recipient` defaults to the customer’s email.',
    permission: 'invoices:write',
    params: IdParams,
    body: StatementEmailRequest,
    response: { 201: StatementEmail },
    write: (scope, request) => emailStatement(scope, request.params.id, request.body ?? {}),
    afterCommit: async (_request, committed) => {
      deps.emailOutbox?.wake();
      return committed;
    },
  });
}
