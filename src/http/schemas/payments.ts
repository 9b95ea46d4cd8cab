// Payments received (spec "Payment received", D25, D33): the response, the create body, the page.
import { Type } from '@sinclair/typebox';
import { APPLICATIONS_MAX, PAYMENT_STATUSES } from '../../app/payments/payments-received.ts';
import { PAYMENT_RECEIVED_SORT_KEYS } from '../../domain/list-order.ts';
import * as S from './common.ts';
import { InvoiceApplicationOutput, PaymentCreateFields, PaymentFields } from './money-movements.ts';

export const PaymentReceived = S.Named('PaymentReceived', {
  id: S.IdOutput,
  number: Type.String({ description: 'PMT-000001, allocated by the server (gapless).' }),
  customer: S.IdOutput,
  customer_name: Type.String(),
  ...PaymentFields,
  deposit_to_account: S.IdOutput,
  unapplied_amount: S.MoneyOutput(
    'amount - applications: credit the customer can use later (POST .../apply); 0.0000 when void.',
  ),
  applications: Type.Array(InvoiceApplicationOutput),
  currency: Type.String(),
  journal_entry: S.OrNull(Type.String(), { description: "The payment's own posted entry." }),
  status: S.Literals(PAYMENT_STATUSES, {
    description:
      'posted, or void (D61): its entry is reversed, its applications removed; it counts in no balance.',
  }),
  void_entry: S.OrNull(Type.String(), { description: "The entry reversing the payment's own, once void." }),
  voided_at: S.OrNull(Type.String()),
  deposit: S.OrNull(Type.String({ format: 'uuid' }), {
    description:
      'D88: the live deposit that took this payment from Undeposited Funds to the bank, or null. Read-only.',
  }),
  ...S.RecordStamps,
});

export const PagePaymentReceived = S.Page(S.ref(PaymentReceived), 'PaymentReceived');

export const PaymentListQuery = Type.Object({
  ...S.CursorQuery,
  customer: Type.Optional(Type.String({ description: 'Customer id.' })),
  search: S.SearchFilter(
    'Case-insensitive substring of the payment number, its reference or the customer name (`%` and `_` literal).',
  ),
  undeposited: Type.Optional(
    Type.Boolean({
      description:
        'true: only posted payments received into Undeposited Funds that no deposit took yet (D88); what POST /deposits accepts.',
    }),
  ),
  sort: S.SortQuery(PAYMENT_RECEIVED_SORT_KEYS, "customer: the customer's display name"),
});

const PaymentApplicationInput = Type.Object({ invoice_id: S.Uuid(), amount: S.MoneyInput() });

export const PaymentReceivedCreate = S.Named('PaymentReceivedCreate', {
  customer: S.Uuid('Customer id.'),
  ...PaymentCreateFields,
  deposit_to_account: Type.Optional(S.Uuid('An active asset account; default Undeposited Funds (1010).')),
  applications: Type.Optional(Type.Array(PaymentApplicationInput, { maxItems: APPLICATIONS_MAX })),
  memo: Type.Optional(Type.String({ maxLength: 4000 })),
  currency: Type.Optional(Type.String()),
});

/** POST /payments-received/{id}/apply (D61): more of the unapplied amount, to open invoices. */
export const PaymentReceivedApply = S.Named('PaymentReceivedApply', {
  applications: Type.Array(PaymentApplicationInput, { minItems: 1, maxItems: APPLICATIONS_MAX }),
  ...S.VersionRead,
});
