// POST /payments-received/{id}/void (D61): the payment's entry is reversed on the payment's own date
// (so it is as if it never came in; refused in a closed period), its applications are removed and
// the invoices they paid are open again with their balances restored. One transaction; the payment
// is locked first, then its invoices in id order, then the entry (as every posting does).
import { assertNotDeposited } from '../../domain/deposit.ts';
import { takePaymentOff } from '../../domain/payment.ts';
import * as payments from '../../storage/stores/payments.ts';
import type { WriteScope } from '../changes.ts';
import { INVOICE_TARGET, voidPaymentSteps } from '../documents/money-movements.ts';
import { INVOICE_ENTITY } from '../invoices/read-invoices.ts';
import { lockPostedPayment } from './apply-payment.ts';
import { PAYMENT_ENTITY, type PaymentView, readPayment } from './payments-received.ts';

export async function voidPayment(
  scope: WriteScope,
  id: string,
  expectedVersion: number | undefined,
): Promise<PaymentView> {
  const organization = scope.actor.organization;
  const row = await lockPostedPayment(scope, id, 'voided', expectedVersion);
  // D88: the money of a deposited payment is in the bank; its deposit is voided first. The payment's
  // lock keeps a deposit from taking it meanwhile.
  const depositNumber = row.deposit_id
    ? await payments.depositNumber(scope.tx, organization.id, row.deposit_id)
    : null;
  assertNotDeposited({ number: row.number, depositId: row.deposit_id }, depositNumber);
  const entryId = row.journal_entry_id;
  if (!entryId) throw new Error(`payment ${row.id} has no entry to reverse`);

  // What the payment paid on each invoice (an invoice applied on create and again later: one sum).
  const applications = (await payments.applicationsOf(scope.tx, organization.id, [row.id])).get(row.id) ?? [];
  const { moved, voidEntryId, version } = await voidPaymentSteps(
    scope,
    INVOICE_TARGET,
    { ...row, journal_entry_id: entryId },
    { noun: 'payment', sourceType: 'payment_void' },
    applications.map((application) => ({ documentId: application.invoice_id, amount: application.amount })),
    takePaymentOff,
  );
  await payments.markVoid(scope.tx, {
    organizationId: organization.id,
    id: row.id,
    voidEntryId,
    version,
    invoiceMoves: moved,
  });
  for (const invoice of moved) scope.changed(INVOICE_ENTITY, invoice.id, 'updated', invoice.version);
  scope.changed(PAYMENT_ENTITY, row.id, 'updated', version);
  return readPayment(scope.tx, scope.actor, row.id);
}
