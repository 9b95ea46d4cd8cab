// Payments received (spec "Payment received", D25, D33): one transaction locks every applied invoice
// (in id order, so two payments never deadlock), checks each application against the balance due at
// that moment, posts the payment's own entry (never touching the invoice's), and moves the invoices.
import { randomUUID } from 'node:crypto';
import { applyPayment } from '../../domain/invoice.ts';
import { PAYMENT_RECEIVED_SORT_KEYS, parseSortOrder } from '../../domain/list-order.ts';
import { formatMoney } from '../../domain/money.ts';
import { containsPattern } from '../../storage/sql.ts';
import type { ApplicationRow, PaymentRow } from '../../storage/stores/payments.ts';
import * as payments from '../../storage/stores/payments.ts';
import type { WriteScope } from '../changes.ts';
import { activeContact, contactFilter } from '../contacts/contacts.ts';
import { CUSTOMER } from '../contacts/customers.ts';
import type { Actor, Deps } from '../context.ts';
import { documentReads } from '../documents/document-reads.ts';
import { describeInvoiceApplication } from '../documents/document-views.ts';
import {
  assertActiveAccount,
  assertBooksCurrency,
  assertDocumentDate,
  CASH_ACCOUNT,
} from '../documents/documents.ts';
import {
  type Application,
  assertAppliedWithin,
  describeMovement,
  INVOICE_TARGET,
  movePayment,
  type PaymentCommand,
  parsePayment,
  paymentMemo,
  postMovement,
  storedPayment,
  sumApplications,
} from '../documents/money-movements.ts';
import { INVOICE_ENTITY } from '../invoices/read-invoices.ts';
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

const reads = documentReads({
  what: 'payment',
  find: payments.find,
  rowsOf: payments.applicationsOf,
  page: (db, organizationId, { sort, ...filters }: payments.PaymentFilters & { sort?: string }, cursor) =>
    payments.page(db, organizationId, filters, cursor, parseSortOrder(PAYMENT_RECEIVED_SORT_KEYS, sort)),
  describe: describePayment,
});
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
  return reads.list(deps, actor, cursor, {
    customerId: contactFilter(CUSTOMER, filters.customer),
    undepositedFundsId,
    searchPattern: containsPattern(filters.search),
    ...(filters.sort === undefined ? {} : { sort: filters.sort }),
  });
}

/** The account the money goes to: Undeposited Funds unless named; D64: a cash account. */
async function depositAccount(scope: WriteScope, id: string | undefined): Promise<string> {
  const organizationId = scope.actor.organization.id;
  if (id === undefined) return systemAccountId(scope.tx, organizationId, 'undepositedFunds');
  await assertActiveAccount(scope.tx, organizationId, id, 'deposit_to_account', CASH_ACCOUNT);
  return id;
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
  const organization = scope.actor.organization;
  assertBooksCurrency(organization, command.currency);
  // Applications adding up to at most the amount: the rest is unapplied credit (D61).
  const { amount, applications } = parsePayment(
    command,
    INVOICE_TARGET,
    organization.currency,
    assertAppliedWithin,
  );
  assertDocumentDate(organization, command.payment_date, 'payment_date');
  const customer = await activeContact(scope.tx, organization.id, CUSTOMER, command.customer);
  const depositTo = await depositAccount(scope, command.deposit_to_account);
  const moved = await moveInvoices(scope, customer.id, applications);

  // The payment's own entry first: it takes the JE counter, which every posting of the organization
  // queues for. Only then the PMT counter, which this payment therefore takes while no other payment
  // can hold it: a payment never sits on the PMT number while it waits for the JE counter, so
  // payments queue once, like sends. (Its memo names the customer, not the PMT number, which does
  // not exist yet; the entry links to the payment by source_type/source_id.)
  const id = randomUUID();
  // D25: debit the deposit account, credit Accounts Receivable.
  const entry = await postMovement(scope, {
    id,
    date: command.payment_date,
    amount,
    debit: depositTo,
    credit: await systemAccountId(scope.tx, organization.id, 'accountsReceivable'),
    memo: paymentMemo('from', customer.display_name, command.reference),
    sourceType: 'payment_received',
  });

  // One statement: the PMT number, the payment, its applications and the invoices it moves; the
  // response is built from what was written rather than read back.
  const written = await payments.insertWithApplications(scope.tx, {
    id,
    organizationId: organization.id,
    customerId: customer.id,
    ...storedPayment(command, amount, organization.currency),
    unappliedAmount: formatMoney(amount - sumApplications(applications)),
    depositAccountId: depositTo,
    journalEntryId: entry.id,
    applications: applications.map((application) => ({
      invoiceId: application.documentId,
      amount: formatMoney(application.amount),
    })),
    invoiceMoves: moved,
  });
  if (!written) throw new Error(`organization ${organization.id} has no payment_received sequence`);
  for (const invoice of moved) scope.changed(INVOICE_ENTITY, invoice.id, 'updated', invoice.version);
  scope.changed(PAYMENT_ENTITY, id, 'created', 1);
  return describePayment(
    { ...written, customer_name: customer.display_name },
    applications.map((application, index) => ({
      payment_id: id,
      line_no: index + 1,
      invoice_id: application.documentId,
      invoice_number: moved[index]!.number,
      amount: formatMoney(application.amount),
      applied_date: command.payment_date,
    })),
  );
}
