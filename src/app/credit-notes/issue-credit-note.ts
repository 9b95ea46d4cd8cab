// Issue, apply and void of a credit note (D60), as a credit document (documents/credit-documents.ts):
// issue posts the mirror of an invoice's entry (debit income per line and each tax liability account,
// credit Accounts Receivable, found by its role, D65) and takes the next CN number; apply moves its
// remaining credit onto sent invoices of its customer; void reverses an issued note with nothing
// applied. Each in the caller's one transaction, the note's row locked first.
import { applyCredit, CREDIT_NOTE } from '../../domain/credit-note.ts';
import * as creditNotes from '../../storage/stores/credit-notes.ts';
import type * as invoices from '../../storage/stores/invoices.ts';
import { type CreditKind, creditUseCases } from '../documents/credit-documents.ts';
import { salesPostingInput } from '../documents/document-posting.ts';
import { INVOICE_TARGET, settling } from '../documents/money-movements.ts';
import { CREDIT_NOTE_ENTITY, type CreditNoteView, readCreditNote } from './read-credit-notes.ts';

const CREDIT_NOTE_CREDIT: CreditKind<
  creditNotes.CreditNoteRow,
  invoices.PayableRow,
  'invoice_id',
  CreditNoteView
> = {
  rules: CREDIT_NOTE,
  name: CREDIT_NOTE_ENTITY,
  store: creditNotes,
  target: INVOICE_TARGET,
  read: readCreditNote,
  hooks: {
    dateOf: (note) => note.issue_date,
    counterpartyOf: (note) => note.customer_id,
    memo: (note) => `Credit note to ${note.customer_name}`,
    posting: (scope, note) => salesPostingInput(scope, 'credit_note', note.id),
    credit: (invoice, amount, index) => applyCredit(settling(invoice), amount, index),
  },
};

export interface ApplyCreditCommand {
  applications: { invoice_id: string; amount: string }[];
}

/**
 * POST /credit-notes/{id}/issue (draft -> issued, dated its issue date; period_closed in a closed
 * period), /apply (more than the remaining credit or an invoice's balance due: 409
 * application_exceeds_balance; a draft or void invoice: 409 invalid_state) and /void (an issued note
 * with nothing applied, reversed dated today or its issue date if later).
 */
export const {
  issue: issueCreditNote,
  apply: applyCreditNote,
  void: voidCreditNote,
} = creditUseCases(CREDIT_NOTE_CREDIT);
