import { describe, expect, it } from 'vitest';
import { columnLabel, startOfUnit } from './columns.ts';

describe('comparison columns', () => {
  it('labels a whole month by its name, a whole year by its number, anything else by its dates', () => {
    expect(columnLabel('2026-02-01', '2026-02-28')).toBe('Feb 2026');
    expect(columnLabel('2025-01-01', '2025-12-31')).toBe('2025');
    expect(columnLabel('2026-01-01', '2026-03-31')).toBe('Q1 2026');
    expect(columnLabel('2026-10-01', '2026-12-31')).toBe('Q4 2026');
    expect(columnLabel('2026-02-01', '2026-04-30')).toContain('–');
    expect(columnLabel('2026-03-01', '2026-03-17')).toContain('–');
  });

  it('starts a comparison at the month, quarter or year holding the date', () => {
    expect(startOfUnit('2026-08-19', 'month')).toBe('2026-08-01');
    expect(startOfUnit('2026-08-19', 'quarter')).toBe('2026-07-01');
    expect(startOfUnit('2026-12-31', 'quarter')).toBe('2026-10-01');
    expect(startOfUnit('2026-08-19', 'year')).toBe('2026-01-01');
  });
});
