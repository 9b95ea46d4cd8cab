// Pure bill rules (D54, D55): the entry a bill posts when opened, and its state machine (what may be
// edited, opened, voided, paid, and what a bill payment makes of it). Bills price their lines with
// the invoice's rules (computeInvoice, D8) and take their due date from the vendor's terms (D20).
import { DomainError, invalidState } from './errors.ts';
import type { JournalLine } from './journal.ts';
import { formatMoney, type Money, sumMoney } from './money.ts';

export const BILL_STATUSES = ['draft', 'open', 'paid', 'void'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export const LINES_PER_BILL_MAX = 200;

/** A priced bill line as it posts: its account, amount before tax, and its tax's account. */
export interface BillPostingLine {
  accountId: string;
  description: string;
  amount: Money;
  taxAmount: Money;
  /** The tax rate's account (debited with the tax the bill pays), when the line is taxed. */
  taxAccountId: string | null;
  trackingOptionIds: string[];
}

/**
 * D54: debit each line's account with its amount (an inventory item's line: its asset account),
 * debit each tax rate's account with the tax (summed per account), credit Accounts Payable with the
 * total. Zero lines are left out.
 */
export function billPostingLines(payableAccountId: string, lines: BillPostingLine[]): JournalLine[] {
  const debits: JournalLine[] = lines
    .filter((line) => line.amount !== 0n)
    .map((line) => ({
      accountId: line.accountId,
      debit: line.amount,
      credit: 0n,
      description: line.description,
      trackingOptionIds: line.trackingOptionIds,
    }));
  const taxByAccount = new Map<string, Money>();
  for (const line of lines) {
    if (line.taxAccountId === null || line.taxAmount === 0n) continue;
    taxByAccount.set(line.taxAccountId, (taxByAccount.get(line.taxAccountId) ?? 0n) + line.taxAmount);
  }
  for (const [accountId, tax] of taxByAccount) {
    debits.push({
      accountId,
      debit: tax,
      credit: 0n,
      description: 'Tax on purchases',
      trackingOptionIds: [],
    });
  }
  const total = sumMoney(debits.map((line) => line.debit));
  return [
    ...debits,
    { accountId: payableAccountId, debit: 0n, credit: total, description: '', trackingOptionIds: [] },
  ];
}

// ---- the state machine -----------------------------------------------------------------------------
//
//   draft --open--> open --bill payments--> paid
//   draft --void--> void (no ledger effect)     open, nothing paid --void--> void (reversing entry)

export interface BillState {
  number: string;
  status: BillStatus;
}

/** PATCH: only a draft; an opened bill is part of the ledger (immutable_entry). */
export function assertBillEditable(bill: BillState): void {
  if (bill.status === 'draft') return;
  throw new DomainError(
    'immutable_entry',
    `bill ${bill.number} is ${bill.status}; only drafts can be edited (void it and enter it again)`,
    { status: bill.status, number: bill.number },
  );
}

export function assertBillOpenable(bill: BillState): void {
  if (bill.status === 'draft') return;
  throw invalidState(`bill ${bill.number} is ${bill.status}; only a draft can be opened`, {
    status: bill.status,
  });
}

/** D23 for bills: a draft is voided with no ledger effect; an open bill with nothing paid is reversed. */
export function billVoidKind(bill: BillState & { amountPaid: Money }): 'draft' | 'reverse_entry' {
  if (bill.status === 'draft') return 'draft';
  if (bill.status === 'open' && bill.amountPaid === 0n) return 'reverse_entry';
  const reason =
    bill.status === 'open' ? 'a payment is applied to it (void the payment first)' : `it is ${bill.status}`;
  throw invalidState(`bill ${bill.number} cannot be voided: ${reason}`, {
    status: bill.status,
    amount_paid: formatMoney(bill.amountPaid),
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
