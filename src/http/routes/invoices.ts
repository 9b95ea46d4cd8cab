// Published: invoices (spec "Invoice", "States", D20-D25, D29).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createInvoice, updateInvoice } from '../../app/invoices/draft-invoices.ts';
import { deliverInvoiceEmail, emailInvoice, listInvoiceEmails } from '../../app/invoices/email-invoice.ts';
import { sendInvoice, voidInvoice } from '../../app/invoices/issue-invoice.ts';
import { listInvoices, readInvoice } from '../../app/invoices/read-invoices.ts';
import { action, actorOf, defineRoute, withEtag } from '../route.ts';
import { ActionRequest, IdParams } from '../schemas/common.ts';
import {
  EmailedInvoice,
  Invoice,
  InvoiceCreate,
  InvoiceEmailList,
  InvoiceEmailRequest,
  InvoiceListQuery,
  InvoiceUpdate,
  PageInvoice,
} from '../schemas/invoices.ts';
import { listing } from './paging.ts';

export function registerInvoiceRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'invoices', published: true, auth: 'organization' } as const;
  const write = { ...base, permission: 'invoices:write' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/invoices',
    operationId: 'listInvoices',
    summary: 'List invoices',
    permission: 'invoices:read',
    querystring: InvoiceListQuery,
    response: { 200: PageInvoice },
    handler: listing(deps, listInvoices),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/invoices/:id',
    operationId: 'readInvoice',
    summary: 'Read an invoice',
    permission: 'invoices:read',
    params: IdParams,
    response: { 200: Invoice },
    handler: async (request, reply) =>
      withEtag(reply, await readInvoice(deps.db, actorOf(request), request.params.id)),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/invoices',
    operationId: 'createInvoice',
    summary: 'Create a draft invoice',
    description:
      'Number, due date and totals are computed by the server; totals sent by the client are ignored. No ledger entry is written.',
    body: InvoiceCreate,
    response: { 201: Invoice },
    write: (scope, request) => createInvoice(scope, request.body),
  });

  action(app, deps, {
    ...write,
    method: 'PATCH',
    url: '/api/v1/invoices/:id',
    operationId: 'updateInvoice',
    summary: 'Change a draft invoice (sparse; lines replace all lines)',
    params: IdParams,
    body: InvoiceUpdate,
    response: { 200: Invoice },
    write: (scope, request, version) => updateInvoice(scope, request.params.id, request.body, version),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/invoices/:id/send',
    operationId: 'sendInvoice',
    summary: 'Issue a draft invoice: posts it to the ledger; nothing is emailed',
    params: IdParams,
    body: ActionRequest,
    response: { 200: Invoice },
    write: (scope, request, version) => sendInvoice(scope, request.params.id, version),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/invoices/:id/void',
    operationId: 'voidInvoice',
    summary: 'Void an invoice (a draft, or a sent invoice with no payment applied)',
    params: IdParams,
    body: ActionRequest,
    response: { 200: Invoice },
    write: (scope, request, version) => voidInvoice(scope, request.params.id, version),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/invoices/:id/email',
    operationId: 'emailInvoice',
    summary: 'Issue the invoice (if a draft) and email it as a PDF to the customer',
    description:
      'A draft is sent (posted) first, as by /send; a sent invoice is emailed again without posting. In sandbox books the message is recorded and never sent (D29).',
    params: IdParams,
    body: InvoiceEmailRequest,
    response: { 200: EmailedInvoice },
    write: (scope, request, version) => emailInvoice(scope, request.params.id, request.body ?? {}, version),
    afterCommit: (request, committed) => deliverInvoiceEmail(deps, actorOf(request), committed),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/invoices/:id/emails',
    operationId: 'listInvoiceEmails',
    summary: 'List the emails of an invoice (sent, queued, recorded in a sandbox, or failed)',
    permission: 'invoices:read',
    params: IdParams,
    response: { 200: InvoiceEmailList },
    handler: async (request) => ({
      results: await listInvoiceEmails(deps.db, actorOf(request), request.params.id),
    }),
  });
}
