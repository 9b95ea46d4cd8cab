// AP aging (D56, D57): per vendor, what Accounts Payable held for it at the end of a date: each open
// bill's remainder in the bucket of its days past due, and the vendor's unapplied vendor credit
// (negative, D87), as AR aging shows unapplied credit. Bill payments are applied in full when made.
// The report's total is the Accounts Payable balance that day.
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';
import { agingReport, describeColumns } from './ar-aging.ts';

export async function apAging(deps: Deps, actor: Actor, query: { as_of?: string }) {
  const { head, rows, totals } = await agingReport(deps, actor, query, 'vendor', {
    documents: reports.openBills,
    credits: reports.unappliedVendorCredit,
  });
  return {
    ...head,
    vendors: rows.map((row) => ({ vendor: row.id, vendor_name: row.name, ...describeColumns(row.amounts) })),
    totals: describeColumns(totals),
  };
}
