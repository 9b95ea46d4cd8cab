// Pure invoice rules (D8, D20, D23, D25, D33): line and tax amounts, totals, due date, the entry that
// send posts, and the state machine (what may be edited, sent, voided, emailed, paid, and what a
// payment makes of the invoice). Money is bigint at scale 4 (money.ts); rounding to the currency's
// minor unit, half away from zero.
import { addDays, daysBetween, isCalendarDate } from './dates.ts';
import {
  assertPostableDraft,
  type DocumentKind,
  type DocumentState,
  daysOverdueOf,
  type SettlementRule,
  settledBalanceDue,
  settledKind,
  settlementStep,
} from './document.ts';
import { fieldError, invalidState } from './errors.ts';
import { addMoney, type Money, multiplyMoney, percentOf, sumMoney } from './money.ts';

export const PAYMENT_TERMS = ['due_on_receipt', 'net_7', 'net_15', 'net_30', 'net_60', 'net_90'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const LINES_PER_INVOICE_MAX = 200;

/** D20: `due_on_receipt` is 0 days, `net_N` is N days after the issue date. */
export function termDays(terms: PaymentTerms): number {
  if (terms === 'due_on_receipt') return 0;
  const days = Number(terms.slice('net_'.length));
  if (!Number.isInteger(days)) throw new RangeError(`unknown payment terms ${terms}`);
  return days;
}

/**
 * The due date `terms` give a document dated `documentDate`. Past 9999-12-31 it is refused on
 * `dateField`, the document's own date field (D66): an invoice's `issue_date`, a bill's `bill_date`.
 */
export function dueDateFor(
  documentDate: string,
  terms: PaymentTerms,
  dateField: 'issue_date' | 'bill_date',
): string {
  return addDays(documentDate, termDays(terms), dateField);
}

/** What a document's due date is decided from: its date, the terms that apply, a date sent or kept. */
export interface DueDateChoice {
  /** The document's date (an invoice's issue date, a bill's date) and its field, for refusals. */
  documentDate: string;
  dateField: 'issue_date' | 'bill_date';
  /** The terms that apply (sent, kept or the contact's); null: none (a due date kept by hand). */
  terms: PaymentTerms | null;
  /** A due date sent with the request: it wins (D54, issue 21). */
  sent?: string | undefined;
  /** The due date stored, kept when no terms apply. */
  kept?: string | undefined;
}

/**
 * A document's due date and the terms it follows (D20, D54, issue 21): a due date sent wins and must
 * not be before the document's date (400 on `due_date`); the terms stay only when they give that very
 * date, else they are null (a custom due date). Without one sent, the terms give it; with no terms,
 * the due date kept stays, and it too must not be before the document's date.
 */
export function dueDateOf(choice: DueDateChoice): { dueDate: string; terms: PaymentTerms | null } {
  const { documentDate, dateField, terms } = choice;
  const before = `must not be before the ${dateField.replace('_', ' ')}`;
  const given = choice.sent ?? (terms === null ? choice.kept : undefined);
  if (given === undefined) {
    if (terms === null) throw new RangeError('a due date needs terms or a date');
    return { dueDate: dueDateFor(documentDate, terms, dateField), terms };
  }
  if (!isCalendarDate(given)) throw fieldError('due_date', 'must be a calendar date YYYY-MM-DD');
  if (given < documentDate) {
    const why = choice.sent === undefined ? `; send a due_date or payment_terms with the ${dateField}` : '';
    throw fieldError('due_date', `${before} (${given} is before ${documentDate})${why}`);
  }
  const followed = terms !== null && daysBetween(documentDate, given) === termDays(terms);
  return { dueDate: given, terms: followed ? terms : null };
}

export interface InvoiceLineAmounts {
  quantity: Money;
  unitPrice: Money;
  /**
   * The percentages the line is taxed at, at scale 4 ("8.2500" -> 82500n): none for a non-taxable
   * line, one for a tax rate, a group's component rates in its order (D90).
   */
  taxPercents: Money[];
}

export interface ComputedLine {
  amount: Money;
  /** The tax at each of the line's percentages, in their order, each rounded on its own (D8, D90). */
  taxes: Money[];
  /** The line's tax: the sum of `taxes`. */
  taxAmount: Money;
}

export interface InvoiceTotals {
  lines: ComputedLine[];
  subtotal: Money;
  taxTotal: Money;
  total: Money;
}

/**
 * D8: each line rounded, tax per line rounded, total = subtotal + tax_total. A line taxed at a group's
 * rates (D90) is taxed at each rate as a line with that one rate would be, and its tax is their sum.
 */
export function computeInvoice(
  lines: InvoiceLineAmounts[],
  currencyDecimals: number,
  priceField = 'unit_price',
): InvoiceTotals {
  // D66: a product or sum past NUMERIC(20,4) is invalid_money on the line's price (`unit_price`, or
  // a bill's `unit_cost`), or on `lines`.
  const computed = lines.map((line, index) => {
    const field = `lines/${index}/${priceField}`;
    const amount = multiplyMoney(line.quantity, line.unitPrice, currencyDecimals, field);
    const taxes = line.taxPercents.map((percent) => percentOf(amount, percent, currencyDecimals, field));
    return { amount, taxes, taxAmount: sumMoney(taxes, field) };
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

/** What payments and credit notes (D60) applied to an invoice still leave open. */
export const balanceDue: (
  total: Money,
  amountPaid: Money,
  status: InvoiceStatus,
  amountCredited?: Money,
) => Money = settledBalanceDue;

/** D24: days past due of a sent invoice, else 0; never negative. */
export function daysOverdue(status: InvoiceStatus, dueDate: string, today: string): number {
  return daysOverdueOf(INVOICE_SETTLEMENT, status, dueDate, today);
}

/**
 * A sale (D25): receivable is debited with the total, each line's income account and each tax
 * liability account credited; only a draft is edited; a void reverses a sent invoice with nothing
 * paid or credited. Its state machine is every settled kind's (document.ts), sent once posted.
 */
export const INVOICE: DocumentKind<InvoiceStatus> = settledKind<InvoiceStatus>({
  side: 'sale',
  noun: 'invoice',
  posted: 'sent',
  editAdvice: 'void it, or issue a credit',
  voidBlockedBy: {
    payment: 'a payment is applied to it; it can no longer be voided',
    credit: 'a credit note is applied to it; it can no longer be voided',
  },
});

/** The facts of an invoice its state machine decides on (an invoice always has its number). */
export interface InvoiceState extends DocumentState<InvoiceStatus> {
  number: string;
}

/** Send: draft -> sent, with its D25 posting. */
export function assertSendable(invoice: InvoiceState): void {
  assertPostableDraft(INVOICE, invoice, 'sent');
}

/** Email (D29): a draft is sent first; a sent invoice is emailed again without posting. */
export function assertEmailable(invoice: InvoiceState): void {
  if (invoice.status === 'draft' || invoice.status === 'sent') return;
  throw invalidState(
    `invoice ${invoice.number} is ${invoice.status}; only a draft or sent invoice is emailed`,
    { status: invoice.status },
  );
}

/** The reversal of a void is dated today, or the issue date when that is later (never before it). */
export function voidDate(issueDate: string, today: string): string {
  return today > issueDate ? today : issueDate;
}

/** An invoice as a payment application sees it. */
export interface PayableInvoice extends InvoiceState {
  id: string;
  total: Money;
  amountPaid: Money;
  /** What credit notes took off it (D60); absent is none. */
  amountCredited?: Money;
}

/** Invoices take payments and credit while sent, and are paid once settled (D33, D60). */
export const INVOICE_SETTLEMENT: SettlementRule<InvoiceStatus> = {
  noun: 'invoice',
  open: 'sent',
  settled: 'paid',
  appliesTo: 'a sent invoice',
};

/**
 * D33, D60: what every application to an invoice (a payment's, a credit note's: `applying` names it
 * in the refusal) must respect: the invoice is sent (a draft or void one is invalid_state; a paid
 * one has nothing due), and `amount` (application number `index` of the request) is at most its
 * balance due.
 */
export const applyPayment: (
  invoice: PayableInvoice,
  amount: Money,
  index: number,
) => { amountPaid: Money; status: InvoiceStatus } = settlementStep(
  INVOICE_SETTLEMENT,
  'amountPaid',
  'a payment',
);
