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
