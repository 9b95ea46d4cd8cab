// Pure bill rules (D54, D55): the entry a bill posts when opened, and its state machine (what may be
// edited, opened, voided, paid, and what a bill payment makes of it). Bills price their lines with
// the invoice's rules (computeInvoice, D8) and take their due date from the vendor's terms (D20).
import {
  assertPostableDraft,
  type DocumentKind,
  type DocumentState,
  daysOverdueOf,
  paymentTakeOff,
  type SettlementRule,
  type Settling,
  settledBalanceDue,
  settledKind,
  settlementStep,
} from './document.ts';
import type { Money } from './money.ts';

export const BILL_STATUSES = ['draft', 'open', 'paid', 'void'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export const LINES_PER_BILL_MAX = 200;

/**
 * A purchase (D54): each line's account (an inventory item's line: its asset account) and each tax
 * rate's account are debited, Accounts Payable credited with the total; only a draft is edited; a
 * void reverses an open bill with nothing paid. Its state machine is every settled kind's
 * (document.ts), open once posted: draft --open--> open --bill payments--> paid.
 */
export const BILL: DocumentKind<BillStatus> = settledKind<BillStatus>({
  side: 'purchase',
  noun: 'bill',
  posted: 'open',
  editAdvice: 'void it and enter it again',
  voidBlockedBy: {
    payment: 'a payment is applied to it (void the payment first)',
    credit: 'a vendor credit is applied to it',
  },
});

/** Open: draft -> open, with its D54 posting. */
export function assertBillOpenable(bill: DocumentState<BillStatus>): void {
  assertPostableDraft(BILL, bill, 'opened');
}

/** What is still owed on a bill (less what vendor credits took off it, D87); zero when void. */
export const billBalanceDue: (
  total: Money,
  amountPaid: Money,
  status: BillStatus,
  amountCredited?: Money,
) => Money = settledBalanceDue;

/** Bills take payments and credit while open, and are paid once settled (D55, D87). */
export const BILL_SETTLEMENT: SettlementRule<BillStatus> = {
  noun: 'bill',
  open: 'open',
  settled: 'paid',
  appliesTo: 'an open bill',
};

/** D24 for bills: days past due of an open bill, else 0; never negative. */
export function billDaysOverdue(status: BillStatus, dueDate: string, today: string): number {
  return daysOverdueOf(BILL_SETTLEMENT, status, dueDate, today);
}

/** A bill as a payment or a vendor credit applied to it sees it. */
export type SettledBill = Settling<BillStatus>;

/**
 * D55: what applying `amount` (application `index` of the request) makes of the bill: a payment
 * applies to an open bill only, never more than its balance due; the bill is paid when nothing is due.
 */
export const applyBillPayment = settlementStep(BILL_SETTLEMENT, 'amountPaid', 'a payment');

/** D87: what a vendor credit's application makes of the bill (the refusals a payment gets). */
export const applyBillCredit = settlementStep(BILL_SETTLEMENT, 'amountCredited', 'credit');

/** A bill a voided payment had paid `removed` of: open again with that much more due. */
export const takeBillPaymentOff = paymentTakeOff(BILL_SETTLEMENT);
