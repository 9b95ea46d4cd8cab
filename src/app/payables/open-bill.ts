// Open and void (D54, D23 for bills): the status change, its ledger entry, its stock and its change
// record in the caller's one transaction. The bill row is locked first, so two openers serialize.
import { assertBillOpenable, BILL } from '../../domain/bill.ts';
import { documentPostingLines } from '../../domain/document.ts';
import * as bills from '../../storage/stores/bills.ts';
import type { WriteScope } from '../changes.ts';
import { postingInput } from '../documents/document-posting.ts';
import { lockDocument } from '../documents/documents.ts';
import { settledVoid, type VoidingKind } from '../documents/void-document.ts';
import { postLedgerEntry } from '../ledger/journal-entries.ts';
import { billLineAccount } from './bill-lines.ts';
import { receiveStock, returnReceivedStock } from './bill-stock.ts';
import { BILL_ENTITY, type BillView, readBill } from './read-bills.ts';

function lockBill(scope: WriteScope, id: string, expectedVersion: number | undefined) {
  return lockDocument(() => bills.lock(scope.tx, scope.actor.organization.id, id), 'bill', expectedVersion);
}

/**
 * POST /bills/{id}/open: draft -> open. Posts D54 dated the bill date (debit each line's account and
 * each tax rate's account, credit Accounts Payable with the total) and brings its stock in.
 */
export async function openBill(scope: WriteScope, id: string, expectedVersion?: number): Promise<BillView> {
  const organizationId = scope.actor.organization.id;
  const row = await lockBill(scope, id, expectedVersion);
  assertBillOpenable(row);
  const lines = (await bills.linesOf(scope.tx, organizationId, [id])).get(id) ?? [];
  const stocked = await receiveStock(scope, { id, date: row.bill_date }, lines);
  const input = await postingInput(scope, BILL.side, lines, billLineAccount(stocked));
  const entry = await postLedgerEntry(scope, {
    txnDate: row.bill_date,
    memo: `Bill ${row.number} from ${row.vendor_name}${row.vendor_reference ? ` (${row.vendor_reference})` : ''}`,
    lines: documentPostingLines(BILL, input.counter, input.lines),
    sourceType: 'bill',
    sourceId: id,
  });
  const version = row.version + 1;
  await bills.setStatus(scope.tx, organizationId, id, { status: 'open', entryId: entry.id, version });
  scope.changed(BILL_ENTITY, id, 'updated', version);
  return readBill(scope.tx, scope.actor, id);
}

/** A bill's void: its stock leaves again, and what its cost moved since is settled in the reversal (D49). */
const BILL_VOID: Omit<VoidingKind, 'source'> = {
  rules: BILL,
  entity: BILL_ENTITY,
  store: bills,
  hooks: { returnStock: returnReceivedStock },
};

/**
 * POST /bills/{id}/void: a draft becomes void with no ledger effect (its number stays used); an open
 * bill with nothing paid is reversed, dated today (or its bill date, if later), and its stock leaves
 * again (D51: refused when that would take an item below zero on any day from then on).
 */
export const voidBill = settledVoid(BILL_VOID, {
  lock: lockBill,
  dateOf: (bill) => bill.bill_date,
  read: readBill,
});
