// Draft credit notes (D60): create, sparse PATCH and DELETE of drafts, through the draft lifecycle
// every document with lines shares (documents/drafts.ts). Lines are checked and priced by the
// invoice's own pricing (priceLines, D8); a draft has no number and posts nothing.
import { CREDIT_NOTE } from '../../domain/credit-note.ts';
import type { CreditNoteRow } from '../../storage/stores/credit-notes.ts';
import * as creditNotes from '../../storage/stores/credit-notes.ts';
import type { NewSalesLine } from '../../storage/stores/sales-lines.ts';
import { CUSTOMER } from '../contacts/customers.ts';
import { type DraftKind, draftUseCases } from '../documents/drafts.ts';
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

/** Credit notes as drafts: no number until issue, dated `issue_date`, priced like an invoice (D8). */
const CREDIT_NOTE_DRAFTS: DraftKind<
  'issue_date',
  'customer',
  InvoiceLineCommand,
  NewSalesLine,
  CreditNoteRow,
  UpdateCreditNoteCommand,
  creditNotes.DraftFields,
  CreditNoteView
> = {
  rules: CREDIT_NOTE,
  store: creditNotes,
  sequence: null,
  entity: CREDIT_NOTE_ENTITY,
  counterparty: CUSTOMER,
  contactField: 'customer',
  dateField: 'issue_date',
  read: readCreditNote,
  hooks: {
    priceLines: (scope, lines) => priceLines(scope, lines, 'credit note'),
    header: (customer, issueDate) => ({ customerId: customer.id, issueDate }),
  },
};

/**
 * POST /credit-notes (a draft with its totals; no number, taken at issue, and no ledger entry), PATCH
 * (sparse; `lines` replaces every line) and DELETE (a draft only: it never had a number, so no CN
 * number is skipped).
 */
export const {
  create: createCreditNote,
  update: updateCreditNote,
  remove: deleteCreditNote,
} = draftUseCases(CREDIT_NOTE_DRAFTS);
