// Calendar dates are 'YYYY-MM-DD' strings; arithmetic goes through UTC midnight, never local time.
import { fieldError } from './errors.ts';

const DATE_REGEX = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar the books accept (D66): PostgreSQL's `date` goes further, our wire format does not. */
export const DATE_MIN = '0001-01-01';
export const DATE_MAX = '9999-12-31';

/** A real calendar day in 0001-01-01..9999-12-31: the one date rule of requests and reports (D66). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_REGEX.test(value) || value < DATE_MIN) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/**
 * `date` plus `days`. A result outside DATE_MIN..DATE_MAX (a due date past 9999-12-31) is refused
 * as a validation_error on `field`, the request field it was derived from (D66).
 */
export function addDays(date: string, days: number, field = 'date'): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  const result = Number.isNaN(parsed.getTime()) ? '' : parsed.toISOString().slice(0, 10);
  if (!isCalendarDate(result)) {
    throw fieldError(field, `gives a date after ${DATE_MAX} (or before ${DATE_MIN}); use an earlier date`);
  }
  return result;
}

export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** Today's date in an IANA time zone (D22: dates default to today in the organization's zone). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
