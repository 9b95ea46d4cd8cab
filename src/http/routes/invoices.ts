// Published: invoices (spec "Invoice", "States", D20-D25, D29).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createInvoice, updateInvoice } from '../../app/invoices/draft-invoices.ts';
import { deliverInvoiceEmail, emailInvoice, listInvoiceEmails } from '../../app/invoices/email-invoice.ts';
import { listInvoices, readInvoice } from '../../app/invoices/read-invoices.ts';
import { sendInvoice, voidInvoice } from '../../app/invoices/issue-invoice.ts';
import { decodeCursor } from '../../app/pagination.ts';
import { INVOICE_STATUSES, LINES_PER_INVOICE_MAX } from '../../domain/invoice.ts';
import { actorOf, defineRoute, expectedVersion, respondWrite, withEtag } from '../route.ts';
import {
  CursorQuery,
  DateString,
  IdParams,
  MoneyInput,
  MoneyOutput,
  Page,
  Quantity,
  Uuid,
  Version,
} from '../schemas/common.ts';
import { pageBody } from './paging.ts';

const LineInput = Type.Object({
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  quantity: { ...Quantity, description: 'Decimal string, up to 4 decimals (D6); a JSON number is refused.' },
  unit_price: MoneyInput('Price of one unit.'),
  income_account: Uuid('An active income account of these books.'),
  is_taxable: Type.Optional(Type.Boolean({ default: false })),
  tax_rate: Type.Optional(
    Type.Union([Uuid('A tax-rate id: required when is_taxable, omitted otherwise.'), Type.Null()]),
  ),
  tracking_options: Type.Optional(Type.Array(Type.String(), { maxItems: 20 })),
});
const Lines = Type.Array(LineInput, { minItems: 1, maxItems: LINES_PER_INVOICE_MAX });
const InvoiceNumber = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: '^[0-9A-Za-z][0-9A-Za-z._/-]*$',
  description: 'Your own number; omitted, the server allocates the next INV- number.',
});

const InvoiceFields = {
  id: Type.String({ format: 'uuid' }),
  number: Type.String(),
  customer: Type.String({ format: 'uuid' }),
  customer_name: Type.String(),
  status: Type.String({ description: 'draft, sent, paid or void' }),
  issue_date: Type.String({ format: 'date' }),
  due_date: Type.String({ format: 'date', description: "From the customer's payment terms (D20)." }),
  currency: Type.String(),
  subtotal: MoneyOutput(),
  tax_total: MoneyOutput(),
  total: MoneyOutput('subtotal + tax_total'),
  amount_paid: MoneyOutput(),
  balance_due: MoneyOutput('total - amount_paid; 0 when void.'),
  days_overdue: Type.Integer({ minimum: 0, description: 'D24: days past due of a sent invoice, else 0.' }),
  memo: Type.String(),
  journal_entry: Type.Union([Type.String(), Type.Null()], { description: 'The entry posted by send.' }),
  void_entry: Type.Union([Type.String(), Type.Null()], { description: 'The reversing entry of a void.' }),
  sent_at: Type.Union([Type.String(), Type.Null()]),
  voided_at: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
};

export const InvoiceSummary = Type.Object(InvoiceFields, { $id: 'InvoiceSummary', title: 'InvoiceSummary' });
export const Invoice = Type.Object(
  {
    ...InvoiceFields,
    lines: Type.Array(
      Type.Object({
        line_no: Type.Integer(),
        description: Type.String(),
        quantity: Type.String(),
        unit_price: MoneyOutput(),
        amount: MoneyOutput('quantity x unit_price, rounded to the currency minor unit (D8).'),
        income_account: Type.String({ format: 'uuid' }),
        is_taxable: Type.Boolean(),
        tax_rate: Type.Union([Type.String(), Type.Null()]),
        tax_amount: MoneyOutput(),
        tracking_options: Type.Array(Type.String()),
      }),
    ),
  },
  { $id: 'Invoice', title: 'Invoice' },
);
const InvoiceRef = Type.Ref('Invoice');

