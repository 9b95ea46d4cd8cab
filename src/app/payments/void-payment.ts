// POST /payments-received/{id}/void (D61): the payment's entry is reversed on the payment's own date
// (so it is as if it never came in; refused in a closed period), its applications are removed and
// the invoices they paid are open again with their balances restored. One transaction; the payment
// is locked first, then its invoices in id order, then the entry (as every posting does). A deposited
// payment is refused (D88): PAYMENT_RECEIVED's assertVoidable.
import type { WriteScope } from '../changes.ts';
import { voidPaymentOf } from '../documents/payment-kinds.ts';
import { PAYMENT_RECEIVED, type PaymentView, readPayment } from './payments-received.ts';

export async function voidPayment(
  scope: WriteScope,
  id: string,
  expectedVersion: number | undefined,
): Promise<PaymentView> {
  await voidPaymentOf(scope, PAYMENT_RECEIVED, id, expectedVersion);
  return readPayment(scope.tx, scope.actor, id);
}
