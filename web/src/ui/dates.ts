// Calendar dates as the API speaks them (YYYY-MM-DD), in the person's own day.
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/** "2026-11-24" -> "Nov 24, 2026": no time zone shift (the date is a calendar day, not an instant). */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return date;
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

/** The last day of `date`'s calendar month (day 0 of the next month, in UTC so no time zone moves it). */
export function lastOfMonth(date: string): string {
  const [year = 1970, month = 1] = date.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${date.slice(0, 8)}${String(lastDay).padStart(2, '0')}`;
}

/** "2026-11-01" -> "Nov 2026". */
export function monthLabel(date: string): string {
  const [year, month = 1] = date.split('-').map(Number);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}
