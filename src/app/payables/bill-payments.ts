// Bill payments (D55): money paid to a vendor, applied in full to its open bills. One transaction locks
// every applied bill (in id order, so two payments never deadlock and each sees the balance the other
// left), checks each application against the balance due at that moment, posts the payment's own entry
// (debit Accounts Payable, credit the account paid from) and moves the bills. Void reverses it all.
import { randomUUID } from 'node:crypto';
import { applyBillPayment, takeBillPaymentOff } from '../../domain/bill.ts';
import { BILL_PAYMENT_SORT_KEYS, parseSortOrder } from '../../domain/list-order.ts';
import { formatMoney } from '../../domain/money.ts';
import { assertPaymentPosted } from '../../domain/payment.ts';
import { containsPattern } from '../../storage/sql.ts';
import type { BillApplicationRow, BillPaymentRow } from '../../storage/stores/bill-payments.ts';
import * as billPayments from '../../storage/stores/bill-payments.ts';
import * as bills from '../../storage/stores/bills.ts';
import type { WriteScope } from '../changes.ts';
import { activeContact, contactFilter } from '../contacts/contacts.ts';
import { VENDOR } from '../contacts/vendors.ts';
import type { Actor, Deps } from '../context.ts';
import { documentReads } from '../documents/document-reads.ts';
import {
  assertActiveAccount,
  assertBooksCurrency,
  assertDocumentDate,
  CASH_ACCOUNT,
  lockDocument,
} from '../documents/documents.ts';
import {
  type Application,
  assertAppliedExactly,
  BILL_TARGET,
  describeMovement,
  movePayment,
  type PaymentCommand,
  parsePayment,
  paymentMemo,
  postMovement,
  storedPayment,
  voidPaymentSteps,
} from '../documents/money-movements.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import type { PageCursor } from '../pagination.ts';
import { BILL_ENTITY } from './read-bills.ts';

export const BILL_PAYMENT_ENTITY = 'bill_payment';
export const BILL_APPLICATIONS_MAX = 100;

export interface CreateBillPaymentCommand extends PaymentCommand {
  vendor: string;
  paid_from_account: string;
  applications: { bill_id: string; amount: string }[];
}

function describeBillPayment(row: BillPaymentRow, applications: BillApplicationRow[]) {
  return {
    ...describeMovement(row),
    vendor: row.vendor_id,
    vendor_name: row.vendor_name,
    paid_from_account: row.paid_from_account_id,
    applications: applications.map((application) => ({
      bill_id: application.bill_id,
      bill_number: application.bill_number,
      amount: application.amount,
    })),
  };
}
export type BillPaymentView = ReturnType<typeof describeBillPayment>;

const reads = documentReads({
  what: 'bill payment',
  find: billPayments.find,
  rowsOf: billPayments.applicationsOf,
  page: (
    db,
    organizationId,
    { sort, ...filters }: billPayments.BillPaymentFilters & { sort?: string },
    cursor,
  ) => billPayments.page(db, organizationId, filters, cursor, parseSortOrder(BILL_PAYMENT_SORT_KEYS, sort)),
  describe: describeBillPayment,
});
export const readBillPayment = reads.read;

export function listBillPayments(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: { vendor?: string; search?: string; sort?: string },
) {
  return reads.list(deps, actor, cursor, {
    vendorId: contactFilter(VENDOR, filters.vendor),
    searchPattern: containsPattern(filters.search),
    ...(filters.sort === undefined ? {} : { sort: filters.sort }),
  });
}

/** Locks the applied bills (after the payment, in id order) and asks the domain what each application makes of its bill. */
function moveBills(scope: WriteScope, vendorId: string, applications: Application[]) {
  return movePayment(scope, BILL_TARGET, vendorId, applications, applyBillPayment);
}

/** POST /bill-payments: 201 with the payment; its entry, applications and bill moves commit together. */
export async function createBillPayment(
  scope: WriteScope,
  command: CreateBillPaymentCommand,
): Promise<BillPaymentView> {
  const organization = scope.actor.organization;
  assertBooksCurrency(organization, command.currency);
  // D55: each bill once, positive applications adding up to the amount.
  const { amount, applications } = parsePayment(
    command,
    BILL_TARGET,
    organization.currency,
    assertAppliedExactly,
  );
  assertDocumentDate(organization, command.payment_date, 'payment_date');
  const vendor = await activeContact(scope.tx, organization.id, VENDOR, command.vendor);
  await assertActiveAccount(
    scope.tx,
    organization.id,
    command.paid_from_account,
    'paid_from_account',
    CASH_ACCOUNT,
  );
  const moved = await moveBills(scope, vendor.id, applications);
  const payable = await systemAccountId(scope.tx, organization.id, 'accountsPayable');
  const id = randomUUID();
  // The entry first (the JE counter), then the BPMT counter: as payments received, so a payment never
  // holds its number while it waits for the journal's.
  // D55: debit Accounts Payable, credit the account paid from.
  const entry = await postMovement(scope, {
    id,
    date: command.payment_date,
    amount,
    debit: payable,
    credit: command.paid_from_account,
    memo: paymentMemo('to', vendor.display_name, command.reference),
    sourceType: 'bill_payment',
  });
  await billPayments.insertWithApplications(scope.tx, {
    id,
    organizationId: organization.id,
    vendorId: vendor.id,
    ...storedPayment(command, amount, organization.currency),
    paidFromAccountId: command.paid_from_account,
    journalEntryId: entry.id,
    applications: applications.map((a) => ({ billId: a.documentId, amount: formatMoney(a.amount) })),
  });
  await bills.moveBills(scope.tx, organization.id, moved);
  for (const bill of moved) scope.changed(BILL_ENTITY, bill.id, 'updated', bill.version);
  scope.changed(BILL_PAYMENT_ENTITY, id, 'created', 1);
  return readBillPayment(scope.tx, scope.actor, id);
}

/**
 * POST /bill-payments/{id}/void: the payment's entry is reversed on its own date (refused in a closed
 * period), its applications are removed and the bills it paid are open again. The payment is locked
 * first, then its bills in id order, then the entry (as every posting does).
 */
export async function voidBillPayment(
  scope: WriteScope,
  id: string,
  expectedVersion?: number,
): Promise<BillPaymentView> {
  const organization = scope.actor.organization;
  const row = await lockDocument(
    () => billPayments.lock(scope.tx, organization.id, id),
    'bill payment',
    expectedVersion,
    (payment) => assertPaymentPosted(payment, 'voided'),
  );
  const applications = (await billPayments.applicationsOf(scope.tx, organization.id, [id])).get(id) ?? [];
  const { moved, voidEntryId, version } = await voidPaymentSteps(
    scope,
    BILL_TARGET,
    row,
    { noun: 'bill payment', sourceType: 'bill_payment_void' },
    applications.map((application) => ({ documentId: application.bill_id, amount: application.amount })),
    takeBillPaymentOff,
  );
  await billPayments.markVoid(scope.tx, { organizationId: organization.id, id, voidEntryId, version });
  await bills.moveBills(scope.tx, organization.id, moved);
  for (const bill of moved) scope.changed(BILL_ENTITY, bill.id, 'updated', bill.version);
  scope.changed(BILL_PAYMENT_ENTITY, id, 'updated', version);
  return readBillPayment(scope.tx, scope.actor, id);
}
