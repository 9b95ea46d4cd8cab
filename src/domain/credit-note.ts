// Pure credit-note rules (D60): the entry issue posts (the mirror of an invoice's, D25), the state
// machine, and what applying credit makes of the note and of an invoice. Lines and totals are priced
// exactly like an invoice's (computeInvoice in invoice.ts). Money is bigint at scale 4.

import {
  assertApplicable as assertCreditApplicable,
  assertIssuable as assertCreditIssuable,
  assertWithinCredit as assertCreditWithin,
  CREDIT_APPLICATIONS_MAX,
  CREDIT_STATUSES,
  type CreditStatus,
  creditKind,
  type DocumentKind,
  type DocumentState,
  remainingCredit,
  type SettledDocument,
  settlementStep,
} from './document.ts';
import { INVOICE_SETTLEMENT, type InvoiceStatus } from './invoice.ts';
import type { Money } from './money.ts';

export const CREDIT_NOTE_STATUSES = CREDIT_STATUSES;
export type CreditNoteStatus = CreditStatus;

/** Invoices one apply request may name. */
export { CREDIT_APPLICATIONS_MAX };

/**
 * A sale given back (D60): exactly an invoice's entry mirrored (each income account and each tax
 * liability account debited, receivable credited with the total); only a draft is changed or
 * deleted; a void reverses an issued note with nothing applied (a draft is deleted instead).
 */
export const CREDIT_NOTE: DocumentKind<CreditNoteStatus> = creditKind('sale', 'credit note', 'invoices');

// The state machine and the remaining credit are every credit document's (document.ts).

/** The facts of a credit note its state machine decides on (its number is null on a draft). */
export type CreditNoteState = DocumentState<CreditNoteStatus>;

export const assertIssuable = (note: CreditNoteState) => assertCreditIssuable(CREDIT_NOTE, note);
export const assertApplicable = (note: CreditNoteState) => assertCreditApplicable(CREDIT_NOTE, note);
export const assertWithinCredit = (note: CreditNoteState & { remaining: Money }, applied: Money) =>
  assertCreditWithin(CREDIT_NOTE, note, applied);
export { remainingCredit };

/** An invoice as a credit application sees it. */
export type CreditableInvoice = SettledDocument<InvoiceStatus>;

/**
 * What applying `amount` (application `index`) makes of an invoice: only a sent invoice takes credit,
 * never more than its balance due; it is paid once payments and credits cover the total (the refusals
 * a payment's application gets).
 */
export const applyCredit = settlementStep(INVOICE_SETTLEMENT, 'amountCredited', 'credit');
