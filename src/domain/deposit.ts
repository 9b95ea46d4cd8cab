// Deposits (D88): payments received into Undeposited Funds taken to the bank together. Pure rules:
// which payment a deposit may take, which deposit may be voided, and the lines of its entry.
import { DomainError, fieldError, invalidState } from './errors.ts';
import type { JournalLine } from './journal.ts';
import { LINES_PER_ENTRY_MAX } from './journal.ts';
import { formatMoney, type Money, sumMoney } from './money.ts';
import type { PaymentStatus } from './payment.ts';

export const DEPOSIT_STATUSES = ['posted', 'void'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** One debit line for the bank and one credit line per payment: the entry's line limit bounds the list. */
export const DEPOSIT_PAYMENTS_MAX = LINES_PER_ENTRY_MAX - 1;

/** A payment as a deposit sees it (locked by the caller). */
export interface DepositablePayment {
  id: string;
  number: string;
  status: PaymentStatus;
  paymentDate: string;
  amount: Money;
  /** The account the payment debited. */
  depositAccountId: string;
  /** The live deposit it is in, with that deposit's number, or null. */
  depositId: string | null;
  depositNumber: string | null;
}

/**
 * A payment `payments/<index>` may be deposited when it is posted, went to Undeposited Funds, is in no
 * live deposit and was received on or before the deposit's date. Money paid straight into a bank never
 * passed through Undeposited Funds, and money is not banked before it came in (400); a void payment or
 * one already deposited is a state the request cannot change (409 invalid_state).
 */
export function assertDepositable(
  payment: DepositablePayment,
  index: number,
  deposit: { date: string; undepositedFundsId: string },
) {
  const path = `payments/${index}`;
  const undepositedFundsId = deposit.undepositedFundsId;
  if (payment.depositAccountId !== undepositedFundsId) {
    throw fieldError(
      path,
      `payment ${payment.number} was not received into Undeposited Funds; only those are deposited`,
    );
  }
  if (payment.paymentDate > deposit.date) {
    throw fieldError(
      path,
      `payment ${payment.number} was received on ${payment.paymentDate}, after the deposit's date ${deposit.date}`,
    );
  }
  if (payment.status !== 'posted') {
    throw new DomainError('invalid_state', `${path}: payment ${payment.number} is ${payment.status}`, {
      payment_id: payment.id,
      status: payment.status,
      fields: { [path]: [`payment ${payment.number} is ${payment.status}`] },
    });
  }
  if (payment.depositId !== null) {
    throw new DomainError(
      'invalid_state',
      `${path}: payment ${payment.number} is already in deposit ${payment.depositNumber}`,
      {
        payment_id: payment.id,
        deposit_id: payment.depositId,
        deposit_number: payment.depositNumber,
        fields: { [path]: [`already in deposit ${payment.depositNumber}`] },
      },
    );
  }
}

/** Only a posted deposit is voided; a void one is final (409 invalid_state). */
export function assertDepositPosted(deposit: { number: string; status: DepositStatus }, action: string) {
  if (deposit.status !== 'posted') {
    throw invalidState(`deposit ${deposit.number} is ${deposit.status}; it cannot be ${action}`, {
      status: deposit.status,
    });
  }
}

/** A deposited payment is voided only once its deposit is (the bank holds its money otherwise). */
export function assertNotDeposited(
  payment: { number: string; depositId: string | null },
  depositNumber: string | null,
) {
  if (payment.depositId !== null) {
    throw invalidState(
      `payment ${payment.number} is in deposit ${depositNumber}; void the deposit first, then the payment`,
      { deposit_id: payment.depositId, deposit_number: depositNumber },
    );
  }
}

/**
 * The deposit's entry (D88): debit the bank account with the sum, credit Undeposited Funds once per
 * payment, each credit line naming its payment. Answers the lines and the total.
 */
export function depositLines(
  bankAccountId: string,
  undepositedFundsId: string,
  payments: { number: string; amount: Money; customerName: string }[],
): { lines: JournalLine[]; total: Money } {
  const total = sumMoney(
    payments.map((payment) => payment.amount),
    'payments',
  );
  if (payments.length === 0 || total <= 0n) throw new Error('a deposit takes at least one payment');
  const credits: JournalLine[] = payments.map((payment) => ({
    accountId: undepositedFundsId,
    debit: 0n,
    credit: payment.amount,
    description: `${payment.number} ${payment.customerName}`.slice(0, 1000),
    trackingOptionIds: [],
  }));
  return {
    lines: [
      {
        accountId: bankAccountId,
        debit: total,
        credit: 0n,
        description: `${payments.length} payment${payments.length === 1 ? '' : 's'}, ${formatMoney(total)}`,
        trackingOptionIds: [],
      },
      ...credits,
    ],
    total,
  };
}
