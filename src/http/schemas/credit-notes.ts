// Credit notes (D60): responses, request bodies, the page. Lines are an invoice's lines.
import { Type } from '@sinclair/typebox';
import { CREDIT_APPLICATIONS_MAX, CREDIT_NOTE_STATUSES } from '../../domain/credit-note.ts';
import {
  CursorQuery,
  Literals,
  MoneyInput,
  MoneyOutput,
  OrNull,
  Page,
  ref,
  Uuid,
  Version,
} from './common.ts';
import { LineOutput, SalesDocumentCreateFields, SalesDocumentUpdateFields } from './invoices.ts';

const CreditNoteFields = {
  id: Type.String({ format: 'uuid' }),
  number: OrNull(Type.String(), {
    description: 'CN-000001, allocated when the note is issued (gapless); null on a draft.',
  }),
  customer: Type.String({ format: 'uuid' }),
  customer_name: Type.String(),
  status: Literals(CREDIT_NOTE_STATUSES, { description: 'draft, issued or void' }),
  issue_date: Type.String({ format: 'date' }),
  currency: Type.String(),
  subtotal: MoneyOutput(),
  tax_total: MoneyOutput(),
  total: MoneyOutput('subtotal + tax_total'),
  amount_applied: MoneyOutput('Credit applied to invoices so far.'),
  remaining_credit: MoneyOutput('total - amount_applied while issued; 0 for a draft or a void note.'),
  memo: Type.String(),
  journal_entry: OrNull(Type.String(), { description: 'The entry posted by issue.' }),
  void_entry: OrNull(Type.String(), { description: 'The reversing entry of a void.' }),
  issued_at: OrNull(Type.String()),
  voided_at: OrNull(Type.String()),
  version: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
};

export const CreditNoteSummary = Type.Object(CreditNoteFields, {
  $id: 'CreditNoteSummary',
  title: 'CreditNoteSummary',
});

export const CreditNote = Type.Object(
  {
    ...CreditNoteFields,
    lines: Type.Array(LineOutput),
    applications: Type.Array(
      Type.Object({
        invoice_id: Type.String({ format: 'uuid' }),
        invoice_number: Type.String(),
        amount: MoneyOutput(),
        applied_date: Type.String({ format: 'date' }),
      }),
    ),
  },
  { $id: 'CreditNote', title: 'CreditNote' },
);

export const PageCreditNote = Page(ref(CreditNoteSummary), 'CreditNote');

export const CreditNoteListQuery = Type.Object({
  ...CursorQuery,
  status: Type.Optional(Literals(CREDIT_NOTE_STATUSES)),
  customer: Type.Optional(Type.String({ description: 'Customer id.' })),
});

export const CreditNoteCreate = Type.Object(SalesDocumentCreateFields, {
  $id: 'CreditNoteCreate',
  title: 'CreditNoteCreate',
});

export const CreditNoteUpdate = Type.Object(SalesDocumentUpdateFields, {
  $id: 'CreditNoteUpdate',
  title: 'CreditNoteUpdate',
});

export const CreditNoteApply = Type.Object(
  {
    applications: Type.Array(
      Type.Object({
        invoice_id: Uuid('A sent invoice of the credit note’s customer.'),
        amount: MoneyInput('At most the invoice’s balance due; together at most the remaining credit.'),
      }),
      { minItems: 1, maxItems: CREDIT_APPLICATIONS_MAX },
    ),
    version: Type.Optional(Version),
  },
  { $id: 'CreditNoteApply', title: 'CreditNoteApply' },
);
