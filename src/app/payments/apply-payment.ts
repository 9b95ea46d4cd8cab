// POST /payments-received/{id}/apply (D61): a payment's unapplied amount applied to open invoices
// later, with the refusals of create. One transaction locks the payment first, then the invoices in
// id order (as create and void do), so concurrent applies of one payment queue on its row and each
// sees the unapplied amount the previous one left: the payment is never over-applied.
import { todayIn } from '../../domain/dates.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import { assertWithinUnapplied } from '../../domain/payment.ts';
import * as payments from '../../storage/stores/payments.ts';
import type { WriteScope } from '../changes.ts';
import { INVOICE_TARGET, parseApplications, sumApplications } from '../documents/money-movements.ts';
import { lockPostedPayment, notePaymentChanges } from '../documents/payment-kinds.ts';
import {
  type ApplicationCommand,
  moveInvoices,
  PAYMENT_RECEIVED,
  type PaymentView,
  readPayment,
} from './payments-received.ts';

export async function applyPaymentLater(
  scope: WriteScope,
  id: string,
  command: { applications: ApplicationCommand[] },
  expectedVersion: number | undefined,
): Promise<PaymentView> {
  const organization = scope.actor.organization;
  const applications = parseApplications(command.applications, INVOICE_TARGET, organization.currency);
  const row = await lockPostedPayment(scope, PAYMENT_RECEIVED, id, 'applied', expectedVersion);
  const applied = sumApplications(applications);
  const unapplied = parseMoney(row.unapplied_amount);
  assertWithinUnapplied({ id: row.id, number: row.number, unapplied }, applied);
  const moved = await moveInvoices(scope, row.customer_id, applications);
  // Applied today (the books' timezone), never before the payment itself: AR aging as of a date
  // counts the credit as unapplied until then.
  const today = todayIn(organization.timezone);
  const version = row.version + 1;
  await payments.addApplications(scope.tx, {
    organizationId: organization.id,
    paymentId: row.id,
    appliedDate: today > row.payment_date ? today : row.payment_date,
    applications: applications.map((application) => ({
      invoiceId: application.documentId,
      amount: formatMoney(application.amount),
    })),
    unappliedAmount: formatMoney(unapplied - applied),
    version,
    invoiceMoves: moved,
  });
  notePaymentChanges(scope, PAYMENT_RECEIVED, { id: row.id, change: 'updated', version }, moved);
  return readPayment(scope.tx, scope.actor, row.id);
}
