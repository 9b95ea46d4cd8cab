// Bill payments (D55): money paid to a vendor, applied in full to its open bills. One transaction locks
// every applied bill (in id order, so two payments never deadlock and each sees the balance the other
// left), checks each application against the balance due at that moment, posts the payment's own entry
// (debit Accounts Payable, credit the account paid from) and moves the bills. Void reverses it all.
import type { BillStatus } from '../../domain/bill.ts';
import { applyBillPayment, takeBillPaymentOff } from '../../domain/bill.ts';
import { BILL_PAYMENT_SORT_KEYS } from '../../domain/list-order.ts';
import type { BillApplicationRow, BillPaymentRow } from '../../storage/stores/bill-payments.ts';
import * as billPayments from '../../storage/stores/bill-payments.ts';
import type { WriteScope } from '../changes.ts';
import { VENDOR } from '../contacts/vendors.ts';
import type { Actor, Deps } from '../context.ts';
import { assertActiveAccount, CASH_ACCOUNT } from '../documents/documents.ts';
import {
  assertAppliedExactly,
  BILL_TARGET,
  describeMovement,
  type PaymentCommand,
} from '../documents/money-movements.ts';
import {
  notePaymentChanges,
  type PaymentKind,
  paymentReads,
  paymentSteps,
  voidPaymentOf,
} from '../documents/payment-kinds.ts';
import type { PageCursor } from '../pagination.ts';

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

/** A bill payment: to a vendor from a cash account, applied in full to the vendor's open bills (D55). */
const BILL_PAYMENT = {
  noun: 'bill payment',
  entity: BILL_PAYMENT_ENTITY,
  sourceType: 'bill_payment',
  voidSourceType: 'bill_payment_void',
  counterparty: VENDOR,
  counterpartyOf: (command) => command.vendor,
  // D55: debit Accounts Payable, credit the account paid from.
  flow: 'out',
  control: 'accountsPayable',
  account: async (scope, command) => {
    const account = command.paid_from_account;
    await assertActiveAccount(
      scope.tx,
      scope.actor.organization.id,
      account,
      'paid_from_account',
      CASH_ACCOUNT,
    );
    return account;
  },
  target: BILL_TARGET,
  // D55: each bill once, positive applications adding up to the amount.
  assertApplied: assertAppliedExactly,
  apply: applyBillPayment,
  takeOff: takeBillPaymentOff,
  store: billPayments,
} satisfies PaymentKind<CreateBillPaymentCommand, BillPaymentRow, BillStatus, 'bill_id'>;

const reads = paymentReads(BILL_PAYMENT, BILL_PAYMENT_SORT_KEYS, describeBillPayment);
export const readBillPayment = reads.read;

export function listBillPayments(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: { vendor?: string; search?: string; sort?: string },
) {
  return reads.list(
    deps,
    actor,
    cursor,
    { counterparty: filters.vendor, search: filters.search, sort: filters.sort },
    {},
  );
}

/** POST /bill-payments: 201 with the payment; its entry, applications and bill moves commit together. */
export async function createBillPayment(
  scope: WriteScope,
  command: CreateBillPaymentCommand,
): Promise<BillPaymentView> {
  const { row, account } = await paymentSteps(scope, BILL_PAYMENT, command);
  // One statement: the BPMT number, the payment, its applications and the bills it moves.
  await billPayments.insertWithApplications(scope.tx, { ...row, paidFromAccountId: account });
  notePaymentChanges(scope, BILL_PAYMENT, { id: row.id, change: 'created', version: 1 }, row.moves);
  return readBillPayment(scope.tx, scope.actor, row.id);
}

/** POST /bill-payments/{id}/void: voidPaymentOf, the payment read back. */
export async function voidBillPayment(
  scope: WriteScope,
  id: string,
  expectedVersion?: number,
): Promise<BillPaymentView> {
  await voidPaymentOf(scope, BILL_PAYMENT, id, expectedVersion);
  return readBillPayment(scope.tx, scope.actor, id);
}
