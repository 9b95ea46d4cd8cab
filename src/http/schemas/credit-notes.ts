// Credit notes (D60): responses, request bodies, the page. Lines are an invoice's lines.
import { Type } from '@sinclair/typebox';
import { CREDIT_APPLICATIONS_MAX, CREDIT_NOTE_STATUSES } from '../../domain/credit-note.ts';
import { CREDIT_NOTE_SORT_KEYS } from '../../domain/list-order.ts';
import * as S from './common.ts';
import { LineOutput, SalesDocumentCreateFields, SalesDocumentUpdateFields } from './invoices.ts';
import { InvoiceApplicationOutput } from './money-movements.ts';

const CreditNoteFields = {
  id: S.IdOutput,
  number: S.OrNull(Type.String(), {
    description: 'CN-000001, allocated when the note is issued (gapless); null on a draft.',
  }),
  customer: S.IdOutput,
  customer_name: Type.String(),
  status: S.Literals(CREDIT_NOTE_STATUSES, { description: 'draft, issued or void' }),
  issue_date: Type.String({ format: 'date' }),
  currency: Type.String(),
  ...S.DocumentTotals,
  amount_applied: S.MoneyOutput('Credit applied to invoices so far.'),
  remaining_credit: S.MoneyOutput('total - amount_applied while issued; 0 for a draft or a void note.'),
  ...S.postingFields('issue', 'issued_at'),
};

export const CreditNoteSummary = S.Named('CreditNoteSummary', CreditNoteFields);

export const CreditNote = S.Named('CreditNote', {
  ...CreditNoteFields,
  lines: Type.Array(LineOutput),
  applications: Type.Array(InvoiceApplicationOutput),
});

export const PageCreditNote = S.Page(S.ref(CreditNoteSummary), 'CreditNote');

/** The filters of the credit note list, which its totals take too. */
const CreditNoteFilters = {
  status: Type.Optional(S.Literals(CREDIT_NOTE_STATUSES)),
  customer: Type.Optional(Type.String({ description: 'Customer id.' })),
};

export const CreditNoteListQuery = Type.Object({
  ...S.CursorQuery,
  ...CreditNoteFilters,
  sort: S.SortQuery(CREDIT_NOTE_SORT_KEYS),
});

export const CreditNoteTotalsQuery = Type.Object(CreditNoteFilters);

export const CreditNoteCreate = S.Named('CreditNoteCreate', SalesDocumentCreateFields);

export const CreditNoteUpdate = S.Named('CreditNoteUpdate', SalesDocumentUpdateFields);

export const CreditNoteApply = S.Named('CreditNoteApply', {
  applications: Type.Array(
    Type.Object({
      invoice_id: S.Uuid('A sent invoice of the credit note’s customer.'),
      amount: S.MoneyInput('At most the invoice’s balance due; together at most the remaining credit.'),
    }),
    { minItems: 1, maxItems: CREDIT_APPLICATIONS_MAX },
  ),
  ...S.VersionRead,
});
