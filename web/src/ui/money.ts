// D45: amounts stay decimal strings from the API to the screen. Formatting and the totals shown
// before saving use the server's own money rules (src/domain/money.ts, shared), never floats.
import { computeInvoice } from '@shared/invoice.ts';
import {
  currencyDecimals,
  formatMoney,
  isMoneyString,
  type Money,
  multiplyMoney,
  parseMoney,
} from '@shared/money.ts';

export { formatMoney, isMoneyString, parseMoney };

const FALLBACK_DECIMALS = 2;

function decimalsOf(currency: string): number {
  try {
    return currencyDecimals(currency);
  } catch {
    return FALLBACK_DECIMALS;
  }
}

/**
 * Each currency's symbol, found once: a new Intl.NumberFormat costs far more than the formatting
 * (on a first visit, about 30 ms of the dashboard's main thread went to building one per amount).
 */
const symbols = new Map<string, string>();

function currencySymbol(currency: string): string {
  const known = symbols.get(currency);
  if (known !== undefined) return known;
  let symbol = currency;
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    // Not a currency Intl knows: its code stands for its symbol.
  }
  symbols.set(currency, symbol);
  return symbol;
}

/**
 * "1234567.5" in USD -> "$1,234,567.50"; "-12" -> "-$12.00". Exact: never rounded, so digits past
 * the currency's minor unit (a journal line at 4 decimals) are shown rather than hidden.
 */
export function formatAmount(amount: string | Money, currency: string): string {
  const units = typeof amount === 'bigint' ? amount : parseMoney(amount);
  const digits = groupDigits(units, decimalsOf(currency));
  const negative = digits.startsWith('-');
  const symbol = currencySymbol(currency);
  const prefix = /^[A-Za-z]{2,}$/.test(symbol) ? `${symbol} ` : symbol; // "KWD 1.234", "$1.00"
  return `${negative ? '-' : ''}${prefix}${negative ? digits.slice(1) : digits}`;
}

/** "1234567.5" at 2 decimals -> "1,234,567.50": grouped, padded to `decimals`, never rounded. */
function groupDigits(units: Money, decimals: number): string {
  const text = formatMoney(units);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const shown = fraction.replace(/0+$/, '').padEnd(decimals, '0');
  return `${negative ? '-' : ''}${shown.length > 0 ? `${grouped}.${shown}` : grouped}`;
}

/**
 * What an amount input shows once left (issue 21): "1234.5" -> "1,234.50" in the currency's
 * decimals, no symbol. Only what is shown: the input's value, and what is sent, stay as typed. Text
 * that is not an amount is shown as typed, for its error to be read against.
 */
export function formatTypedAmount(text: string, currency = 'USD'): string {
  const units = text.trim() === '' ? null : readAmount(text);
  return units === null ? text : groupDigits(units, decimalsOf(currency));
}

/** An amount left empty or at zero: the line says nothing and is dropped like a blank one. */
export function isBlankAmount(text: string): boolean {
  return text.trim() === '' || readAmount(text) === 0n;
}

/** The sum of typed amounts (blanks count as zero), or null when one is not a number. */
export function sumAmounts(texts: string[]): Money | null {
  let sum = 0n;
  for (const text of texts) {
    if (text.trim() === '') continue;
    const units = readAmount(text);
    if (units === null) return null;
    sum += units;
  }
  return sum;
}

/** The amount typed into an input, or null when it is not an exact decimal the API accepts (D5). */
export function readAmount(text: string): Money | null {
  const trimmed = text.trim().replace(/,/g, '');
  return isMoneyString(trimmed) ? parseMoney(trimmed) : null;
}

/** quantity × unit price rounded to the currency's minor unit, as the server computes it (D8). */
export function lineAmount(quantity: string, unitPrice: string, currency: string): Money | null {
  const q = readAmount(quantity);
  const p = readAmount(unitPrice);
  if (q === null || p === null) return null;
  return multiplyMoney(q, p, decimalsOf(currency));
}

export interface DraftLine {
  quantity: string;
  unitPrice: string;
  /**
   * The percentages the line is taxed at ("8.25"): none untaxed, its tax rate's, or each rate of its
   * tax group (D90: each rounded on its own, as the server does).
   */
  taxPercents: string[];
}

/** An invoice's subtotal, tax and total before saving: the server's computeInvoice (D8, D45). */
export function invoiceTotals(
  lines: DraftLine[],
  currency: string,
): { subtotal: Money; taxTotal: Money; total: Money } | null {
  const amounts = [];
  for (const line of lines) {
    const quantity = readAmount(line.quantity);
    const unitPrice = readAmount(line.unitPrice);
    const taxPercents = line.taxPercents.map(readAmount);
    if (quantity === null || unitPrice === null) return null;
    if (taxPercents.some((percent) => percent === null)) return null;
    amounts.push({ quantity, unitPrice, taxPercents: taxPercents as Money[] });
  }
  try {
    const totals = computeInvoice(amounts, decimalsOf(currency));
    return { subtotal: totals.subtotal, taxTotal: totals.taxTotal, total: totals.total };
  } catch {
    return null; // past NUMERIC(20,4): the server answers invalid_money on save
  }
}

export interface Balance {
  debits: Money;
  credits: Money;
  /** debits - credits: zero when the entry balances. */
  difference: Money;
  /** Amounts that are not exact decimals, by line index. */
  invalid: number[];
}

/** The debit/credit grid's balance indicator: "out of balance by X" before saving (issue 10). */
export function entryBalance(lines: { debit: string; credit: string }[]): Balance {
  let debits = 0n;
  let credits = 0n;
  const invalid: number[] = [];
  lines.forEach((line, index) => {
    const debit = line.debit.trim() === '' ? 0n : readAmount(line.debit);
    const credit = line.credit.trim() === '' ? 0n : readAmount(line.credit);
    if (debit === null || credit === null) invalid.push(index);
    debits += debit ?? 0n;
    credits += credit ?? 0n;
  });
  return { debits, credits, difference: debits - credits, invalid };
}

/** The sentence under the grid. */
export function balanceSentence(balance: Balance, currency: string): string {
  if (balance.invalid.length > 0) {
    return `Line ${balance.invalid.map((i) => i + 1).join(', ')} has an amount that is not a number.`;
  }
  if (balance.difference === 0n) {
    return balance.debits === 0n ? 'Enter debits and credits.' : 'Balanced.';
  }
  const abs = balance.difference < 0n ? -balance.difference : balance.difference;
  const side = balance.difference > 0n ? 'debits exceed credits' : 'credits exceed debits';
  return `Out of balance by ${formatAmount(abs, currency)} (${side}).`;
}

/** "12.5000" as "12.5" and "3.0000" as "3": a decimal string of the API for an input to start from. */
export const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);
