// Comparison columns of the P&L and balance sheet (D93): their headings and where a comparison starts.
import { firstOfMonth, formatDate } from '../../ui/dates.ts';

export type Compare = 'month' | 'quarter' | 'year';

/** The first day of the calendar month, quarter or year holding `date` (YYYY-MM-DD). */
export function startOfUnit(date: string, unit: Compare): string {
  const month = Number(date.slice(5, 7));
  if (unit === 'year') return `${date.slice(0, 4)}-01-01`;
  if (unit === 'quarter')
    return `${date.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
  return firstOfMonth(date);
}

/** A column's heading: a whole month reads "Mar 2026", a quarter "Q1 2026", a year "2026", else its dates. */
export function columnLabel(from: string, to: string): string {
  const [fy, fm, fd] = from.split('-');
  const [ty, tm] = to.split('-');
  const lastDay = new Date(Date.UTC(Number(ty), Number(tm), 0)).getUTCDate();
  const wholeMonths = fd === '01' && Number(to.slice(8)) === lastDay;
  if (wholeMonths && fy === ty && fm === '01' && tm === '12') return fy ?? from;
  if (wholeMonths && fy === ty && Number(fm) % 3 === 1 && Number(tm) === Number(fm) + 2) {
    return `Q${(Number(fm) + 2) / 3} ${fy}`;
  }
  if (wholeMonths && fy === ty && fm === tm) {
    return new Date(Date.UTC(Number(fy), Number(fm) - 1, 1)).toLocaleDateString('en', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  }
  return `${formatDate(from)} – ${formatDate(to)}`;
}
