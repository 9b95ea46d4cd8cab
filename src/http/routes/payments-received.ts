// Published: payments received (spec "Payment received", D25, D33).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { decodeCursor } from '../../app/pagination.ts';
import {
  createPayment,
  listPayments,
  APPLICATIONS_MAX,
  PAYMENT_METHODS,
  readPayment,
} from '../../app/payments/payments-received.ts';
import { actorOf, defineRoute, respondWrite, withEtag } from '../route.ts';
import { CursorQuery, DateString, IdParams, MoneyInput, MoneyOutput, Page, Uuid } from '../schemas/common.ts';
import { pageBody } from './paging.ts';

export const PaymentReceived = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    number: Type.String({ description: 'PMT-000001, allocated by the server (gapless).' }),
    customer: Type.String({ format: 'uuid' }),
    customer_name: Type.String(),
    payment_date: Type.String({ format: 'date' }),
    amount: MoneyOutput(),
    method: Type.String({ description: PAYMENT_METHODS.join(', ') }),
    reference: Type.String(),
    memo: Type.String(),
    deposit_to_account: Type.String({ format: 'uuid' }),
    unapplied_amount: MoneyOutput('amount - applications: credit the customer can use later.'),
    applications: Type.Array(
      Type.Object({
        invoice_id: Type.String({ format: 'uuid' }),
        invoice_number: Type.String(),
        amount: MoneyOutput(),
        applied_date: Type.String({ format: 'date' }),
      }),
    ),
    currency: Type.String(),
    journal_entry: Type.Union([Type.String(), Type.Null()], {
      description: "The payment's own posted entry.",
    }),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'PaymentReceived', title: 'PaymentReceived' },
);
const PaymentRef = Type.Ref('PaymentReceived');

export function registerPaymentReceivedRoutes(app: FastifyInstance, deps: Deps) {
  app.addSchema(PaymentReceived);
  const base = { tag: 'payments received', published: true, auth: 'organization' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/payments-received',
    summary: 'List payments received',
    permission: 'payments:read',
    querystring: Type.Object({
      ...CursorQuery,
      customer: Type.Optional(Type.String({ description: 'Customer id.' })),
    }),
    response: { 200: Page(PaymentRef) },
    handler: async (request) => {
      const actor = actorOf(request);
      const page = await listPayments(
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
    url: '/api/v1/payments-received/:id',
    summary: 'Read a payment received',
    permission: 'payments:read',
    params: IdParams,
    response: { 200: PaymentRef },
    handler: async (request, reply) =>
      withEtag(reply, await readPayment(deps.db, actorOf(request), request.params.id)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/payments-received',
    summary: 'Record a payment received and apply it to invoices',
    description:
      'Posts its own entry (debit deposit_to_account, default Undeposited Funds; credit Accounts Receivable) and moves each applied invoice. Honours Idempotency-Key.',
    permission: 'payments:write',
    body: Type.Object({
      customer: Uuid('Customer id.'),
      payment_date: DateString(),
      amount: MoneyInput(),
      method: Type.Union(PAYMENT_METHODS.map((method) => Type.Literal(method))),
      reference: Type.Optional(Type.String({ maxLength: 200 })),
      deposit_to_account: Type.Optional(Uuid('An active asset account; default Undeposited Funds (1010).')),
      applications: Type.Optional(
        Type.Array(Type.Object({ invoice_id: Uuid(), amount: MoneyInput() }), { maxItems: APPLICATIONS_MAX }),
      ),
      memo: Type.Optional(Type.String({ maxLength: 4000 })),
      currency: Type.Optional(Type.String()),
    }),
    response: { 201: PaymentRef },
    handler: async (request, reply) =>
      respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await createPayment(scope, request.body),
      })),
  });
}
