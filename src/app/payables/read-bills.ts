import { todayIn } from '../../domain/dates.ts';
import { daysOverdue } from '../../domain/invoice.ts';
import { BILL_SORT_KEYS, parseSortOrder } from '../../domain/list-order.ts';
import type { Queryable } from '../../storage/db.ts';
import { containsPattern } from '../../storage/sql.ts';
import type { BillLineRow, BillRow } from '../../storage/stores/bills.ts';
import * as bills from '../../storage/stores/bills.ts';
import { contactFilter } from '../contacts/contacts.ts';
import { VENDOR } from '../contacts/vendors.ts';
import type { Actor, Deps } from '../context.ts';
import { describeLineTaxes, settledMoney } from '../documents/document-views.ts';
import { readDocument } from '../documents/documents.ts';
import { listTotals } from '../documents/list-totals.ts';
import { assertCursorSort, describedPage, type PageCursor } from '../pagination.ts';
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

export interface BillFilters {
  status?: string;
  vendor?: string;
  search?: string;
  bill_date_from?: string;
  bill_date_to?: string;
  overdue?: boolean;
}

/** The store's filters of a list or its totals: `overdue` judged on the books' today (D24). */
function storeFilters(filters: BillFilters, today: string): bills.BillFilters {
  return {
    status: filters.status ?? null,
    vendorId: contactFilter(VENDOR, filters.vendor),
    searchPattern: containsPattern(filters.search),
    billDateFrom: filters.bill_date_from ?? null,
    billDateTo: filters.bill_date_to ?? null,
    overdue: filters.overdue ?? null,
    today,
  };
}

/**
 * D31: status, vendor, `search` on the number, the vendor's reference or the vendor's name, bill-date
 * range and overdue; in D31's order or `sort`'s (issue 21), whose cursors stay in it.
 */
export async function listBills(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: BillFilters & { sort?: string },
) {
  const organizationId = actor.organization.id;
  assertCursorSort(cursor, filters.sort);
  const today = todayIn(actor.organization.timezone);
  const rows = bills.page(
    deps.db,
    organizationId,
    storeFilters(filters, today),
    cursor,
    parseSortOrder(BILL_SORT_KEYS, filters.sort),
  );
  return describedPage(
    organizationId,
    cursor,
    rows,
    (page) => page.map((row) => summary(row, today)),
    filters.sort,
  );
}

/** GET /bills/totals: how many bills the list's filters match, their totals and balances due summed. */
export async function billTotals(deps: Deps, actor: Actor, filters: BillFilters) {
  const today = todayIn(actor.organization.timezone);
  const row = await bills.totals(deps.db, actor.organization.id, storeFilters(filters, today));
  return listTotals(row, actor.organization.currency);
}
