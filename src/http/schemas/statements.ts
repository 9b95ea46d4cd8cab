// Customer statements (D92): an outstanding statement as of a date, or an activity statement over a
// range; and the email that sends one through the outbox.
import { Type } from '@sinclair/typebox';
import { STATEMENT_TYPES } from '../../app/statements/customer-statement.ts';
import * as S from './common.ts';

const StatementType = S.Literals(STATEMENT_TYPES, {
  description:
    'outstanding: open invoices and unapplied credit as of `to` (the default); activity: a running balance from `from` to `to`.',
});
const DateParam = (description: string) => Type.Optional(Type.String({ format: 'date', description }));
const FromParam = DateParam('activity only: the first day (default: the first of `to`’s month).');
const ToParam = DateParam('The last day, or the as-of date (default: today).');

export const StatementQuery = Type.Object({
  type: Type.Optional(StatementType),
  from: FromParam,
  to: ToParam,
  format: Type.Optional(
    S.Literals(['json', 'csv', 'pdf'], {
      description:
        'csv or pdf answer the same statement as a file (as does Accept: text/csv or application/pdf).',
    }),
  ),
});

export const CustomerStatement = S.Named('CustomerStatement', {
  customer: Type.String({ format: 'uuid' }),
  customer_name: Type.String(),
  customer_email: S.OrNull(Type.String()),
  type: StatementType,
  from: S.OrNull(Type.String({ description: 'null for an outstanding statement.' })),
  to: Type.String(),
  currency: Type.String(),
  generated_at: Type.String({ format: 'date-time' }),
  outstanding: S.OrNull(
    Type.Object({
      invoices: Type.Array(
        Type.Object({
          invoice: Type.String({ format: 'uuid' }),
          number: Type.String(),
          issue_date: Type.String(),
          due_date: Type.String(),
          total: S.MoneyOutput(),
          open: S.MoneyOutput('Total less the payments and credit applied to it by `to`.'),
          days_overdue: Type.Integer(),
        }),
      ),
      credits: Type.Array(
        Type.Object({
          kind: S.Literals(['payment', 'credit_note']),
          document: Type.String({ format: 'uuid' }),
          number: Type.String(),
          date: Type.String(),
          amount: S.MoneyOutput(),
          unapplied: S.MoneyOutput('What is not applied to an invoice by `to`.'),
        }),
      ),
      invoices_total: S.MoneyOutput(),
      credits_total: S.MoneyOutput(),
      balance: S.MoneyOutput('invoices_total - credits_total.'),
    }),
  ),
  activity: S.OrNull(
    Type.Object({
      opening_balance: S.MoneyOutput('The customer’s receivable balance before `from`.'),
      lines: Type.Array(
        Type.Object({
          date: Type.String(),
          entry_number: Type.String(),
          kind: S.Literals(['invoice', 'payment', 'credit_note']),
          entry_type: Type.String({
            description:
              'invoice, invoice_void, payment_received, payment_void, credit_note or credit_note_void.',
          }),
          document: Type.String({ format: 'uuid' }),
          number: Type.String(),
          description: Type.String(),
          amount: S.MoneyOutput('Its effect on the customer’s balance (positive: owes more).'),
          balance: S.MoneyOutput(),
        }),
      ),
      closing_balance: S.MoneyOutput('The customer’s receivable balance at the end of `to`.'),
    }),
  ),
  balance: S.MoneyOutput(
    'What the customer owes at the end of `to`: the outstanding balance, or the closing balance; equal to the customer’s AR aging total.',
  ),
});

export const StatementEmailRequest = S.Named('StatementEmailRequest', {
  type: Type.Optional(StatementType),
  from: FromParam,
  to: ToParam,
  recipient: Type.Optional(
    Type.String({ format: 'email', maxLength: 320, description: 'Default: the customer’s email.' }),
  ),
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  message: Type.Optional(Type.String({ maxLength: 10_000 })),
});

export const StatementEmail = S.Named('StatementEmail', {
  id: S.IdOutput,
  customer: Type.String({ format: 'uuid' }),
  type: StatementType,
  from: S.OrNull(Type.String()),
  to: Type.String(),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  status: S.Literals(['queued', 'recorded'], {
    description: 'queued: the outbox delivers it (D62); recorded: sandbox books, never sent (D29).',
  }),
  balance: S.MoneyOutput('The statement’s balance when it was asked for.'),
  created_at: Type.String({ format: 'date-time' }),
});
