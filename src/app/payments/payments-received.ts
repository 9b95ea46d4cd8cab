// Payments received (spec "Payment received", D25, D33): one transaction locks every applied invoice
// (in id order, so two payments never deadlock), checks each application against the balance due at
// that moment, posts the payment's own entry (never touching the invoice's), and moves the invoices.
import { assertNotDeposited } from '../../domain/deposit.ts';
import { applyPayment, type InvoiceStatus } from '../../domain/invoice.ts';
import { PAYMENT_RECEIVED_SORT_KEYS } from '../../domain/list-order.ts';
import { formatMoney } from '../../domain/money.ts';
import { takePaymentOff } from '../../domain/payment.ts';
import type { ApplicationRow, PaymentRow } from '../../storage/stores/payments.ts';
import * as payments from '../../storage/stores/payments.ts';
import type { WriteScope } from '../changes.ts';
import { CUSTOMER } from '../contacts/customers.ts';
import type { Actor, Deps } from '../context.ts';
import { describeInvoiceApplication } from '../documents/document-views.ts';
import { assertActiveAccount, CASH_ACCOUNT } from '../documents/documents.ts';
import {
  type Application,
  assertAppliedWithin,
  describeMovement,
  INVOICE_TARGET,
  movePayment,
  type PaymentCommand,
  sumApplications,
} from '../documents/money-movements.ts';
import {
  notePaymentChanges,
  type PaymentKind,
  paymentReads,
  paymentSteps,
} from '../documents/payment-kinds.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import type { PageCursor } from '../pagination.ts';

export const PAYMENT_ENTITY = 'payment_received';
export { PAYMENT_METHODS } from '../documents/money-movements.ts';
export const APPLICATIONS_MAX = 100;
export { PAYMENT_STATUSES } from '../../domain/payment.ts';

export interface ApplicationCommand {
  invoice_id: string;
  amount: string;
}

export interface CreatePaymentCommand extends PaymentCommand {
  customer: string;
  deposit_to_account?: string;
  applications?: ApplicationCommand[];
}

function describePayment(row: PaymentRow, applications: ApplicationRow[]) {
  return {
    ...describeMovement(row),
    customer: row.customer_id,
    customer_name: row.customer_name,
    deposit_to_account: row.deposit_account_id,
    unapplied_amount: row.unapplied_amount,
    applications: applications.map(describeInvoiceApplication),
    deposit: row.deposit_id,
  };
}
export type PaymentView = ReturnType<typeof describePayment>;

/** The account the money goes to: Undeposited Funds unless named; D64: a cash account. */
async function depositAccount(scope: WriteScope, id: string | undefined): Promise<string> {
  const organizationId = scope.actor.organization.id;
  if (id === undefined) return systemAccountId(scope.tx, organizationId, 'undepositedFunds');
  await assertActiveAccount(scope.tx, organizationId, id, 'deposit_to_account', CASH_ACCOUNT);
  return id;
}

/** A payment received: from a customer into a cash account, applied to invoices, at most its amount (D61). */
export const PAYMENT_RECEIVED = {
  noun: 'payment',
  entity: PAYMENT_ENTITY,
  sourceType: 'payment_received',
  voidSourceType: 'payment_void',
  counterparty: CUSTOMER,
  counterpartyOf: (command) => command.customer,
  // D25: debit the deposit account, credit Accounts Receivable.
  flow: 'in',
  control: 'accountsReceivable',
  account: (scope, command) => depositAccount(scope, command.deposit_to_account),
  target: INVOICE_TARGET,
  // Applications adding up to at most the amount: the rest is unapplied credit (D61).
  assertApplied: assertAppliedWithin,
  apply: applyPayment,
  takeOff: takePaymentOff,
  // D88: the money of a deposited payment is in the bank; its deposit is voided first. The payment's
  // lock keeps a deposit from taking it meanwhile.
  assertVoidable: async (scope, row) => {
    const depositNumber = row.deposit_id
      ? await payments.depositNumber(scope.tx, scope.actor.organization.id, row.deposit_id)
      : null;
    assertNotDeposited({ number: row.number, depositId: row.deposit_id }, depositNumber);
  },
  store: payments,
} satisfies PaymentKind<CreatePaymentCommand, PaymentRow, InvoiceStatus, 'invoice_id'>;

const reads = paymentReads(PAYMENT_RECEIVED, PAYMENT_RECEIVED_SORT_KEYS, describePayment);
export const readPayment = reads.read;

export async function listPayments(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: { customer?: string; undeposited?: boolean; search?: string; sort?: string },
) {
  // D88: `undeposited=true` lists what a deposit may take (posted, into Undeposited Funds, in none).
  const undepositedFundsId = filters.undeposited
    ? await systemAccountId(deps.db, actor.organization.id, 'undepositedFunds')
    : null;
  return reads.list(
    deps,
    actor,
    cursor,
    { counterparty: filters.customer, search: filters.search, sort: filters.sort },
    { undepositedFundsId },
  );
}

/**
 * Locks the applied invoices (after the payment, in id order), checks each is the customer's, and
 * asks the domain what each application makes of its invoice (D33).
 */
export function moveInvoices(scope: WriteScope, customerId: string, applications: Application[]) {
  return movePayment(scope, INVOICE_TARGET, customerId, applications, applyPayment);
}

/** POST /payments-received: 201 with the payment; its entry, applications and invoice moves commit together. */
export async function createPayment(scope: WriteScope, command: CreatePaymentCommand): Promise<PaymentView> {
  const { row, counterparty, account, amount, applications } = await paymentSteps(
    scope,
    PAYMENT_RECEIVED,
    command,
  );
  // One statement: the PMT number, the payment, its applications and the invoices it moves; the
  // response is built from what was written rather than read back.
  const written = await payments.insertWithApplications(scope.tx, {
    ...row,
    unappliedAmount: formatMoney(amount - sumApplications(applications)),
    depositAccountId: account,
  });
  notePaymentChanges(scope, PAYMENT_RECEIVED, { id: row.id, change: 'created', version: 1 }, row.moves);
  return describePayment(
    { ...written, customer_name: counterparty.display_name },
    row.applications.map((application, index) => ({
      payment_id: row.id,
      line_no: index + 1,
      invoice_id: application.documentId,
      invoice_number: row.moves[index]!.number,
      amount: application.amount,
      applied_date: command.payment_date,
    })),
  );
}
