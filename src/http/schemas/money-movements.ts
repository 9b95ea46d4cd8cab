// What every money movement's schema shares (payments received, bill payments), as
// `describeMovement` in app/documents/money-movements.ts is what their views share.
import { Type } from '@sinclair/typebox';
import { PAYMENT_METHODS } from '../../app/documents/money-movements.ts';
import * as S from './common.ts';

/** A payment as answered, after its number and counterparty. */
export const PaymentFields = {
  payment_date: Type.String({ format: 'date' }),
  amount: S.MoneyOutput(),
  method: Type.String({ description: PAYMENT_METHODS.join(', ') }),
  reference: Type.String(),
  memo: Type.String(),
};

/** The body of a new payment, after its counterparty. */
export const PaymentCreateFields = {
  payment_date: S.DateString(),
  amount: S.MoneyInput(),
  method: S.Literals(PAYMENT_METHODS),
  reference: Type.Optional(Type.String({ maxLength: 200 })),
};

/** Credit taken off an invoice (a payment's or a credit note's application, D33, D60), as answered. */
export const InvoiceApplicationOutput = Type.Object({
  invoice_id: Type.String({ format: 'uuid' }),
  invoice_number: Type.String(),
  amount: S.MoneyOutput(),
  applied_date: Type.String({ format: 'date' }),
});
