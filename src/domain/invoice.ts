// Pure invoice rules (D8, D20, D25): line and tax amounts, totals, due date, the entry that send posts.
// Money is bigint at scale 4 (money.ts); rounding to the currency's minor unit, half away from zero.
import { addDays } from './dates.ts';
import type { JournalLine } from './journal.ts';
import { addMoney, type Money, multiplyMoney, percentOf, sumMoney } from './money.ts';

export const PAYMENT_TERMS = ['due_on_receipt', 'net_7', 'net_15', 'net_30', 'net_60', 'net_90'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const MAX_LINES_PER_INVOICE = 200;

/** D20: `due_on_receipt` is 0 days, `net_N` is N days after the issue date. */
export function termDays(terms: PaymentTerms): number {
  if (terms === 'due_on_receipt') return 0;
  const days = Number(terms.slice('net_'.length));
  if (!Number.isInteger(days)) throw new RangeError(`unknown payment terms ${terms}`);
  return days;
}

export function dueDateFor(issueDate: string, terms: PaymentTerms): string {
  return addDays(issueDate, termDays(terms), 'issue_date');
}

export interface InvoiceLineAmounts {
  quantity: Money;
  unitPrice: Money;
  /** Percentage at scale 4 ("8.2500" -> 82500n), or null for a non-taxable line. */
  taxPercent: Money | null;
}

export interface ComputedLine {
  amount: Money;
  taxAmount: Money;
}

export interface InvoiceTotals {
  lines: ComputedLine[];
  subtotal: Money;
  taxTotal: Money;
  total: Money;
}

/** D8: each line rounded, tax per line rounded, total = subtotal + tax_total. */
export function computeInvoice(lines: InvoiceLineAmounts[], currencyDecimals: number): InvoiceTotals {
  // D66: a product or sum past NUMERIC(20,4) is invalid_money on the line's price, or on `lines`.
  const computed = lines.map((line, index) => {
    const field = `lines/${index}/unit_price`;
    const amount = multiplyMoney(line.quantity, line.unitPrice, currencyDecimals, field);
    const taxAmount =
      line.taxPercent === null ? 0n : percentOf(amount, line.taxPercent, currencyDecimals, field);
    return { amount, taxAmount };
  });
  const subtotal = sumMoney(
    computed.map((line) => line.amount),
    'lines',
  );
  const taxTotal = sumMoney(
    computed.map((line) => line.taxAmount),
    'lines',
  );
  return { lines: computed, subtotal, taxTotal, total: addMoney(subtotal, taxTotal, 'lines') };
}

/** What an amount applied to an invoice still leaves open; never below zero by construction. */
export function balanceDue(total: Money, amountPaid: Money, status: InvoiceStatus): Money {
  return status === 'void' ? 0n : total - amountPaid;
}

/** D24: days past due of a sent invoice, else 0; never negative. */
export function daysOverdue(status: InvoiceStatus, dueDate: string, today: string): number {
  if (status !== 'sent' || today <= dueDate) return 0;
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
}

export interface PostingLine {
  incomeAccountId: string;
  description: string;
  amount: Money;
  taxAmount: Money;
  /** The tax rate's liability account, when the line is taxed. */
  taxAccountId: string | null;
  trackingOptionIds: string[];
}

/**
 * D25: debit Accounts Receivable with the total; credit each line's income account with its amount;
 * credit each tax liability account with the tax it collects (summed per account). Zero lines are left out.
 */
export function invoicePostingLines(receivableAccountId: string, lines: PostingLine[]): JournalLine[] {
  const credits: JournalLine[] = lines
    .filter((line) => line.amount !== 0n)
    .map((line) => ({
      accountId: line.incomeAccountId,
      debit: 0n,
      credit: line.amount,
      description: line.description,
      trackingOptionIds: line.trackingOptionIds,
    }));
  const taxByAccount = new Map<string, Money>();
  for (const line of lines) {
    if (line.taxAccountId === null || line.taxAmount === 0n) continue;
    taxByAccount.set(line.taxAccountId, (taxByAccount.get(line.taxAccountId) ?? 0n) + line.taxAmount);
  }
  for (const [accountId, tax] of taxByAccount) {
    credits.push({ accountId, debit: 0n, credit: tax, description: 'Sales tax', trackingOptionIds: [] });
  }
  const total = sumMoney(credits.map((line) => line.credit));
  return [
    { accountId: receivableAccountId, debit: total, credit: 0n, description: '', trackingOptionIds: [] },
    ...credits,
  ];
}
