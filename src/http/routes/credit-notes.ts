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
import { listCreditNotes, readCreditNote } from '../../app/credit-notes/read-credit-notes.ts';
import { resourceRoutes } from '../resource-routes.ts';
import { action } from '../route.ts';
import { IdParams, NoContent } from '../schemas/common.ts';
import {
  CreditNote,
  CreditNoteApply,
  CreditNoteCreate,
  CreditNoteListQuery,
  CreditNoteUpdate,
  PageCreditNote,
} from '../schemas/credit-notes.ts';

export function registerCreditNoteRoutes(app: FastifyInstance, deps: Deps) {
  const write = {
    tag: 'credit notes',
    published: true,
    auth: 'organization',
    permission: 'credit_notes:write',
  } as const;

  const notes = resourceRoutes(app, deps, {
    tag: 'credit notes',
    read: 'credit_notes:read',
    write: 'credit_notes:write',
    url: '/api/v1/credit-notes',
    schema: CreditNote,
  });
  notes.list({
    operationId: 'listCreditNotes',
    summary: 'List credit notes',
    querystring: CreditNoteListQuery,
    page: PageCreditNote,
    list: listCreditNotes,
  });
  notes.read({
    operationId: 'readCreditNote',
    summary: 'Read a credit note',
    read: (actor, id) => readCreditNote(deps.db, actor, id),
  });
  notes.create({
    operationId: 'createCreditNote',
    summary: 'Create a draft credit note',
    description:
      'Lines are priced like an invoice’s. A draft has no number (CN- numbers are taken at issue) and no ledger entry.',
    body: CreditNoteCreate,
    create: createCreditNote,
  });
  notes.update({
    operationId: 'updateCreditNote',
    summary: 'Change a draft credit note (sparse; lines replace all lines)',
    body: CreditNoteUpdate,
    update: updateCreditNote,
  });
  action(app, deps, {
    ...write,
    method: 'DELETE',
    url: '/api/v1/credit-notes/:id',
    operationId: 'deleteCreditNote',
    summary: 'Delete a draft credit note; an issued or void one answers 409 immutable_entry',
    params: IdParams,
    response: { 204: NoContent },
    write: async (scope, request, version) => {
      await deleteCreditNote(scope, request.params.id, version);
      return null;
    },
  });
  notes.act('issue', {
    operationId: 'issueCreditNote',
    summary:
      'Issue a draft: numbers it and posts debit income and tax, credit Accounts Receivable (the mirror of an invoice)',
    act: issueCreditNote,
  });
  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/credit-notes/:id/apply',
    operationId: 'applyCreditNote',
    summary: 'Apply remaining credit to sent invoices of the customer (reduces their balance_due)',
    description:
      'More than the remaining credit, or more than an invoice’s balance due: 409 application_exceeds_balance. Another customer’s invoice or an unknown one: 400 validation_error; a draft or void invoice: 409 invalid_state. No ledger entry (Accounts Receivable was credited at issue).',
    params: IdParams,
    body: CreditNoteApply,
    response: { 200: CreditNote },
    write: (scope, request, version) => applyCreditNote(scope, request.params.id, request.body, version),
  });
  notes.act('void', {
    operationId: 'voidCreditNote',
    summary: 'Void an issued credit note with nothing applied: posts the reversal of its entry',
    act: voidCreditNote,
  });
}
