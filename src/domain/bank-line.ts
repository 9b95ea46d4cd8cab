// What a bank line posts when a document is created from it (D74): spend, receive or transfer. The
// bank line's amount is tax-inclusive (it is the money that moved), so its tax is split off the way
// an invoice line's tax is computed (D8: percentOf the amount before tax, rounded half away from zero
// to the currency's minor unit), and the entry is the one a sale (receive) or a purchase (spend)
// posts, with the bank account where the receivable or payable would be.

import { BILL } from './bill.ts';
import { documentPostingLines } from './document.ts';
import { fieldError } from './errors.ts';
import { INVOICE } from './invoice.ts';
import type { JournalLine } from './journal.ts';
import { divideRoundHalfAwayFromZero, MONEY_SCALE, type Money, percentOf } from './money.ts';

export const BANK_LINE_KINDS = ['spend', 'receive', 'transfer'] as const;
export type BankLineKind = (typeof BANK_LINE_KINDS)[number];

/** 100% at the percentage's scale (percentages are held like money: "8.25" is 82500n). */
const HUNDRED_PERCENT = 100n * 10n ** BigInt(MONEY_SCALE);

export interface TaxSplit {
  /** The amount before tax. */
  net: Money;
  tax: Money;
}

/**
 * Splits a tax-inclusive `total` (positive, whole minor units) at `percent` into the amount before
 * tax and the tax, net + tax = total exactly. The net is the one whose invoice-line tax
 * (percentOf(net)) adds up to the total, so the split is what an invoice line of that net would
 * carry; where rounding skips the total (no net gives it exactly), the tax is the nearest
 * total × p / (100 + p), which differs from the invoice line's tax by one minor unit at most.
 */
export function splitTaxInclusive(total: Money, percent: Money, currencyDecimals: number): TaxSplit {
  if (total < 0n) throw new RangeError('splitTaxInclusive takes a positive total');
  if (percent === 0n) return { net: total, tax: 0n };
  const unit = 10n ** BigInt(MONEY_SCALE - currencyDecimals);
  const nearestTax = divideRoundHalfAwayFromZero(total * percent, (HUNDRED_PERCENT + percent) * unit) * unit;
  const nearestNet = total - nearestTax;
  for (const net of [nearestNet, nearestNet - unit, nearestNet + unit]) {
    if (net < 0n || net > total) continue;
    const tax = percentOf(net, percent, currencyDecimals);
    if (net + tax === total) return { net, tax };
  }
  return { net: nearestNet, tax: nearestTax };
}

/** A bank line's amount (signed, from the bank's side) fits a kind: spend money out, receive money in. */
export function assertKindFitsAmount(kind: string, amount: Money, path = 'kind'): void {
  if (amount === 0n)
    throw fieldError(path, 'a bank line of zero moves no money: nothing to create (exclude it)');
  const moneyIn = amount > 0n;
  if ((kind === 'spend' || kind === 'bill_payment') && moneyIn) {
    throw fieldError(path, `${kind} is for money out (a negative bank line); this line is money in`);
  }
  if ((kind === 'receive' || kind === 'payment') && !moneyIn) {
    throw fieldError(path, `${kind} is for money in (a positive bank line); this line is money out`);
  }
}

export interface BankLinePosting {
  kind: BankLineKind;
  bankAccountId: string;
  /** Signed, from the bank's side: positive is money in. */
  amount: Money;
  /** The other side: the spend or receive account, or the other bank account of a transfer. */
  accountId: string;
  /** The tax split and its account; absent for an untaxed line and always for a transfer. */
  tax?: { split: TaxSplit; accountId: string };
  description: string;
  trackingOptionIds: string[];
}

/**
 * The entry's lines. receive: what an invoice posts (debit the bank with the total, credit the
 * account with the net and the tax account with the tax); spend: what a bill posts (debit the
 * account and the tax account, credit the bank); transfer: the whole amount between the two banks.
 */
export function bankLinePostingLines(posting: BankLinePosting): JournalLine[] {
  const magnitude = posting.amount < 0n ? -posting.amount : posting.amount;
  const split = posting.tax?.split ?? { net: magnitude, tax: 0n };
  if (split.net + split.tax !== magnitude)
    throw new RangeError('the tax split does not add up to the amount');
  const line = {
    description: posting.description,
    amount: split.net,
    taxes: posting.tax ? [{ accountId: posting.tax.accountId, amount: split.tax }] : [],
    trackingOptionIds: posting.trackingOptionIds,
  };
  // Money in posts as a sale does (the bank in place of receivable), money out as a purchase.
  const lines = documentPostingLines(posting.amount > 0n ? INVOICE : BILL, posting.bankAccountId, [
    { ...line, accountId: posting.accountId },
  ]);
  // The bank's own line says what the bank said; the other lines keep their documents' wording.
  return lines.map((journalLine) =>
    journalLine.accountId === posting.bankAccountId && journalLine.description === ''
      ? { ...journalLine, description: posting.description }
      : journalLine,
  );
}
