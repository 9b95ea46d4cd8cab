// Published: invoices (spec "Invoice", "States", D20-D25, D29).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createInvoice, updateInvoice } from '../../app/invoices/draft-invoices.ts';
import { emailInvoice, listInvoiceEmails } from '../../app/invoices/email-invoice.ts';
import { invoicePdf } from '../../app/invoices/invoice-pdf.ts';
import { sendInvoice, voidInvoice } from '../../app/invoices/issue-invoice.ts';
import { invoiceTotals, listInvoices, readInvoice } from '../../app/invoices/read-invoices.ts';
import { documentRoutes } from '../document-routes.ts';
import { actorOf, type Sent } from '../route.ts';
import { IdParams } from '../schemas/common.ts';
import {
  EmailedInvoice,
  Invoice,
  InvoiceCreate,
  InvoiceEmailList,
  InvoiceEmailRequest,
  InvoiceListQuery,
  InvoiceTotalsQuery,
  InvoiceUpdate,
  PageInvoice,
} from '../schemas/invoices.ts';

export function registerInvoiceRoutes(app: FastifyInstance, deps: Deps) {
  const invoices = documentRoutes(app, deps, { noun: 'invoice', area: 'invoices', schema: Invoice });
  invoices.list({ querystring: InvoiceListQuery, page: PageInvoice, list: listInvoices });
  invoices.totals(InvoiceTotalsQuery, invoiceTotals);
  invoices.read((actor, id) => readInvoice(deps.db, actor, id));
  invoices.create({
    summary: 'Create a draft invoice',
    description:
      "Number and totals are computed by the server; totals sent by the client are ignored. The due date is issue_date + payment_terms (the customer's unless sent), or the due_date sent (never before issue_date). No ledger entry is written.",
    body: InvoiceCreate,
    create: createInvoice,
  });
  invoices.update({ body: InvoiceUpdate, update: updateInvoice });
  invoices.act('send', {
    summary: 'Issue a draft invoice: posts it to the ledger; nothing is emailed',
    act: sendInvoice,
  });
  invoices.act('void', {
    summary: 'Void an invoice (a draft, or a sent invoice with no payment applied)',
    act: voidInvoice,
  });

  invoices.post({
    url: '/api/v1/invoices/:id/email',
    operationId: 'emailInvoice',
    summary: 'Issue the invoice (if a draft) and email it as a PDF to the customer',
    description:
      'A draft is sent (posted) first, as by /send; a sent invoice is emailed again without posting. The message is written to the outbox with the send and answers `queued`; the service delivers it through SMTP shortly after, retrying with backoff (D62): follow it on GET /invoices/{id}/emails. In sandbox books the message is `recorded` and never sent (D29).',
    params: IdParams,
    body: InvoiceEmailRequest,
    response: { 200: EmailedInvoice },
    write: (scope, request, version) => emailInvoice(scope, request.params.id, request.body ?? {}, version),
    // The message committed with the send: let this process's outbox worker take it now (D62).
    afterCommit: async (_request, committed) => {
      deps.emailOutbox?.wake();
      return committed;
    },
  });

  invoices.get({
    url: '/api/v1/invoices/:id/emails',
    operationId: 'listInvoiceEmails',
    summary: 'List the emails of an invoice: status (queued, sent, failed, recorded), attempts, last error',
    params: IdParams,
    response: { 200: InvoiceEmailList },
    handler: async (request) => ({
      results: await listInvoiceEmails(deps.db, actorOf(request), request.params.id),
    }),
  });

  invoices.get({
    url: '/api/v1/invoices/:id/pdf',
    operationId: 'getInvoicePdf',
    summary: 'The invoice as a PDF (the document its email attaches)',
    description:
      'Any status: a draft prints as a draft, a void one as void. application/pdf, with a file name.',
    params: IdParams,
    producesFile: 'application/pdf',
    response: { 200: Type.String({ format: 'binary' }) },
    handler: async (request, reply) => {
      const pdf = await invoicePdf(deps, actorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${pdf.filename}"`)
        .send(pdf.bytes) as Sent;
    },
  });
}
