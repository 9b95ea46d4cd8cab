// Draft bills (D54): create (numbered BILL-000001 at once, gapless like invoices) and sparse PATCH of
// drafts. Totals and the due date (the vendor's terms, D20) are always computed here.
import { randomUUID } from 'node:crypto';
import { BILL } from '../../domain/bill.ts';
import { isCalendarDate, todayIn } from '../../domain/dates.ts';
import { assertDraftEditable } from '../../domain/document.ts';
import { fieldError } from '../../domain/errors.ts';
import { dueDateFor } from '../../domain/invoice.ts';
import * as bills from '../../storage/stores/bills.ts';
import type { VendorRow } from '../../storage/stores/vendors.ts';
import type { WriteScope } from '../changes.ts';
import { activeContact } from '../contacts/contacts.ts';
import { VENDOR } from '../contacts/vendors.ts';
import { assertBooksCurrency, assertDocumentDate, lockDocument } from '../documents/documents.ts';
import { allocateNumber } from '../numbering.ts';
import { type BillLineCommand, type PricedBill, priceBillLines } from './bill-lines.ts';
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

/** The due date a bill is given: the one sent (not before the bill date), else the vendor's terms. */
function dueDate(vendor: VendorRow, billDate: string, sent: string | undefined): string {
  if (sent === undefined) return dueDateFor(billDate, vendor.payment_terms, 'bill_date');
  if (!isCalendarDate(sent)) throw fieldError('due_date', 'must be a calendar date YYYY-MM-DD');
  if (sent < billDate) throw fieldError('due_date', 'must not be before the bill date');
  return sent;
}

function headerFields(
  vendor: VendorRow,
  command: { billDate: string; dueDate: string; vendorReference: string; memo: string },
  totals: Omit<PricedBill, 'lines'>,
): bills.BillDraftFields {
  return {
    vendorId: vendor.id,
    vendorReference: command.vendorReference,
    billDate: command.billDate,
    dueDate: command.dueDate,
    memo: command.memo,
    subtotal: totals.subtotal,
    taxTotal: totals.taxTotal,
    total: totals.total,
  };
}

/** POST /bills: a draft (no ledger entry, no stock) with its number, due date and totals. */
export async function createBill(scope: WriteScope, command: CreateBillCommand): Promise<BillView> {
  const organization = scope.actor.organization;
  assertBooksCurrency(organization, command.currency);
  const billDate = command.bill_date ?? todayIn(organization.timezone);
  assertDocumentDate(organization, billDate, 'bill_date');
  const vendor = await activeContact(scope.tx, organization.id, VENDOR, command.vendor);
  const due = dueDate(vendor, billDate, command.due_date);
  const priced = await priceBillLines(scope, command.lines);
  const id = randomUUID();
  const draft = {
    id,
    organizationId: organization.id,
    currency: organization.currency,
    ...headerFields(
      vendor,
      { billDate, dueDate: due, vendorReference: command.vendor_reference ?? '', memo: command.memo ?? '' },
      priced,
    ),
  };
  // A number is never taken twice: the counter gives each once; a taken one gives way to the next.
  while (
    !(await bills.insertDraft(scope.tx, {
      ...draft,
      number: await allocateNumber(scope.tx, organization.id, 'bill'),
    }))
  ) {}
  await bills.insertLines(scope.tx, organization.id, id, priced.lines);
  scope.changed(BILL_ENTITY, id, 'created', 1);
  return readBill(scope.tx, scope.actor, id);
}

/** PATCH /bills/{id}: drafts only; `lines` replaces every line; totals and due date are recomputed. */
export async function updateBill(
  scope: WriteScope,
  id: string,
  patch: UpdateBillCommand,
  expectedVersion?: number,
): Promise<BillView> {
  const organization = scope.actor.organization;
  const row = await lockDocument(
    () => bills.lock(scope.tx, organization.id, id),
    'bill',
    expectedVersion,
    (draft) => assertDraftEditable(BILL, draft),
  );
  assertBooksCurrency(organization, patch.currency);
  const billDate = patch.bill_date ?? row.bill_date;
  if (patch.bill_date !== undefined) assertDocumentDate(organization, billDate, 'bill_date');
  const vendor = await activeContact(scope.tx, organization.id, VENDOR, patch.vendor ?? row.vendor_id);
  // A due date sent now wins; else one kept from before stays unless the date or vendor changed.
  const keepDue = patch.bill_date === undefined && patch.vendor === undefined ? row.due_date : undefined;
  const due = dueDate(vendor, billDate, patch.due_date ?? keepDue);
  let totals: Omit<PricedBill, 'lines'> = {
    subtotal: row.subtotal,
    taxTotal: row.tax_total,
    total: row.total,
  };
  if (patch.lines !== undefined) {
    const priced = await priceBillLines(scope, patch.lines);
    totals = priced;
    await bills.deleteLines(scope.tx, organization.id, id);
    await bills.insertLines(scope.tx, organization.id, id, priced.lines);
  }
  const version = row.version + 1;
  await bills.updateDraft(scope.tx, organization.id, id, {
    ...headerFields(
      vendor,
      {
        billDate,
        dueDate: due,
        vendorReference: patch.vendor_reference ?? row.vendor_reference,
        memo: patch.memo ?? row.memo,
      },
      totals,
    ),
    version,
  });
  scope.changed(BILL_ENTITY, id, 'updated', version);
  return readBill(scope.tx, scope.actor, id);
}
