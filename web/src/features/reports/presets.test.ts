import { describe, expect, it } from 'vitest';
import { fiscalYearStart, presetRange } from './presets.ts';

describe('report date presets', () => {
  it('reads calendar periods for books whose year starts in January', () => {
    expect(presetRange('this-month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(presetRange('last-month', '2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('last-month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last-month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('this-quarter', '2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-11-25' });
    expect(presetRange('this-quarter', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetRange('this-year', '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-11-25' });
    expect(presetRange('last-year', '2026-11-25')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('reads fiscal years and quarters from the month the year starts', () => {
    expect(fiscalYearStart('2026-03-31', 4)).toBe('2025-04-01');
    expect(fiscalYearStart('2026-04-01', 4)).toBe('2026-04-01');
    expect(presetRange('this-year', '2026-02-10', 4)).toEqual({ from: '2025-04-01', to: '2026-02-10' });
    expect(presetRange('last-year', '2026-02-10', 4)).toEqual({ from: '2024-04-01', to: '2025-03-31' });
    expect(presetRange('this-quarter', '2026-02-10', 4)).toEqual({ from: '2026-01-01', to: '2026-02-10' });
    expect(presetRange('this-quarter', '2026-06-30', 7)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetRange('this-quarter', '2026-08-30', 11)).toEqual({ from: '2026-08-01', to: '2026-08-30' });
    expect(presetRange('last-year', '2026-12-31', 12)).toEqual({ from: '2025-12-01', to: '2026-11-30' });
  });
});
