// AR aging (D40): open receivables per customer as of a date, by days past due.
// Balance at the date = total minus the applications dated on or before it.
import { daysBetween, isCalendarDate, todayIn } from '../../domain/dates.ts';
import { fieldError } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';

export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
type Bucket = (typeof AGING_BUCKETS)[number];

export function agingBucket(daysPastDue: number): Bucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days_1_30';
  if (daysPastDue <= 60) return 'days_31_60';
  if (daysPastDue <= 90) return 'days_61_90';
  return 'days_over_90';
}

const emptyBuckets = () =>
  Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0n])) as Record<Bucket, bigint>;
const formatBuckets = (buckets: Record<Bucket, bigint>) =>
  Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, formatMoney(buckets[bucket])])) as Record<
    Bucket,
    string
  >;

export async function arAging(deps: Deps, actor: Actor, asOfInput: string | undefined) {
  const asOf = asOfInput ?? todayIn(actor.organization.timezone);
  if (!isCalendarDate(asOf)) throw fieldError('query/as_of', 'must be a date YYYY-MM-DD');
  const rows = await reports.openInvoices(deps.db, actor.organization.id, asOf);
  const byCustomer = new Map<string, { name: string; buckets: Record<Bucket, bigint> }>();
  const totals = emptyBuckets();
  for (const row of rows) {
    const entry = byCustomer.get(row.customer_id) ?? { name: row.customer_name, buckets: emptyBuckets() };
    const bucket = agingBucket(daysBetween(row.due_date, asOf));
    const open = parseMoney(row.open);
    entry.buckets[bucket] += open;
    totals[bucket] += open;
    byCustomer.set(row.customer_id, entry);
  }
  const sum = (buckets: Record<Bucket, bigint>) =>
    AGING_BUCKETS.reduce((total, bucket) => total + buckets[bucket], 0n);
  return {
    as_of: asOf,
    currency: actor.organization.currency,
    customers: [...byCustomer.entries()].map(([customer, entry]) => ({
      customer,
      customer_name: entry.name,
      ...formatBuckets(entry.buckets),
      total: formatMoney(sum(entry.buckets)),
    })),
    totals: { ...formatBuckets(totals), total: formatMoney(sum(totals)) },
  };
}
