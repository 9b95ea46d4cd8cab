// Pure bill rules (D54, D55): the entry a bill posts when opened, and its state machine (what may be
// edited, opened, voided, paid, and what a bill payment makes of it). Bills price their lines with
// the invoice's rules (computeInvoice, D8) and take their due date from the vendor's terms (D20).
import type { DocumentKind } from './document.ts';
import { DomainError, invalidState } from './errors.ts';
import { formatMoney, type Money } from './money.ts';

export const BILL_STATUSES = ['draft', 'open', 'paid', 'void'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export const LINES_PER_BILL_MAX = 200;

/**
 * A purchase (D54): each line's account (an inventory item's line: its asset account) and each tax
 * rate's account are debited, Accounts Payable credited with the total; only a draft is edited; a
 * void reverses an open bill with nothing paid.
 */
export const BILL: DocumentKind<BillStatus> = {
  side: 'purchase',
  noun: 'bill',
  entry: 'as_side',
  edit: { verbs: 'edited', advice: 'void it and enter it again' },
  void: {
    draft: 'void',
    posted: 'open',
    blockers: [{ field: 'amount_paid', reason: () => 'a payment is applied to it (void the payment first)' }],
    otherwise: (status) => `it is ${status}`,
  },
};

// ---- the state machine -----------------------------------------------------------------------------
//
//   draft --open--> open --bill payments--> paid
//   draft --void--> void (no ledger effect)     open, nothing paid --void--> void (reversing entry)

export interface BillState {
  number: string;
  status: BillStatus;
}

export function assertBillOpenable(bill: BillState): void {
  if (bill.status === 'draft') return;
  throw invalidState(`bill ${bill.number} is ${bill.status}; only a draft can be opened`, {
    status: bill.status,
  });
}

/** What is still owed on a bill; zero when void. */
export function billBalanceDue(total: Money, amountPaid: Money, status: BillStatus): Money {
  return status === 'void' ? 0n : total - amountPaid;
}

/**
 * D55: what applying `amount` (application `index` of the request) makes of the bill: a payment
 * applies to an open bill only, never more than its balance due; the bill is paid when nothing is due.
 */
export function applyBillPayment(
  bill: BillState & { id: string; total: Money; amountPaid: Money },
  amount: Money,
  index: number,
): { amountPaid: Money; status: BillStatus } {
  if (bill.status !== 'open' && bill.status !== 'paid') {
    throw invalidState(`bill ${bill.number} is ${bill.status}; a payment applies to an open bill`, {
      bill_id: bill.id,
      status: bill.status,
      fields: { [`applications/${index}/bill_id`]: [`bill is ${bill.status}`] },
    });
  }
  const due = billBalanceDue(bill.total, bill.amountPaid, bill.status);
  if (amount > due) {
    throw new DomainError(
      'application_exceeds_balance',
      `${formatMoney(amount)} is more than the ${formatMoney(due)} still due on bill ${bill.number}`,
      {
        bill_id: bill.id,
        balance_due: formatMoney(due),
        amount: formatMoney(amount),
        fields: { [`applications/${index}/amount`]: [`exceeds the balance due ${formatMoney(due)}`] },
      },
    );
  }
  const amountPaid = bill.amountPaid + amount;
  return { amountPaid, status: amountPaid === bill.total ? 'paid' : 'open' };
}

/** A bill a voided payment had paid `removed` of: open again with that much more due. */
export function takeBillPaymentOff(
  bill: BillState & { amountPaid: Money },
  removed: Money,
): { amountPaid: Money; status: BillStatus } {
  if (bill.status !== 'open' && bill.status !== 'paid')
    throw new Error(`bill ${bill.number} is ${bill.status} but has a payment applied`);
  if (removed <= 0n || removed > bill.amountPaid)
    throw new Error(
      `bill ${bill.number} was paid ${formatMoney(bill.amountPaid)}, less than ${formatMoney(removed)}`,
    );
  return { amountPaid: bill.amountPaid - removed, status: 'open' };
}
