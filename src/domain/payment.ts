// Payments received after they are recorded (D61): applying their unapplied amount later, and the
// void that takes them back. Pure rules over amounts as bigint (scale 4); the app locks and writes.

import { paymentTakeOff } from './document.ts';
import { DomainError, invalidState } from './errors.ts';
import { INVOICE_SETTLEMENT } from './invoice.ts';
import { formatMoney, type Money } from './money.ts';

export const PAYMENT_STATUSES = ['posted', 'void'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Only a posted payment is applied or voided; a void one is final (409 invalid_state). */
export function assertPaymentPosted(payment: { number: string; status: PaymentStatus }, action: string) {
  if (payment.status !== 'posted') {
    throw invalidState(
      `payment ${payment.number} is ${payment.status}; a ${payment.status} payment cannot be ${action}`,
      {
        status: payment.status,
      },
    );
  }
}

/** A later application spends at most what the payment has left unapplied (409, like an invoice's balance). */
export function assertWithinUnapplied(
  payment: { id: string; number: string; unapplied: Money },
  applied: Money,
) {
  if (applied > payment.unapplied) {
    throw new DomainError(
      'application_exceeds_balance',
      `the applications add up to ${formatMoney(applied)}, more than the ${formatMoney(payment.unapplied)} payment ${payment.number} has unapplied`,
      {
        payment_id: payment.id,
        unapplied_amount: formatMoney(payment.unapplied),
        amount: formatMoney(applied),
        fields: { applications: [`add up to more than the unapplied ${formatMoney(payment.unapplied)}`] },
      },
    );
  }
}

/**
 * An invoice a void payment had paid `removed` of: its amount_paid drops by that and it is open
 * again (`sent`), since something is now due. It was sent or paid (a payment applies to nothing else).
 */
export const takePaymentOff = paymentTakeOff(INVOICE_SETTLEMENT);
