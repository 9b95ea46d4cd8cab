import { todayIn } from '../../domain/dates.ts';
import { daysOverdue } from '../../domain/invoice.ts';
import { BILL_SORT_KEYS } from '../../domain/list-order.ts';
import type { Queryable } from '../../storage/db.ts';
import type { BillLineRow, BillRow } from '../../storage/stores/bills.ts';
import * as bills from '../../storage/stores/bills.ts';
import type { Actor } from '../context.ts';
import { describeLineTaxes, settledMoney } from '../documents/document-views.ts';
import { readDocument } from '../documents/documents.ts';
import { settledListing } from '../documents/settled-lists.ts';
import { recordStamps } from '../views.ts';

export const BILL_ENTITY = 'bill';

function summary(row: BillRow, today: string) {
  return {
    id: row.id,
    number: row.number,
    vendor: row.vendor_id,
    vendor_name: row.vendor_name,
    vendor_reference: row.vendor_reference,
    status: row.status,
    bill_date: row.bill_date,
    due_date: row.due_date,
    currency: row.currency,
    ...settledMoney(row),
    // D24 for bills: an open bill past its due date (daysOverdue counts a 'sent' document).
    days_overdue: daysOverdue(row.status === 'open' ? 'sent' : 'paid', row.due_date, today),
    memo: row.memo,
    journal_entry: row.journal_entry_id,
    void_entry: row.void_entry_id,
    opened_at: row.opened_at,
    voided_at: row.voided_at,
    ...recordStamps(row),
  };
}

function describeBill(row: BillRow, lines: BillLineRow[], today: string) {
  return {
    ...summary(row, today),
    lines: lines.map(describePurchaseLine),
  };
}

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
export type BillView = ReturnType<typeof describeBill>;

export async function readBill(db: Queryable, actor: Actor, id: string): Promise<BillView> {
  const { row, rows } = await readDocument(db, actor.organization.id, id, 'bill', {
    find: bills.find,
    rowsOf: bills.linesOf,
  });
  return describeBill(row, rows, todayIn(actor.organization.timezone));
}

const BILL_LIST = settledListing({
  store: bills,
  sortKeys: BILL_SORT_KEYS,
  party: 'vendor',
  dateField: 'bill_date',
  summary,
});

/**
 * D31: status, vendor, `search` on the number, the vendor's reference or the vendor's name, bill-date
 * range and overdue; in D31's order or `sort`'s (issue 21), whose cursors stay in it.
 */
export const listBills = BILL_LIST.list;

/** GET /bills/totals: how many bills the list's filters match, their totals and balances due summed. */
export const billTotals = BILL_LIST.totals;
