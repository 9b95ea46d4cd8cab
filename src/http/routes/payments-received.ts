// Published: payments received (spec "Payment received", D25, D33).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createPayment, listPayments, readPayment } from '../../app/payments/payments-received.ts';
import { resourceRoutes } from '../resource-routes.ts';
import {
  PagePaymentReceived,
  PaymentListQuery,
  PaymentReceived,
  PaymentReceivedCreate,
} from '../schemas/payments.ts';

export function registerPaymentReceivedRoutes(app: FastifyInstance, deps: Deps) {
  const payments = resourceRoutes(app, deps, {
    tag: 'payments received',
    read: 'payments:read',
    write: 'payments:write',
    url: '/api/v1/payments-received',
    schema: PaymentReceived,
  });
  payments.list({
    operationId: 'listPaymentsReceived',
    summary: 'List payments received',
    querystring: PaymentListQuery,
    page: PagePaymentReceived,
    list: listPayments,
  });
  payments.read({
    operationId: 'readPaymentReceived',
    summary: 'Read a payment received',
    read: (actor, id) => readPayment(deps.db, actor, id),
  });
  payments.create({
    operationId: 'createPaymentReceived',
    summary: 'Record a payment received and apply it to invoices',
    description:
      'Posts its own entry (debit deposit_to_account, default Undeposited Funds; credit Accounts Receivable) and moves each applied invoice. Honours Idempotency-Key.',
    body: PaymentReceivedCreate,
    create: createPayment,
  });
}
