// POST /payments-received/{id}/apply (D61): a payment's unapplied amount applied to open invoices
// later, with the refusals of create. One transaction locks the payment first, then the invoices in
// id order (as create and void do), so concurrent applies of one payment queue on its row and each
// sees the unapplied amount the previous one left: the payment is never over-applied.
import { todayIn } from '../../domain/dates.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import { assertPaymentPosted, assertWithinUnapplied } from '../../domain/payment.ts';
import * as payments from '../../storage/stores/payments.ts';
import type { WriteScope } from '../changes.ts';
import { lockDocument } from '../documents/documents.ts';
import { INVOICE_TARGET, parseApplications, sumApplications } from '../documents/money-movements.ts';
import { INVOICE_ENTITY } from '../invoices/read-invoices.ts';
import {
  type ApplicationCommand,
  moveInvoices,
  PAYMENT_ENTITY,
  type PaymentView,
  readPayment,
} from './payments-received.ts';

/** Locks a payment for a change, refusing a void one, then checks the writer's version. */
export function lockPostedPayment(
  scope: WriteScope,
  id: string,
  action: string,
  expectedVersion: number | undefined,
) {
  return lockDocument(
    () => payments.lock(scope.tx, scope.actor.organization.id, id),
    'payment',
    expectedVersion,
    (row) => assertPaymentPosted(row, action),
  );
}

export async function applyPaymentLater(
  scope: WriteScope,
  id: string,
  command: { applications: ApplicationCommand[] },
  expectedVersion: number | undefined,
): Promise<PaymentView> {
  const organization = scope.actor.organization;
  const applications = parseApplications(command.applications, INVOICE_TARGET, organization.currency);
  const row = await lockPostedPayment(scope, id, 'applied', expectedVersion);
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
  for (const invoice of moved) scope.changed(INVOICE_ENTITY, invoice.id, 'updated', invoice.version);
  scope.changed(PAYMENT_ENTITY, row.id, 'updated', version);
  return readPayment(scope.tx, scope.actor, row.id);
}
