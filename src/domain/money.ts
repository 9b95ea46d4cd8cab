// Exact money: amounts are bigint counts of 1/10^4 units (the ledger's storage scale, NUMERIC(20,4)).
// Never a JS number: parsing splits digits, formatting pads digits.
import { fieldError } from './errors.ts';

export const MONEY_SCALE = 4;
const SCALE_FACTOR = 10n ** BigInt(MONEY_SCALE);

/** The wire format of a request amount (D5): up to 15 integer digits, up to 4 decimals. */
export const MONEY_PATTERN = '^-?[0-9]{1,15}(\\.[0-9]{1,4})?$';
const MONEY_REGEX = new RegExp(MONEY_PATTERN);
/**
 * Database text: a NUMERIC(20,4) column carries up to 16 integer digits, but a sum of them (an
 * account's balance over many days, a report's total) may carry more, and must still read (D66).
 */
const STORED_REGEX = /^-?[0-9]{1,40}(\.[0-9]{1,4})?$/;

export type Money = bigint;

/** NUMERIC(20,4) holds |x| < 10^16: in scaled units at most 10^20 - 1 (D66). */
export const MONEY_ABS_MAX: Money = 10n ** 20n - 1n;

/**
 * Refuses an amount the ledger's NUMERIC(20,4) cannot hold, as 400 invalid_money on `field`: every
 * product and sum the service computes passes here before it is stored (D66).
 */
export function checkedMoney(units: Money, field: string): Money {
  if (units > MONEY_ABS_MAX || units < -MONEY_ABS_MAX) {
    throw fieldError(field, 'the amount this gives is larger than 9999999999999999.9999', 'invalid_money');
  }
  return units;
}

/** a + b, refused when the result leaves NUMERIC(20,4). */
export function addMoney(a: Money, b: Money, field: string): Money {
  return checkedMoney(a + b, field);
}

export function isMoneyString(value: unknown): value is string {
  return typeof value === 'string' && MONEY_REGEX.test(value);
}

/** Parses a decimal string into scaled units. Throws on anything that is not an exact decimal. */
export function parseMoney(text: string): Money {
  if (!STORED_REGEX.test(text)) throw new RangeError(`not a decimal amount: ${JSON.stringify(text)}`);
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const [whole = '0', fraction = ''] = unsigned.split('.');
  const units = BigInt(whole) * SCALE_FACTOR + BigInt(fraction.padEnd(MONEY_SCALE, '0'));
  return negative ? -units : units;
}

