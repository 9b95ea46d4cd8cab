// Pure credit-note rules (D60): the entry issue posts (the mirror of an invoice's, D25), the state
// machine, and what applying credit makes of the note and of an invoice. Lines and totals are priced
// exactly like an invoice's (computeInvoice in invoice.ts). Money is bigint at scale 4.

import type { DocumentKind } from './document.ts';
import { DomainError, invalidState } from './errors.ts';
import { assertApplicableToInvoice, type InvoiceStatus } from './invoice.ts';
import { formatMoney, type Money } from './money.ts';

export const CREDIT_NOTE_STATUSES = ['draft', 'issued', 'void'] as const;
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];

/** Invoices one apply request may name. */
export const CREDIT_APPLICATIONS_MAX = 100;

/**
 * A sale given back (D60): exactly an invoice's entry mirrored (each income account and each tax
 * liability account debited, receivable credited with the total); only a draft is changed or
 * deleted; a void reverses an issued note with nothing applied (a draft is deleted instead).
 */
export const CREDIT_NOTE: DocumentKind<CreditNoteStatus> = {
  side: 'sale',
  noun: 'credit note',
  entry: 'mirrored',
  edit: { verbs: 'changed or deleted', advice: 'void it instead' },
  void: {
    draft: 'refuse',
    posted: 'issued',
    blockers: [
      {
        field: 'amount_applied',
        reason: (applied) =>
          `${formatMoney(applied)} of it is applied to invoices; an applied credit note cannot be voided`,
      },
    ],
    otherwise: (status) => `it is ${status}; only an issued credit note can be voided`,
  },
};

//   draft --issue--> issued --apply...--> issued (remaining_credit falls)
//   draft --DELETE--> gone (a draft has no number, so nothing is skipped)
//   issued, nothing applied --void--> void (reversing entry)

/** The facts of a credit note its state machine decides on. */
export interface CreditNoteState {
  /** Null on a draft: numbers are taken at issue. */
  number: string | null;
  status: CreditNoteStatus;
}

function named(note: CreditNoteState): string {
  return note.number ? `credit note ${note.number}` : 'the credit note';
}

export function assertIssuable(note: CreditNoteState): void {
  if (note.status === 'draft') return;
  throw invalidState(`${named(note)} is ${note.status}; only a draft can be issued`, { status: note.status });
}

export function assertApplicable(note: CreditNoteState): void {
  if (note.status === 'issued') return;
  throw invalidState(`${named(note)} is ${note.status}; only an issued credit note can be applied`, {
    status: note.status,
  });
}

/** Credit still to apply. */
export function remainingCredit(total: Money, amountApplied: Money, status: CreditNoteStatus): Money {
  return status === 'issued' ? total - amountApplied : 0n;
}

/** Refuses applications that add up to more than the note's remaining credit. */
export function assertWithinCredit(note: CreditNoteState & { remaining: Money }, applied: Money): void {
  if (applied <= note.remaining) return;
  throw new DomainError(
    'application_exceeds_balance',
    `the applications add up to ${formatMoney(applied)}, more than the ${formatMoney(note.remaining)} left on ${named(note)}`,
    {
      remaining_credit: formatMoney(note.remaining),
      amount: formatMoney(applied),
      fields: { applications: [`exceed the remaining credit ${formatMoney(note.remaining)}`] },
    },
  );
}

/** An invoice as a credit application sees it. */
export interface CreditableInvoice {
  id: string;
  number: string;
  status: InvoiceStatus;
  total: Money;
  amountPaid: Money;
  amountCredited: Money;
}

/**
 * What applying `amount` (application `index`) makes of an invoice: only a sent invoice takes credit,
 * never more than its balance due; it is paid once payments and credits cover the total.
 */
export function applyCredit(
  invoice: CreditableInvoice,
  amount: Money,
  index: number,
): { amountCredited: Money; status: InvoiceStatus } {
  // The refusals a payment's application gets: a draft or void invoice is invalid_state; a paid
  // invoice has nothing due, so any amount exceeds its balance.
  assertApplicableToInvoice(invoice, amount, index, 'credit');
  const amountCredited = invoice.amountCredited + amount;
  return {
    amountCredited,
    status: invoice.amountPaid + amountCredited === invoice.total ? 'paid' : 'sent',
  };
}
