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
import { fieldError } from '../../domain/errors.ts';
import { voidDate as laterOf } from '../../domain/invoice.ts';
import {
  currencyDecimals,
  formatMoney,
  isWholeMinorUnits,
  type Money,
  parseMoney,
  sumMoney,
} from '../../domain/money.ts';
import { isUuid } from '../../storage/sql.ts';
import * as creditNotes from '../../storage/stores/credit-notes.ts';
import type { WriteScope } from '../changes.ts';
import { INVOICE_ENTITY } from '../invoices/read-invoices.ts';
import { lockCreditNote } from './issue-credit-note.ts';
import { CREDIT_NOTE_ENTITY, type CreditNoteView, readCreditNote } from './read-credit-notes.ts';

export interface ApplyCreditCommand {
  applications: { invoice_id: string; amount: string }[];
}

type Application = { invoiceId: string; amount: Money };

/** Request-shape rules that need no database: ids, positive whole minor units, no invoice twice. */
function parseApplications(command: ApplyCreditCommand, currency: string): Application[] {
  const decimals = currencyDecimals(currency);
  const seen = new Set<string>();
  return command.applications.map((application, index) => {
    const path = `applications/${index}`;
    if (!isUuid(application.invoice_id))
      throw fieldError(`${path}/invoice_id`, 'must be an invoice id (UUID)');
    const id = application.invoice_id.toLowerCase();
    if (seen.has(id)) throw fieldError(`${path}/invoice_id`, 'the same invoice appears twice; apply it once');
    seen.add(id);
    const amount = parseMoney(application.amount);
    if (!isWholeMinorUnits(amount, decimals)) {
      throw fieldError(
        `${path}/amount`,
        `has more than ${decimals} decimals, the minor unit of ${currency}`,
        'invalid_money',
      );
    }
    if (amount < 0n) throw fieldError(`${path}/amount`, 'must not be negative', 'invalid_money');
    if (amount === 0n) throw fieldError(`${path}/amount`, 'must be greater than zero');
    return { invoiceId: id, amount };
  });
}

/**
 * Locks the invoices in id order, checks each is of the note's customer (the refusals a payment
 * gets: no such invoice, another customer's: validation_error on the application's invoice_id), and
 * asks the domain what each application makes of its invoice (draft or void: invalid_state; more
 * than its balance due: application_exceeds_balance).
 */
async function moveInvoices(scope: WriteScope, customerId: string, applications: Application[]) {
  const locked = await creditNotes.lockCreditable(
    scope.tx,
    scope.actor.organization.id,
    applications.map((application) => application.invoiceId),
  );
  const byId = new Map(locked.map((row) => [row.id, row]));
  const invoices = applications.map((application, index) => {
    const invoice = byId.get(application.invoiceId);
    const path = `applications/${index}/invoice_id`;
    if (!invoice) throw fieldError(path, 'no such invoice in these books');
    if (invoice.customer_id !== customerId) throw fieldError(path, 'the invoice belongs to another customer');
    return invoice;
  });
  return invoices.map((invoice, index) => {
    const next = applyCredit(
      {
        id: invoice.id,
        number: invoice.number,
        status: invoice.status,
        total: parseMoney(invoice.total),
        amountPaid: parseMoney(invoice.amount_paid),
        amountCredited: parseMoney(invoice.amount_credited),
      },
      applications[index]!.amount,
      index,
    );
    return {
      id: invoice.id,
      amountCredited: formatMoney(next.amountCredited),
      status: next.status,
      version: invoice.version + 1,
    };
  });
}

export async function applyCreditNote(
  scope: WriteScope,
  id: string,
  command: ApplyCreditCommand,
  expectedVersion?: number,
): Promise<CreditNoteView> {
  const organization = scope.actor.organization;
  const applications = parseApplications(command, organization.currency);
  const note = await lockCreditNote(scope, id, expectedVersion);
  assertApplicable(note);
  const applied = sumMoney(
    applications.map((application) => application.amount),
    'applications',
  );
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
      invoiceId: application.invoiceId,
      amount: formatMoney(application.amount),
    })),
    invoiceMoves: moved,
  });
  for (const invoice of moved) scope.changed(INVOICE_ENTITY, invoice.id, 'updated', invoice.version);
  scope.changed(CREDIT_NOTE_ENTITY, id, 'updated', version);
  return readCreditNote(scope.tx, scope.actor, id);
}
