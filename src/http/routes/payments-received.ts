// Published: payments received (spec "Payment received", D25, D33).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createPayment, listPayments, readPayment } from '../../app/payments/payments-received.ts';
import { action, actorOf, defineRoute, withEtag } from '../route.ts';
import { IdParams } from '../schemas/common.ts';
import {
  PagePaymentReceived,
  PaymentListQuery,
  PaymentReceived,
  PaymentReceivedCreate,
} from '../schemas/payments.ts';
import { listing } from './paging.ts';

export function registerPaymentReceivedRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'payments received', published: true, auth: 'organization' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/payments-received',
    operationId: 'listPaymentsReceived',
    summary: 'List payments received',
    permission: 'payments:read',
    querystring: PaymentListQuery,
    response: { 200: PagePaymentReceived },
    handler: listing(deps, listPayments),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/payments-received/:id',
    operationId: 'readPaymentReceived',
    summary: 'Read a payment received',
    permission: 'payments:read',
    params: IdParams,
    response: { 200: PaymentReceived },
    handler: async (request, reply) =>
      withEtag(reply, await readPayment(deps.db, actorOf(request), request.params.id)),
  });

  action(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/payments-received',
    operationId: 'createPaymentReceived',
    summary: 'Record a payment received and apply it to invoices',
    description:
      'Posts its own entry (debit deposit_to_account, default Undeposited Funds; credit Accounts Receivable) and moves each applied invoice. Honours Idempotency-Key.',
    permission: 'payments:write',
    body: PaymentReceivedCreate,
    response: { 201: PaymentReceived },
    write: (scope, request) => createPayment(scope, request.body),
  });
}
