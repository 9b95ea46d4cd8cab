// Payments received (spec "Payment received", D25, D33): the response, the create body, the page.
import { Type } from '@sinclair/typebox';
import { APPLICATIONS_MAX } from '../../app/payments/payments-received.ts';
import { PAYMENT_RECEIVED_SORT_KEYS } from '../../domain/list-order.ts';
import * as S from './common.ts';
import { InvoiceApplicationOutput, PaymentCreateFields } from './money-movements.ts';
import { paymentListQuery, paymentSchemas } from './payment-schemas.ts';

export const { record: PaymentReceived, page: PagePaymentReceived } = paymentSchemas('PaymentReceived', {
  numberPrefix: 'PMT',
  counterparty: 'customer',
  own: {
    deposit_to_account: S.IdOutput,
    unapplied_amount: S.MoneyOutput(
      'amount - applications: credit the customer can use later (POST .../apply); 0.0000 when void.',
    ),
  },
  application: InvoiceApplicationOutput,
  journalEntry: S.OrNull(Type.String(), { description: "The payment's own posted entry." }),
  statusDescription:
    'posted, or void (D61): its entry is reversed, its applications removed; it counts in no balance.',
  voidEntry: S.OrNull(Type.String(), { description: "The entry reversing the payment's own, once void." }),
  after: {
    deposit: S.OrNull(Type.String({ format: 'uuid' }), {
      description:
        'D88: the live deposit that took this payment from Undeposited Funds to the bank, or null. Read-only.',
    }),
  },
});

export const PaymentListQuery = paymentListQuery('customer', PAYMENT_RECEIVED_SORT_KEYS, {
  undeposited: Type.Optional(
    Type.Boolean({
      description:
        'true: only posted payments received into Undeposited Funds that no deposit took yet (D88); what POST /deposits accepts.',
    }),
  ),
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
