// AP aging (D56, D57): per vendor, what Accounts Payable held for it at the end of a date: each open
// bill's remainder in the bucket of its days past due, and the vendor's unapplied vendor credit
// (negative, D87), as AR aging shows unapplied credit. Bill payments are applied in full when made.
// The report's total is the Accounts Payable balance that day.
import { daysBetween } from '../../domain/dates.ts';
import { parseMoney } from '../../domain/money.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';
import { ageAmounts, agingBucket, describeColumns } from './ar-aging.ts';
import { asOfDate, generatedAt } from './report-params.ts';

export async function apAging(deps: Deps, actor: Actor, query: { as_of?: string }) {
  const asOf = asOfDate(actor, query.as_of);
  const organizationId = actor.organization.id;
  const bills = await reports.openBills(deps.db, organizationId, asOf);
  const credits = await reports.unappliedVendorCredit(deps.db, organizationId, asOf);
  const { rows, totals } = ageAmounts([
    ...bills.map((bill) => ({
      id: bill.vendor_id,
      name: bill.vendor_name,
      column: agingBucket(daysBetween(bill.due_date, asOf)),
      amount: parseMoney(bill.open),
    })),
    ...credits.map((credit) => ({
      id: credit.vendor_id,
      name: credit.vendor_name,
      column: 'unapplied' as const,
      amount: -parseMoney(credit.unapplied),
    })),
  ]);
  return {
    as_of: asOf,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
    vendors: rows.map((row) => ({ vendor: row.id, vendor_name: row.name, ...describeColumns(row.amounts) })),
    totals: describeColumns(totals),
  };
}
