// How bank files write amounts and dates (D71): the one reading of them, shared by the server's
// statement import and the web app's CSV preview (web/src/features/banking/statementFile.ts, through
// @shared), so the preview can never accept a line the import refuses, or the reverse.
import { MONEY_SCALE, type Money } from './money.ts';

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export type DecimalSeparator = '.' | ',';

/** Whole-number digits past this cannot fit NUMERIC(20,4). */
const WHOLE_DIGITS_MAX = 16;

/**
 * An amount as the file writes it, exactly: optional sign (or parentheses, or a trailing minus), a
 * currency sign, digits with optional thousands separators, and the decimal separator given. Answers
 * scaled units, or null when the text is not an amount. More than four decimals is not an amount the
 * ledger can hold.
 */
export function parseBankAmount(raw: string, decimalSeparator: DecimalSeparator = '.'): Money | null {
  let text = raw.trim().replace(/[\s\u00A0\u202F]/g, '');
  if (text === '') return null;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(/^[$€£¥]|[$€£¥]$/g, '');
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = negative !== text.startsWith('-');
    text = text.slice(1);
  } else if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  text = text.replace(/^[$€£¥]/, '');
  const thousands = decimalSeparator === '.' ? ',' : '.';
  const pattern =
    decimalSeparator === '.'
      ? /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/
      : /^(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$|^,\d+$/;
  if (!pattern.test(text)) return null;
  const [whole = '', fraction = ''] = text.split(thousands).join('').split(decimalSeparator);
  if (fraction.length > MONEY_SCALE) return null;
  if (whole.replace(/^0+/, '').length > WHOLE_DIGITS_MAX) return null;
  const units = BigInt(whole || '0') * 10n ** BigInt(MONEY_SCALE) + BigInt(fraction.padEnd(MONEY_SCALE, '0'));
  return negative ? -units : units;
}

/**
 * The date of `raw` written as `format`, as YYYY-MM-DD, or null when it is not written that way.
 * Whether the day exists (2026-02-30) is the caller's check: the import names it as its own refusal.
 */
export function bankDateText(raw: string, format: DateFormat): string | null {
  const value = raw.trim();
  const pad = (part: string) => part.padStart(2, '0');
  let match: RegExpExecArray | null;
  switch (format) {
    case 'YYYY-MM-DD':
      match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
      return match ? `${match[1]}-${pad(match[2]!)}-${pad(match[3]!)}` : null;
    case 'DD/MM/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
      return match ? `${match[3]}-${pad(match[2]!)}-${pad(match[1]!)}` : null;
    case 'MM/DD/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
      return match ? `${match[3]}-${pad(match[1]!)}-${pad(match[2]!)}` : null;
    case 'DD.MM.YYYY':
      match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
      return match ? `${match[3]}-${pad(match[2]!)}-${pad(match[1]!)}` : null;
  }
}