/** Formats scaled units with exactly four decimals (D7). */
export function formatMoney(units: Money): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE_FACTOR;
  const fraction = (abs % SCALE_FACTOR).toString().padStart(MONEY_SCALE, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Rounds scaled units to `decimals` places (0..4), half away from zero (D8). */
export function roundMoney(units: Money, decimals: number): Money {
  if (decimals >= MONEY_SCALE) return units;
  const step = 10n ** BigInt(MONEY_SCALE - decimals);
  return divideRoundHalfAwayFromZero(units, step) * step;
}

/** Integer division rounding half away from zero. */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * quantity × unit_price, both at scale 4, rounded to the currency's minor unit.
 * The product is at scale 8, so it is brought back to scale 4 first by exact division.
 */
export function multiplyMoney(
  quantity: Money,
  unitPrice: Money,
  currencyDecimals: number,
  field = 'amount',
): Money {
  const minorUnits = divideRoundHalfAwayFromZero(
    quantity * unitPrice,
    10n ** BigInt(2 * MONEY_SCALE - currencyDecimals),
  );
  return checkedMoney(minorUnits * 10n ** BigInt(MONEY_SCALE - currencyDecimals), field);
}

/** amount × percent / 100, percent at scale 4 ("8.2500"), rounded to the currency's minor unit. */
export function percentOf(amount: Money, percent: Money, currencyDecimals: number, field = 'amount'): Money {
  const divisor = 100n * SCALE_FACTOR * 10n ** BigInt(MONEY_SCALE - currencyDecimals);
  return checkedMoney(
    divideRoundHalfAwayFromZero(amount * percent, divisor) * 10n ** BigInt(MONEY_SCALE - currencyDecimals),
    field,
  );
}

/** The sum of `values`, refused as invalid_money on `field` when it leaves NUMERIC(20,4). */
export function sumMoney(values: Iterable<Money>, field = 'amount'): Money {
  let total = 0n;
  for (const value of values) total += value;
  return checkedMoney(total, field);
}

/**
 * ISO 4217 minor units (D8, D9): the currencies an organization may choose, every active currency of
 * the standard (issue 21: sign-up offers the ISO 4217 list). Fund codes (BOV, CLF, USN, ...),
 * precious metals, XDR and test codes are left out: books are not kept in them.
 */
const NO_MINOR_UNIT = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
];
const THREE_DECIMALS = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'];
const TWO_DECIMALS = [
  'AED',
  'AFN',
  'ALL',
  'AMD',
  'ANG',
  'AOA',
  'ARS',
  'AUD',
  'AWG',
  'AZN',
  'BAM',
  'BBD',
  'BDT',
  'BGN',
  'BMD',
  'BND',
  'BOB',
  'BRL',
  'BSD',
  'BTN',
  'BWP',
  'BYN',
  'BZD',
  'CAD',
  'CDF',
  'CHF',
  'CNY',
  'COP',
  'CRC',
  'CUP',
  'CVE',
  'CZK',
  'DKK',
  'DOP',
  'DZD',
  'EGP',
  'ERN',
  'ETB',
  'EUR',
  'FJD',
  'FKP',
  'GBP',
  'GEL',
  'GHS',
  'GIP',
  'GMD',
  'GTQ',
  'GYD',
  'HKD',
  'HNL',
  'HTG',
  'HUF',
  'IDR',
  'ILS',
  'INR',
  'IRR',
  'JMD',
  'KES',
  'KGS',
  'KHR',
  'KPW',
  'KYD',
  'KZT',
  'LAK',
  'LBP',
  'LKR',
  'LRD',
  'LSL',
  'MAD',
  'MDL',
  'MGA',
  'MKD',
  'MMK',
  'MNT',
  'MOP',
  'MRU',
  'MUR',
  'MVR',
  'MWK',
  'MXN',
  'MYR',
  'MZN',
  'NAD',
  'NGN',
  'NIO',
  'NOK',
  'NPR',
  'NZD',
  'PAB',
  'PEN',
  'PGK',
  'PHP',
  'PKR',
  'PLN',
  'QAR',
  'RON',
  'RSD',
  'RUB',
  'SAR',
  'SBD',
  'SCR',
  'SDG',
  'SEK',
  'SGD',
  'SHP',
  'SLE',
  'SOS',
  'SRD',
  'SSP',
  'STN',
  'SVC',
  'SYP',
  'SZL',
  'THB',
  'TJS',
  'TMT',
  'TOP',
  'TRY',
  'TTD',
  'TWD',
  'TZS',
  'UAH',
  'USD',
  'UYU',
  'UZS',
  'VED',
  'VES',
  'WST',
  'XCD',
  'XCG',
  'YER',
  'ZAR',
  'ZMW',
  'ZWG',
];
const MINOR_UNITS: Record<string, number> = Object.fromEntries([
  ...NO_MINOR_UNIT.map((code) => [code, 0]),
  ...TWO_DECIMALS.map((code) => [code, 2]),
  ...THREE_DECIMALS.map((code) => [code, 3]),
]);

/** The ISO 4217 codes an organization may choose, alphabetically (sign-up offers these). */
export const SUPPORTED_CURRENCIES: readonly string[] = Object.keys(MINOR_UNITS).sort();

export function isSupportedCurrency(code: string): boolean {
  return Object.hasOwn(MINOR_UNITS, code);
}

export function currencyDecimals(code: string): number {
  const decimals = MINOR_UNITS[code];
  if (decimals === undefined) throw new RangeError(`unsupported currency ${code}`);
  return decimals;
}

/** True when scaled units carry no digits past the currency's minor unit (D64: USD cents, JPY yen). */
export function isWholeMinorUnits(units: Money, decimals: number): boolean {
  if (decimals >= MONEY_SCALE) return true;
  return units % 10n ** BigInt(MONEY_SCALE - decimals) === 0n;
}
