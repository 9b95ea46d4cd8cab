// AP aging (D56, D57): per vendor, what Accounts Payable held for it at the end of a date: each open
// bill's remainder in the bucket of its days past due, and the vendor's unapplied vendor credit
// (negative, D87), as AR aging shows unapplied credit. Bill payments are applied in full when made.
// The report's total is the Accounts Payable balance that day.
import * as reports from '../../storage/stores/reports.ts';
import { agingReport, describeColumns } from './ar-aging.ts';

/** AP aging answers the columns alone: its schema (ApAging) has none of AR's deprecated bucket names. */
export const apAging = agingReport({
  party: 'vendor',
  documents: reports.openBills,
  credits: reports.unappliedVendorCredit,
  describe: describeColumns,
});
