// Comparison columns of the profit and loss and the balance sheet (D93): the period asked for and the
// `periods - 1` before it, each the same span shifted back by whole months, quarters or years. Pure
// calendar arithmetic on 'YYYY-MM-DD' strings; no clock, no time zone.
import { DATE_MIN } from './dates.ts';
import { fieldError } from './errors.ts';

export const COMPARE_UNITS = ['month', 'quarter', 'year'] as const;
export type CompareUnit = (typeof COMPARE_UNITS)[number];
export const COMPARE_PERIODS_MAX = 12;

const UNIT_MONTHS: Record<CompareUnit, number> = { month: 1, quarter: 3, year: 12 };

export interface DateRange {
  from: string;
  to: string;
}

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * `date` moved by `months` calendar months (negative: back). The last day of a month stays the last
 * day of its month (2026-02-28 back one month is 2026-01-31), so a whole month maps to a whole month;
 * another day keeps its number, or the month's last day when the month is shorter (03-30 to 02-28).
 * Null when the result falls before DATE_MIN.
 */
export function shiftMonths(date: string, months: number): string | null {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  if (newYear < 1) return null;
  const lastDay = daysInMonth(newYear, newMonth);
  const wasLastDay = day === daysInMonth(year, month);
  const result = format(newYear, newMonth, wasLastDay ? lastDay : Math.min(day, lastDay));
  return result < DATE_MIN ? null : result;
}

/** The first day of the calendar month, quarter or year holding `date`. */
export function startOfUnit(date: string, unit: CompareUnit): string {
  const [year, month] = parts(date);
  if (unit === 'year') return format(year, 1, 1);
  if (unit === 'quarter') return format(year, month - ((month - 1) % 3), 1);
  return format(year, month, 1);
}

function shifted(date: string, months: number): string {
  const result = shiftMonths(date, months);
  if (result === null) throw fieldError('query/periods', `reaches back before ${DATE_MIN}; ask for fewer`);
  return result;
}

/**
 * The profit and loss columns: [from, to] and the `periods - 1` ranges before it, each shifted back by
 * one more unit, oldest first. Columns must not overlap (a range longer than its unit would count a
 * day twice): refused on `query/from`.
 */
export function comparisonRanges(range: DateRange, unit: CompareUnit, periods: number): DateRange[] {
  const step = UNIT_MONTHS[unit];
  const columns: DateRange[] = [];
  for (let back = periods - 1; back >= 0; back -= 1) {
    columns.push({ from: shifted(range.from, -back * step), to: shifted(range.to, -back * step) });
  }
  const next = shiftMonths(range.from, step);
  if (next !== null && next <= range.to) {
    throw fieldError(
      'query/from',
      `with compare=${unit}, from and to must lie within one ${unit} so that the columns do not overlap`,
    );
  }
  return columns;
}

/** The balance sheet columns: `asOf` and the `periods - 1` dates before it, one unit apart, oldest first. */
export function comparisonDates(asOf: string, unit: CompareUnit, periods: number): string[] {
  const step = UNIT_MONTHS[unit];
  const dates: string[] = [];
  for (let back = periods - 1; back >= 0; back -= 1) dates.push(shifted(asOf, -back * step));
  return dates;
}
