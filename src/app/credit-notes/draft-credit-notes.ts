// Draft credit notes (D60): create, sparse PATCH and DELETE of drafts. Lines are checked and priced
// by the invoice's own pricing (priceLines, D8); a draft has no number and posts nothing.
import { randomUUID } from 'node:crypto';
import { CREDIT_NOTE } from '../../domain/credit-note.ts';
import { todayIn } from '../../domain/dates.ts';
import { assertDraftEditable } from '../../domain/document.ts';
import * as creditNotes from '../../storage/stores/credit-notes.ts';
import type { WriteScope } from '../changes.ts';
import { activeContact } from '../contacts/contacts.ts';
import { CUSTOMER } from '../contacts/customers.ts';
import { assertBooksCurrency, assertDocumentDate, lockDocument } from '../documents/documents.ts';
import { type InvoiceLineCommand, priceLines } from '../invoices/draft-invoices.ts';
import { CREDIT_NOTE_ENTITY, type CreditNoteView, readCreditNote } from './read-credit-notes.ts';

export interface CreateCreditNoteCommand {
  customer: string;
  lines: InvoiceLineCommand[];
  issue_date?: string;
  memo?: string;
  currency?: string;
}

export interface UpdateCreditNoteCommand {
  customer?: string;
  lines?: InvoiceLineCommand[];
  issue_date?: string;
  memo?: string;
  currency?: string;
}

/** POST /credit-notes: a draft with its totals; no number (taken at issue) and no ledger entry. */
export async function createCreditNote(
  scope: WriteScope,
  command: CreateCreditNoteCommand,
): Promise<CreditNoteView> {
  const organization = scope.actor.organization;
  assertBooksCurrency(organization, command.currency);
  const issueDate = command.issue_date ?? todayIn(organization.timezone);
  assertDocumentDate(organization, issueDate, 'issue_date');
  const customer = await activeContact(scope.tx, organization.id, CUSTOMER, command.customer);
  const priced = await priceLines(scope, command.lines, 'credit note');
  const id = randomUUID();
  await creditNotes.insertDraft(scope.tx, {
    id,
    organizationId: organization.id,
    currency: organization.currency,
    memo: command.memo ?? '',
    customerId: customer.id,
    issueDate,
    subtotal: priced.subtotal,
    taxTotal: priced.taxTotal,
    total: priced.total,
  });
  await creditNotes.insertLines(scope.tx, organization.id, id, priced.lines);
  scope.changed(CREDIT_NOTE_ENTITY, id, 'created', 1);
  return readCreditNote(scope.tx, scope.actor, id);
}

/** Locks a draft at the writer's version; past draft the note is in the ledger (immutable_entry). */
function lockDraft(scope: WriteScope, id: string, expectedVersion: number | undefined) {
  return lockDocument(
    () => creditNotes.lock(scope.tx, scope.actor.organization.id, id),
    'credit note',
    expectedVersion,
    (row) => assertDraftEditable(CREDIT_NOTE, row),
  );
}

/** PATCH /credit-notes/{id}: sparse; `lines` replaces every line; totals are recomputed. */
export async function updateCreditNote(
  scope: WriteScope,
  id: string,
  patch: UpdateCreditNoteCommand,
  expectedVersion?: number,
): Promise<CreditNoteView> {
  const organization = scope.actor.organization;
  const row = await lockDraft(scope, id, expectedVersion);
  assertBooksCurrency(organization, patch.currency);
  const issueDate = patch.issue_date ?? row.issue_date;
  if (patch.issue_date !== undefined) assertDocumentDate(organization, issueDate, 'issue_date');
  const customer = await activeContact(
    scope.tx,
    organization.id,
    CUSTOMER,
    patch.customer ?? row.customer_id,
  );
  let totals = { subtotal: row.subtotal, taxTotal: row.tax_total, total: row.total };
  if (patch.lines !== undefined) {
    const priced = await priceLines(scope, patch.lines, 'credit note');
    totals = priced;
    await creditNotes.deleteLines(scope.tx, organization.id, id);
    await creditNotes.insertLines(scope.tx, organization.id, id, priced.lines);
  }
  const version = row.version + 1;
  await creditNotes.updateDraft(scope.tx, organization.id, id, {
    customerId: customer.id,
    issueDate,
    ...totals,
    memo: patch.memo ?? null,
    version,
  });
  scope.changed(CREDIT_NOTE_ENTITY, id, 'updated', version);
  return readCreditNote(scope.tx, scope.actor, id);
}

/** DELETE /credit-notes/{id}: a draft only; it never had a number, so no CN number is skipped. */
export async function deleteCreditNote(scope: WriteScope, id: string, expectedVersion?: number) {
  const row = await lockDraft(scope, id, expectedVersion);
  await creditNotes.deleteDraft(scope.tx, scope.actor.organization.id, id);
  scope.changed(CREDIT_NOTE_ENTITY, id, 'deleted', row.version + 1);
}