export const InvoiceEmail = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    invoice: Type.String({ format: 'uuid' }),
    to: Type.String(),
    subject: Type.String(),
    body: Type.String(),
    status: Type.String({
      description: 'recorded (sandbox, never sent), queued (no SMTP configured), sent, or failed (D29).',
    }),
    message_id: Type.Union([Type.String(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
  },
  { $id: 'InvoiceEmail', title: 'InvoiceEmail' },
);

const EmailedInvoice = Type.Intersect([
  InvoiceRef,
  Type.Object({
    email: Type.Object({ id: Type.String({ format: 'uuid' }), status: Type.String(), to: Type.String() }),
  }),
]);

const ActionBody = Type.Object({ version: Type.Optional(Version) });

export function registerInvoiceRoutes(app: FastifyInstance, deps: Deps) {
  app.addSchema(InvoiceSummary);
  app.addSchema(Invoice);
  app.addSchema(InvoiceEmail);
  const base = { tag: 'invoices', published: true, auth: 'organization' } as const;
  const write = { ...base, permission: 'invoices:write' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/invoices',
    summary: 'List invoices',
    permission: 'invoices:read',
    querystring: Type.Object({
      ...CursorQuery,
      status: Type.Optional(Type.Union(INVOICE_STATUSES.map((status) => Type.Literal(status)))),
      customer: Type.Optional(Type.String({ description: 'Customer id.' })),
      issue_date_from: Type.Optional(DateString()),
      issue_date_to: Type.Optional(DateString()),
      search: Type.Optional(Type.String({ maxLength: 200, description: 'Invoice number or customer name.' })),
    }),
    response: { 200: Page(Type.Ref('InvoiceSummary')) },
    handler: async (request) => {
      const actor = actorOf(request);
      const page = await listInvoices(
        deps,
        actor,
        decodeCursor(actor.organization.id, request.query.cursor),
        request.query,
      );
      return pageBody(deps, request, page);
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/invoices/:id',
    summary: 'Read an invoice',
    permission: 'invoices:read',
    params: IdParams,
    response: { 200: InvoiceRef },
    handler: async (request, reply) =>
      withEtag(reply, await readInvoice(deps.db, actorOf(request), request.params.id)),
  });

  defineRoute(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/invoices',
    summary: 'Create a draft invoice',
    description:
      'Number, due date and totals are computed by the server; totals sent by the client are ignored. No ledger entry is written.',
    body: Type.Object({
      customer: Uuid('Customer id.'),
      lines: Lines,
      issue_date: Type.Optional(DateString('Defaults to today in the organization time zone.')),
      number: Type.Optional(InvoiceNumber),
      memo: Type.Optional(Type.String({ maxLength: 4000 })),
      currency: Type.Optional(Type.String()),
    }),
    response: { 201: InvoiceRef },
    handler: async (request, reply) =>
      respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await createInvoice(scope, request.body),
      })),
  });

  defineRoute(app, deps, {
    ...write,
    method: 'PATCH',
    url: '/api/v1/invoices/:id',
    summary: 'Change a draft invoice (sparse; lines replace all lines)',
    params: IdParams,
    body: Type.Object({
      customer: Type.Optional(Uuid()),
      lines: Type.Optional(Lines),
      issue_date: Type.Optional(DateString()),
      memo: Type.Optional(Type.String({ maxLength: 4000 })),
      currency: Type.Optional(Type.String()),
      version: Type.Optional(Version),
    }),
    response: { 200: InvoiceRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await updateInvoice(scope, request.params.id, request.body, version),
      }));
    },
  });

  defineRoute(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/invoices/:id/send',
    summary: 'Issue a draft invoice: posts it to the ledger; nothing is emailed',
    params: IdParams,
    body: ActionBody,
    response: { 200: InvoiceRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await sendInvoice(scope, request.params.id, version),
      }));
    },
  });

  defineRoute(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/invoices/:id/void',
    summary: 'Void an invoice (a draft, or a sent invoice with no payment applied)',
    params: IdParams,
    body: ActionBody,
    response: { 200: InvoiceRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await voidInvoice(scope, request.params.id, version),
      }));
    },
  });

  defineRoute(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/invoices/:id/email',
    summary: 'Issue the invoice (if a draft) and email it as a PDF to the customer',
    description:
      'A draft is sent (posted) first, as by /send; a sent invoice is emailed again without posting. In sandbox books the message is recorded and never sent (D29).',
    params: IdParams,
    body: Type.Object({
      to: Type.Optional(Type.String({ format: 'email', maxLength: 320 })),
      subject: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
      message: Type.Optional(Type.String({ maxLength: 10_000 })),
      version: Type.Optional(Version),
    }),
    response: { 200: EmailedInvoice },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(
        deps,
        request,
        reply,
        async (scope) => ({
          status: 200,
          body: await emailInvoice(scope, request.params.id, request.body ?? {}, version),
        }),
        (stored) => deliverInvoiceEmail(deps, actorOf(request), stored),
      );
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/invoices/:id/emails',
    summary: 'List the emails of an invoice (sent, queued, recorded in a sandbox, or failed)',
    permission: 'invoices:read',
    params: IdParams,
    response: { 200: Type.Object({ results: Type.Array(Type.Ref('InvoiceEmail')) }) },
    handler: async (request) => ({
      results: await listInvoiceEmails(deps.db, actorOf(request), request.params.id),
    }),
  });
}
