// Send and void (spec "States", D23, D25): the status change, its ledger entry and its change record
// happen in the caller's one transaction. The invoice row is locked first, so two senders serialize.
// The state machine (what may be sent or voided) is the domain's (src/domain/invoice.ts); the entries
// are posted by the journal's own posting.
import { documentPostingLines } from '../../domain/document.ts';
import { assertSendable, INVOICE } from '../../domain/invoice.ts';
import type { InvoiceRow } from '../../storage/stores/invoices.ts';
import * as invoices from '../../storage/stores/invoices.ts';
import type { WriteScope } from '../changes.ts';
import { salesPostingInput } from '../documents/document-posting.ts';
import { lockDocument } from '../documents/documents.ts';
import { settledVoid, type VoidingKind } from '../documents/void-document.ts';
import { postLedgerEntry } from '../ledger/journal-entries.ts';
import { returnSoldStock, sellStock } from './invoice-stock.ts';
import { INVOICE_ENTITY, type InvoiceView, readInvoice } from './read-invoices.ts';

/** Locks the invoice row for a state change and checks the writer's version. */
export function lockInvoice(scope: WriteScope, id: string, expectedVersion: number | undefined) {
  return lockDocument(
    () => invoices.lock(scope.tx, scope.actor.organization.id, id),
    'invoice',
    expectedVersion,
  );
}

/**
 * draft -> sent on a locked draft row: posts D25 (debit receivable with the total, credit income per
 * line, credit each tax rate's liability account) dated the issue date, and bumps the version.
 */
export async function sendLockedDraft(scope: WriteScope, row: InvoiceRow): Promise<void> {
  const organizationId = scope.actor.organization.id;
  const input = await salesPostingInput(scope, 'invoice', row.id);
  const cogs = await sellStock(
    scope,
    { id: row.id, number: row.number, issueDate: row.issue_date },
    input.items,
  );
  const posting = [...documentPostingLines(INVOICE, input.counter, input.lines), ...cogs];
  const entry = await postLedgerEntry(scope, {
    txnDate: row.issue_date,
    memo: `Invoice ${row.number} to ${row.customer_name}`,
    lines: posting,
    sourceType: 'invoice',
    sourceId: row.id,
  });
  const version = row.version + 1;
  await invoices.setStatus(scope.tx, organizationId, row.id, { status: 'sent', entryId: entry.id, version });
  scope.changed(INVOICE_ENTITY, row.id, 'updated', version);
}

/** POST /invoices/{id}/send: draft -> sent with its ledger entry; nothing is emailed. */
export async function sendInvoice(
  scope: WriteScope,
  id: string,
  expectedVersion?: number,
): Promise<InvoiceView> {
  const row = await lockInvoice(scope, id, expectedVersion);
  assertSendable(row);
  await sendLockedDraft(scope, row);
  return readInvoice(scope.tx, scope.actor, id);
}

/** An invoice's void: its sold stock comes back at its cost (nothing to settle in the reversal). */
const INVOICE_VOID: Omit<VoidingKind, 'source'> = {
  rules: INVOICE,
  entity: INVOICE_ENTITY,
  store: invoices,
  hooks: {
    returnStock: async (scope, id, date) => {
      await returnSoldStock(scope, id, date);
      return [];
    },
  },
};

/**
 * POST /invoices/{id}/void (D23): a draft becomes void with no ledger effect (its number stays used);
 * a sent invoice with nothing paid gets a reversing entry dated today (or its issue date, if later).
 * Anything else (paid, partly paid, already void) answers invalid_state.
 */
export const voidInvoice = settledVoid(INVOICE_VOID, {
  lock: lockInvoice,
  dateOf: (invoice) => invoice.issue_date,
  read: readInvoice,
});
