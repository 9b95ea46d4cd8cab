import { describe, expect, it } from 'vitest';
import { formatDate, monthsUpTo } from './dates.ts';

describe('monthsUpTo', () => {
  it('gives six months oldest first, the current one ending today', () => {
    expect(monthsUpTo('2026-11-24', 6)).toEqual([
      { label: 'Jun 2026', from: '2026-06-01', to: '2026-06-30' },
      { label: 'Jul 2026', from: '2026-07-01', to: '2026-07-31' },
      { label: 'Aug 2026', from: '2026-08-01', to: '2026-08-31' },
      { label: 'Sep 2026', from: '2026-09-01', to: '2026-09-30' },
      { label: 'Oct 2026', from: '2026-10-01', to: '2026-10-31' },
      { label: 'Nov 2026', from: '2026-11-01', to: '2026-11-24' },
    ]);
  });
  it('crosses the year and knows leap Februaries', () => {
    const months = monthsUpTo('2028-03-05', 3);
    expect(months.map((m) => [m.from, m.to])).toEqual([
      ['2028-01-01', '2028-01-31'],
      ['2028-02-01', '2028-02-29'],
      ['2028-03-01', '2028-03-05'],
    ]);
    expect(monthsUpTo('2027-01-10', 2)[0]).toEqual({
      label: 'Dec 2026',
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
});

describe('formatDate', () => {
  it('writes a calendar day without moving it through a time zone', () => {
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
  });
});
