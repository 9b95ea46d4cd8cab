// Bills as returned: the view (D7 four decimals, D24 days overdue of an open bill), one bill, and the
// list with its filters (D31). The rows come from the bills store; the reads are every settled kind's
// (documents/settled-lists.ts).
import { BILL_SETTLEMENT } from '../../domain/bill.ts';
import { BILL_SORT_KEYS } from '../../domain/list-order.ts';
import type { BillLineRow, BillRow } from '../../storage/stores/bills.ts';
import * as bills from '../../storage/stores/bills.ts';
import { describeLineTaxes } from '../documents/document-views.ts';
import { settledReads } from '../documents/settled-lists.ts';

export const BILL_ENTITY = 'bill';

/** What only a bill answers: the vendor's own number for it. */
const own = (row: BillRow) => ({ vendor_reference: row.vendor_reference });

/** A purchase line as returned (a bill's, a vendor credit's, D87). */
export function describePurchaseLine(line: Omit<BillLineRow, 'bill_id'>) {
  return {
    line_no: line.line_no,
    item: line.item_id,
    description: line.description,
    quantity: line.quantity,
    unit_cost: line.unit_cost,
    amount: line.amount,
    account: line.account_id,
    tax_rate: line.tax_rate_id,
    tax_group: line.tax_group_id,
    tax_amount: line.tax_amount,
    taxes: describeLineTaxes(line),
    tracking_options: line.tracking_options,
  };
}

/** A bill's reads: not_found names a `bill`; the list filters by `vendor` and `bill_date`. */
const BILL_READS = settledReads({
  what: 'bill',
  store: bills,
  sortKeys: BILL_SORT_KEYS,
  party: 'vendor',
  dateField: 'bill_date',
  own,
  settlement: BILL_SETTLEMENT,
  postedAt: 'opened_at',
  describeLine: describePurchaseLine,
});

export type BillView = ReturnType<typeof BILL_READS.describe>;

export const readBill = BILL_READS.read;

/**
 * D31: status, vendor, `search` on the number, the vendor's reference or the vendor's name, bill-date
 * range and overdue; in D31's order or `sort`'s (issue 21), whose cursors stay in it.
 */
export const listBills = BILL_READS.list;

/** GET /bills/totals: how many bills the list's filters match, their totals and balances due summed. */
export const billTotals = BILL_READS.totals;
