// Draft bills (D54): create (numbered BILL-000001 at once, gapless like invoices) and sparse PATCH of
// drafts, through the draft lifecycle every numbered document shares (documents/drafts.ts). Totals
// and the due date (sent, or the vendor's terms, D20) are always computed there.
import { BILL } from '../../domain/bill.ts';
import { dueDateOf } from '../../domain/invoice.ts';
import type { BillRow } from '../../storage/stores/bills.ts';
import * as bills from '../../storage/stores/bills.ts';
import { VENDOR } from '../contacts/vendors.ts';
import { type DraftContact, type DraftKind, draftUseCases } from '../documents/drafts.ts';
import { type BillLineCommand, priceBillLines } from './bill-lines.ts';
import { BILL_ENTITY, type BillView, readBill } from './read-bills.ts';

export interface CreateBillCommand {
  vendor: string;
  vendor_reference?: string;
  bill_date?: string;
  due_date?: string;
  lines: BillLineCommand[];
  memo?: string;
  currency?: string;
}

export type UpdateBillCommand = Partial<CreateBillCommand>;

/**
 * The due date sent now wins; else one kept from before stays unless the date or vendor changed; else
 * the vendor's terms (the one rule of every document's due date, dueDateOf). A bill keeps no terms.
 */
function billDueDate(vendor: DraftContact, billDate: string, command: UpdateBillCommand, row?: BillRow) {
  const keep =
    row && command.bill_date === undefined && command.vendor === undefined ? row.due_date : undefined;
  return dueDateOf({
    documentDate: billDate,
    dateField: 'bill_date',
    terms: vendor.payment_terms,
    sent: command.due_date ?? keep,
  }).dueDate;
}

/** Bills as drafts: numbered BILL at once (gapless), dated `bill_date`, due when sent or by the vendor's terms. */
const BILL_DRAFTS: DraftKind<
  'bill_date',
  'vendor',
  BillLineCommand,
  bills.NewBillLine,
  BillRow,
  UpdateBillCommand,
  bills.BillDraftFields,
  BillView
> = {
  rules: BILL,
  store: bills,
  sequence: 'bill',
  entity: BILL_ENTITY,
  counterparty: VENDOR,
  contactField: 'vendor',
  dateField: 'bill_date',
  read: readBill,
  hooks: {
    priceLines: priceBillLines,
    // A due date that is not a date, or is before the bill date, is refused before the lines are read.
    beforeLines: (vendor, billDate, command, row) => void billDueDate(vendor, billDate, command, row),
    header: (vendor, billDate, command, row) => ({
      vendorId: vendor.id,
      vendorReference: command.vendor_reference ?? row?.vendor_reference ?? '',
      billDate,
      dueDate: billDueDate(vendor, billDate, command, row),
    }),
  },
};

/** POST (a draft with its number, due date and totals) and PATCH (sparse; `lines` replaces every line). */
export const { create: createBill, update: updateBill } = draftUseCases(BILL_DRAFTS);
