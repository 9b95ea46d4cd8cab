import { api, data, type RequestOf } from '../../api/client.ts';
import { type CreditNote, type CreditNoteRow, creditNoteReads } from '../../api/queries/creditNotes.ts';
import { formatDate } from '../../ui/dates.ts';
import { formatAmount, parseMoney } from '../../ui/money.ts';
import { finalizing, listReads, writes } from '../documents/calls.ts';
import { column, creditColumns } from '../documents/columns.tsx';
import { creditView, deleteCreditDraft } from '../documents/credits.tsx';
import { byId, type DocumentKind, dateField, memoField, saleBody } from '../documents/kind.ts';
import { PartySummary } from '../documents/PartySummary.tsx';
import { SALE } from '../documents/sides.ts';

export const creditNoteKind: DocumentKind<
  CreditNote,
  CreditNoteRow,
  RequestOf<'/api/v1/credit-notes', 'post'>
> = {
  side: SALE,
  noun: 'credit note',
  plural: 'Credit notes',
  path: '/credit-notes',
  written: 'credit-notes',
  list: {
    statuses: ['draft', 'issued', 'void'],
    ...listReads(creditNoteReads, {}),
    sorts: ['number', 'customer', 'issue_date', 'total'],
    columns: creditColumns(
      '/credit-notes',
      column.text('Customer', (note) => note.customer_name, 240, 'customer'),
      column.date('Date', (note) => note.issue_date, 'issue_date'),
    ),
    minWidth: 640,
    empty: {
      none: 'No credit notes yet. A credit note gives a customer credit (a return, a discount after the fact) and applies to their open invoices.',
      filtered: 'No credit note has this status.',
    },
  },
  one: creditNoteReads.one,
  lines: (note) => note.lines,
  editor: {
    fields: [
      dateField('issue_date', 'Issue date', (note) => note.issue_date),
      memoField('Why the customer is credited'),
    ],
    withItems: false,
    partyOf: (note) => note.customer,
    body: saleBody,
    ...writes('/api/v1/credit-notes'),
    finalize: finalizing(
      'Issue',
      '/api/v1/credit-notes/{id}/issue',
      'Issue numbers the credit note and posts it to the ledger; you can apply it to invoices after.',
    ),
    saved: (note, issued) => (issued ? `Credit note ${note.number} issued.` : 'Draft credit note saved.'),
    removeDraft: deleteCreditDraft<CreditNote>(
      'credit note',
      (note) => `for ${note.customer_name}`,
      async (note) => data(await api.DELETE('/api/v1/credit-notes/{id}', byId(note.id))),
    ),
  },
  view: {
    summary: (note) => (
      <PartySummary
        side={SALE}
        party={note.customer}
        name={note.customer_name}
        facts={[formatDate(note.issue_date), note.memo]}
      />
    ),
    figures: (note) => [
      { label: 'Total', amount: note.total },
      { label: 'Applied', amount: note.amount_applied },
      { label: 'Remaining credit', amount: note.remaining_credit },
    ],
    ...creditView<CreditNote>(SALE, {
      party: (note) => ({ id: note.customer, name: note.customer_name }),
      applied: (note) =>
        note.applications.map((a) => ({ ...a, documentId: a.invoice_id, documentNumber: a.invoice_number })),
      apply: async (note, applications) => {
        const body = {
          applications: applications.map(({ id, amount }) => ({ invoice_id: id, amount })),
          version: note.version,
        };
        data(await api.POST('/api/v1/credit-notes/{id}/apply', { ...byId(note.id), body }));
      },
    }),
    void: {
      // D60: a note with credit applied is not voided (the applications stand on the invoices).
      allowed: (note) => note.status === 'issued' && parseMoney(note.amount_applied) === 0n,
      text: (note) => [
        `A reversing entry dated today (or the issue date, if that is later) takes the note out of the books: ${note.customer_name} loses its ${formatAmount(note.total, note.currency)} of credit and owes that much again. The note stays on file marked void and its number stays used. A void cannot be undone.`,
      ],
      path: '/api/v1/credit-notes/{id}/void',
      done: (note) => `Credit note ${note.number} voided; its entry is reversed.`,
    },
  },
};
