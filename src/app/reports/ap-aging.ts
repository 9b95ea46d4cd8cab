// AP aging (D56, D57): per vendor, what Accounts Payable held for it at the end of a date: each open
// bill's remainder in the bucket of its days past due. Bill payments are applied in full when made,
// so there is no unapplied column, and the report's total is the Accounts Payable balance that day.
import { daysBetween } from '../../domain/dates.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';
import { AGING_BUCKETS, agingBucket } from './ar-aging.ts';
import { asOfDate, generatedAt } from './report-params.ts';

type Bucket = (typeof AGING_BUCKETS)[number];
type Amounts = Record<Bucket, bigint>;

const emptyAmounts = (): Amounts =>
  Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0n])) as Amounts;

function describeAmounts(amounts: Amounts) {
  const columns = Object.fromEntries(
    AGING_BUCKETS.map((bucket) => [bucket, formatMoney(amounts[bucket])]),
  ) as Record<Bucket, string>;
  const total = AGING_BUCKETS.reduce((sum, bucket) => sum + amounts[bucket], 0n);
  return { ...columns, total: formatMoney(total) };
}

export async function apAging(deps: Deps, actor: Actor, query: { as_of?: string }) {
  const asOf = asOfDate(actor, query.as_of);
  const bills = await reports.openBills(deps.db, actor.organization.id, asOf);
  const byVendor = new Map<string, { name: string; amounts: Amounts }>();
  const totals = emptyAmounts();
  for (const bill of bills) {
    const bucket = agingBucket(daysBetween(bill.due_date, asOf));
    const row = byVendor.get(bill.vendor_id) ?? { name: bill.vendor_name, amounts: emptyAmounts() };
    row.amounts[bucket] += parseMoney(bill.open);
    totals[bucket] += parseMoney(bill.open);
    byVendor.set(bill.vendor_id, row);
  }
  const vendors = [...byVendor.entries()]
    .map(([vendor, row]) => ({ vendor, vendor_name: row.name, ...describeAmounts(row.amounts) }))
    .sort((a, b) =>
      a.vendor_name === b.vendor_name
        ? a.vendor.localeCompare(b.vendor)
        : a.vendor_name.localeCompare(b.vendor_name),
    );
  return {
    as_of: asOf,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
    vendors,
    totals: describeAmounts(totals),
  };
}
