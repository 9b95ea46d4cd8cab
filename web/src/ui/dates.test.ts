import { describe, expect, it } from 'vitest';
import { formatDate, lastOfMonth, monthLabel } from './dates.ts';

describe('lastOfMonth', () => {
  it('gives the calendar month’s last day, leap Februaries included', () => {
    expect(lastOfMonth('2026-11-24')).toBe('2026-11-30');
    expect(lastOfMonth('2026-12-01')).toBe('2026-12-31');
    expect(lastOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(lastOfMonth('2027-02-28')).toBe('2027-02-28');
  });
});

describe('monthLabel', () => {
  it('names a month by its short name and year', () => {
    expect(monthLabel('2026-06-01')).toBe('Jun 2026');
    expect(monthLabel('2027-01-31')).toBe('Jan 2027');
  });
});

describe('formatDate', () => {
  it('writes a calendar day without moving it through a time zone', () => {
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
  });
});
