// Calendar dates as the API speaks them (YYYY-MM-DD), in the person's own day.
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/** "2026-11-24" -> "Nov 24, 2026": no time zone shift (the date is a calendar day, not an instant). */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return date;
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[month - 1]} ${day}, ${year}`;
}

export interface Month {
  /** "Nov 2026" */
  label: string;
  from: string;
  /** The month's last day, or `day` itself for the month `day` is in. */
  to: string;
}

/** The `count` calendar months up to and including `day`'s, oldest first. */
export function monthsUpTo(day: string, count: number): Month[] {
  const [year = 1970, month = 1] = day.split('-').map(Number);
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return Array.from({ length: count }, (_, index) => {
    const offset = count - 1 - index;
    const y = year + Math.floor((month - 1 - offset) / 12);
    const m = (((month - 1 - offset) % 12) + 12) % 12;
    // Day 0 of the next month is this month's last day (UTC, so no time zone moves it).
    const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const from = `${y}-${pad(m + 1)}-01`;
    return { label: `${names[m]} ${y}`, from, to: offset === 0 ? day : `${y}-${pad(m + 1)}-${pad(lastDay)}` };
  });
}
