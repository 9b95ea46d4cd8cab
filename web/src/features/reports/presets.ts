// Date presets of the reports (issue 21): this month, last month, this quarter, this year, last year,
// or custom dates. Years and quarters are the books' fiscal ones (the month sign-up chose, January
// for older books), so "This year" of books whose year starts in April runs April to March. "This"
// periods end today (the books' own day); "last" periods are whole.

export const PRESETS = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-quarter', label: 'This quarter' },
  { value: 'this-year', label: 'This year' },
  { value: 'last-year', label: 'Last year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type Preset = (typeof PRESETS)[number]['value'];

export function isPreset(value: string | null): value is Preset {
  return PRESETS.some((preset) => preset.value === value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of month `month` (1-12, may run past either end of the year) of `year`. */
function firstOf(year: number, month: number): string {
  const index = year * 12 + (month - 1);
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
}

/** The day before a first-of-month date: the last day of the month before. */
function dayBefore(first: string): string {
  const [year = 1970, month = 1] = first.split('-').map(Number);
  const last = new Date(Date.UTC(year, month - 1, 0));
  return `${last.getUTCFullYear()}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}`;
}

/** The first day of the fiscal year holding `day`, for a year starting in `startMonth`. */
export function fiscalYearStart(day: string, startMonth: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return firstOf(month >= startMonth ? year : year - 1, startMonth);
}

/** The dates a preset means on `today` (YYYY-MM-DD) for books whose year starts in `startMonth`. */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: string, startMonth = 1) {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const thisMonth = firstOf(year, month);
  const yearStart = fiscalYearStart(today, startMonth);
  switch (preset) {
    case 'this-month':
      return { from: thisMonth, to: today };
    case 'last-month': {
      const from = firstOf(year, month - 1);
      return { from, to: dayBefore(thisMonth) };
    }
    case 'this-quarter': {
      const startYear = Number(yearStart.slice(0, 4));
      const monthsIn = (year - startYear) * 12 + month - startMonth;
      return { from: firstOf(startYear, startMonth + monthsIn - (monthsIn % 3)), to: today };
    }
    case 'this-year':
      return { from: yearStart, to: today };
    case 'last-year': {
      const startYear = Number(yearStart.slice(0, 4));
      return { from: firstOf(startYear - 1, startMonth), to: dayBefore(yearStart) };
    }
  }
}

/** Today in the books' time zone (D22: the books' day, not the browser's). */
export function todayIn(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}
