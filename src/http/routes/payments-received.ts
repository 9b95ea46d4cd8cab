// Published: payments received (spec "Payment received", D25, D33).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { applyPaymentLater } from '../../app/payments/apply-payment.ts';
import { createPayment, listPayments, readPayment } from '../../app/payments/payments-received.ts';
import { voidPayment } from '../../app/payments/void-payment.ts';
import { namedRoutes } from '../named-routes.ts';
import {
  PagePaymentReceived,
  PaymentListQuery,
  PaymentReceived,
  PaymentReceivedApply,
  PaymentReceivedCreate,
} from '../schemas/payments.ts';

export function registerPaymentReceivedRoutes(app: FastifyInstance, deps: Deps) {
  const payments = namedRoutes(app, deps, {
    noun: 'payment received',
    plural: 'payments received',
    area: 'payments',
    schema: PaymentReceived,
  });
  payments.list({ querystring: PaymentListQuery, page: PagePaymentReceived, list: listPayments });
  payments.read((actor, id) => readPayment(deps.db, actor, id));
  payments.create({
    summary: 'Record a payment received and apply it to invoices',
    description:
      'Posts its own entry (debit deposit_to_account, default Undeposited Funds; credit Accounts Receivable) and moves each applied invoice. Honours Idempotency-Key.',
    body: PaymentReceivedCreate,
    create: createPayment,
  });
  // D61: the unapplied amount applied later, with the refusals of create.
  payments.actWith('apply', {
    summary: "Apply a payment's unapplied amount to open invoices",
    description:
      "Each application lowers the invoice's balance_due (paid once nothing is due) and the payment's unapplied_amount; no ledger entry (the payment already credited Accounts Receivable). More than the unapplied amount or an invoice's balance: 409 application_exceeds_balance; a void payment: 409 invalid_state. Honours Idempotency-Key and version.",
    body: PaymentReceivedApply,
    act: applyPaymentLater,
  });
  payments.act('void', {
    description:
      "Posts the reversal of the payment's entry dated on its payment_date (409 period_closed in a closed period), removes its applications and reopens the invoices it paid (sent, balances restored); the payment becomes void and counts in no balance. Already void: 409 invalid_state.",
    act: voidPayment,
  });
}
