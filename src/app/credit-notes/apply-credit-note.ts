// POST /credit-notes/{id}/apply (D60): moves a note's remaining credit onto open invoices of its
// customer. No ledger entry: Accounts Receivable was credited when the note was issued; applying only
// says which invoices the credit settles. Locks: the note first, then the invoices in id order (the
// order payments take them), so concurrent applies of one note queue on the note and each sees what
// the previous one applied; none deadlocks with a payment.
import {
  applyCredit,
  assertApplicable,
  assertWithinCredit,
  remainingCredit,
} from '../../domain/credit-note.ts';
import { todayIn } from '../../domain/dates.ts';
import { voidDate as laterOf } from '../../domain/invoice.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import * as creditNotes from '../../storage/stores/credit-notes.ts';
import type { WriteScope } from '../changes.ts';
import {
  type Application,
  applyMoney,
  INVOICE_TARGET,
  parseApplications,
  sumApplications,
} from '../documents/money-movements.ts';
import { INVOICE_ENTITY } from '../invoices/read-invoices.ts';
import { lockCreditNote } from './issue-credit-note.ts';
import { CREDIT_NOTE_ENTITY, type CreditNoteView, readCreditNote } from './read-credit-notes.ts';

export interface ApplyCreditCommand {
  applications: { invoice_id: string; amount: string }[];
}

/**
 * Locks the invoices in id order (after the note), checks each is of the note's customer (the
 * refusals a payment gets), and asks the domain what each application makes of its invoice (draft or
 * void: invalid_state; more than its balance due: application_exceeds_balance).
 */
function moveInvoices(scope: WriteScope, customerId: string, applications: Application[]) {
  return applyMoney(scope, INVOICE_TARGET, customerId, applications, (invoice, amount, index) => {
    const next = applyCredit(
      {
        id: invoice.id,
        number: invoice.number,
        status: invoice.status,
        total: parseMoney(invoice.total),
        amountPaid: parseMoney(invoice.amount_paid),
        amountCredited: parseMoney(invoice.amount_credited),
      },
      amount,
      index,
    );
    return { amountCredited: formatMoney(next.amountCredited), status: next.status };
  });
}

export async function applyCreditNote(
  scope: WriteScope,
  id: string,
  command: ApplyCreditCommand,
  expectedVersion?: number,
): Promise<CreditNoteView> {
  const organization = scope.actor.organization;
  const applications = parseApplications(command.applications, INVOICE_TARGET, organization.currency);
  const note = await lockCreditNote(scope, id, expectedVersion);
  assertApplicable(note);
  const applied = sumApplications(applications);
  const amountApplied = parseMoney(note.amount_applied);
  assertWithinCredit(
    {
      ...note,
      remaining: remainingCredit(parseMoney(note.total), amountApplied, note.status),
    },
    applied,
  );
  const moved = await moveInvoices(scope, note.customer_id, applications);
  const version = note.version + 1;
  await creditNotes.applyCredit(scope.tx, {
    organizationId: organization.id,
    creditNoteId: id,
    // Dated the day it is applied (never before the note itself): what AR aging as of a date reads.
    appliedDate: laterOf(note.issue_date, todayIn(organization.timezone)),
    amountApplied: formatMoney(amountApplied + applied),
    version,
    applications: applications.map((application) => ({
      invoiceId: application.documentId,
      amount: formatMoney(application.amount),
    })),
    invoiceMoves: moved,
  });
  for (const invoice of moved) scope.changed(INVOICE_ENTITY, invoice.id, 'updated', invoice.version);
  scope.changed(CREDIT_NOTE_ENTITY, id, 'updated', version);
  return readCreditNote(scope.tx, scope.actor, id);
}
