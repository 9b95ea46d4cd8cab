// Published: credit notes (D60): drafts like invoices, issue (posts the mirror of an invoice), apply
// (to open invoices of the customer), void (an issued note with nothing applied), delete (drafts).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';

import {
  createCreditNote,
  deleteCreditNote,
  updateCreditNote,
} from '../../app/credit-notes/draft-credit-notes.ts';
import {
  applyCreditNote,
  issueCreditNote,
  voidCreditNote,
} from '../../app/credit-notes/issue-credit-note.ts';
import {
  creditNoteTotals,
  listCreditNotes,
  readCreditNote,
} from '../../app/credit-notes/read-credit-notes.ts';
import { documentRoutes } from '../document-routes.ts';
import { CreditListTotals } from '../schemas/common.ts';
import {
  CreditNote,
  CreditNoteApply,
  CreditNoteCreate,
  CreditNoteListQuery,
  CreditNoteTotalsQuery,
  CreditNoteUpdate,
  PageCreditNote,
} from '../schemas/credit-notes.ts';

export function registerCreditNoteRoutes(app: FastifyInstance, deps: Deps) {
  const notes = documentRoutes(app, deps, { noun: 'credit note', area: 'credit_notes', schema: CreditNote });
  notes.list({ querystring: CreditNoteListQuery, page: PageCreditNote, list: listCreditNotes });
  notes.totals(CreditNoteTotalsQuery, creditNoteTotals, {
    response: CreditListTotals,
    second: 'their remaining credit',
  });
  notes.read((actor, id) => readCreditNote(deps.db, actor, id));
  notes.create({
    summary: 'Create a draft credit note',
    description:
      'Lines are priced like an invoice’s. A draft has no number (CN- numbers are taken at issue) and no ledger entry.',
    body: CreditNoteCreate,
    create: createCreditNote,
  });
  notes.update({ body: CreditNoteUpdate, update: updateCreditNote });
  notes.remove({
    summary: 'Delete a draft credit note; an issued or void one answers 409 immutable_entry',
    remove: deleteCreditNote,
  });
  notes.act('issue', {
    summary:
      'Issue a draft: numbers it and posts debit income and tax, credit Accounts Receivable (the mirror of an invoice)',
    act: issueCreditNote,
  });
  notes.actWith('apply', {
    summary: 'Apply remaining credit to sent invoices of the customer (reduces their balance_due)',
    description:
      'More than the remaining credit, or more than an invoice’s balance due: 409 application_exceeds_balance. Another customer’s invoice or an unknown one: 400 validation_error; a draft or void invoice: 409 invalid_state. No ledger entry (Accounts Receivable was credited at issue).',
    body: CreditNoteApply,
    act: applyCreditNote,
  });
  notes.act('void', {
    summary: 'Void an issued credit note with nothing applied: posts the reversal of its entry',
    act: voidCreditNote,
  });
}
