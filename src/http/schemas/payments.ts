// Payments received (spec "Payment received", D25, D33): the response, the create body, the page.
import { Type } from '@sinclair/typebox';
import { APPLICATIONS_MAX, PAYMENT_METHODS } from '../../app/payments/payments-received.ts';
import {
  CursorQuery,
  DateString,
  Literals,
  MoneyInput,
  MoneyOutput,
  OrNull,
  Page,
  ref,
  Uuid,
} from './common.ts';

export const PaymentReceived = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    number: Type.String({ description: 'PMT-000001, allocated by the server (gapless).' }),
    customer: Type.String({ format: 'uuid' }),
    customer_name: Type.String(),
    payment_date: Type.String({ format: 'date' }),
    amount: MoneyOutput(),
    method: Type.String({ description: PAYMENT_METHODS.join(', ') }),
    reference: Type.String(),
    memo: Type.String(),
    deposit_to_account: Type.String({ format: 'uuid' }),
    unapplied_amount: MoneyOutput('amount - applications: credit the customer can use later.'),
    applications: Type.Array(
      Type.Object({
        invoice_id: Type.String({ format: 'uuid' }),
        invoice_number: Type.String(),
        amount: MoneyOutput(),
        applied_date: Type.String({ format: 'date' }),
      }),
    ),
    currency: Type.String(),
    journal_entry: OrNull(Type.String(), { description: "The payment's own posted entry." }),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'PaymentReceived', title: 'PaymentReceived' },
);

export const PagePaymentReceived = Page(ref(PaymentReceived), 'PaymentReceived');

export const PaymentListQuery = Type.Object({
  ...CursorQuery,
  customer: Type.Optional(Type.String({ description: 'Customer id.' })),
});

export const PaymentReceivedCreate = Type.Object(
  {
    customer: Uuid('Customer id.'),
    payment_date: DateString(),
    amount: MoneyInput(),
    method: Literals(PAYMENT_METHODS),
    reference: Type.Optional(Type.String({ maxLength: 200 })),
    deposit_to_account: Type.Optional(Uuid('An active asset account; default Undeposited Funds (1010).')),
    applications: Type.Optional(
      Type.Array(Type.Object({ invoice_id: Uuid(), amount: MoneyInput() }), { maxItems: APPLICATIONS_MAX }),
    ),
    memo: Type.Optional(Type.String({ maxLength: 4000 })),
    currency: Type.Optional(Type.String()),
  },
  { $id: 'PaymentReceivedCreate', title: 'PaymentReceivedCreate' },
);
