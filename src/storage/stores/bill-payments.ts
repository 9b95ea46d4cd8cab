// The bill payments store (D55): payments to vendors with their vendor's name and their applications
// to bills. Every function takes the handle first; amounts come back as NUMERIC text.
import type { BillStatus } from '../../domain/bill.ts';
import type { BillPaymentSortKey } from '../../domain/list-order.ts';
import type { Queryable } from '../db.ts';
import { VENDORS } from './document-store.ts';
import {
  type MovementRow,
  type NewPaymentRow,
  type PaidMove,
  type PaymentTables,
  paymentStoreOf,
} from './money-movements.ts';

export interface BillPaymentRow extends MovementRow {
  vendor_id: string;
  vendor_name: string;
  paid_from_account_id: string;
  journal_entry_id: string;
}

export interface BillApplicationRow {
  bill_payment_id: string;
  line_no: number;
  bill_id: string;
  bill_number: string;
  amount: string;
}

/** Bill payments: to vendors, from a cash account, applied in full to bills when made (D55). */
const TABLES: PaymentTables<'vendor'> = {
  table: 'bill_payments',
  sequence: 'bill_payment',
  counterparty: VENDORS,
  ownColumns: (alias) => `${alias}paid_from_account_id`,
  applications: {
    table: 'bill_payment_applications',
    parent: 'bill_payment_id',
    target: { table: 'bills', column: 'bill_id', what: 'bill' },
  },
  appliedLater: false,
  voidResets: [],
};

/**
 * One bill payment, or undefined; `lock` takes it FOR UPDATE until commit (not its vendor). One keyset
 * page of those that pass the filters, in D31's order or a sort's. The applications of each, in line
 * order, with the number of the bill each pays. `markVoid`: ONE statement voiding a payment the caller
 * locked: its applications go, the bills they paid move back (locked by the caller too), it points at
 * the entry reversing its own.
 */
const store = paymentStoreOf<
  BillPaymentRow,
  BillApplicationRow,
  'bill_payment_id',
  BillPaymentSortKey,
  BillStatus
>(TABLES);
export const { find, lock, page, applicationsOf, markVoid } = store;

/** What a bill payment makes of a bill it is applied to or taken off (D55), with its new version. */
export type BillMove = PaidMove & { status: BillStatus };

export interface NewBillPayment extends NewPaymentRow {
  paidFromAccountId: string;
  moves: BillMove[];
}

/**
 * ONE statement: takes the next BPMT number (the counter is locked from here to commit: gapless,
 * D21), inserts the payment and its applications, and moves the bills it pays. Answers the payment's
 * row as written (without the vendor's name).
 */
export function insertWithApplications(
  tx: Queryable,
  payment: NewBillPayment,
): Promise<Omit<BillPaymentRow, 'vendor_name'>> {
  return store.insert(tx, payment, { paid_from_account_id: payment.paidFromAccountId });
}
