// Deposits (D88): the response, the create body, the page and the list's filters.
import { Type } from '@sinclair/typebox';
import { DEPOSIT_PAYMENTS_MAX, DEPOSIT_STATUSES } from '../../app/deposits/read-deposits.ts';
import * as S from './common.ts';

export const Deposit = S.Named('Deposit', {
  id: S.IdOutput,
  number: Type.String({ description: 'DEP-000001, allocated by the server (gapless).' }),
  date: Type.String({ format: 'date' }),
  deposit_to_account: Type.String({ format: 'uuid', description: 'The bank account the money went to.' }),
  deposit_to_account_name: Type.String(),
  amount: S.MoneyOutput('The sum of its payments: what the bank account was debited with.'),
  memo: Type.String(),
  currency: Type.String(),
  payments: Type.Array(
    Type.Object({
      payment_id: Type.String({ format: 'uuid' }),
      payment_number: Type.String(),
      customer: Type.String({ format: 'uuid' }),
      customer_name: Type.String(),
      payment_date: Type.String({ format: 'date' }),
      amount: S.MoneyOutput('The payment amount, credited to Undeposited Funds by its own line.'),
    }),
    { description: 'In the order the request named them; kept once the deposit is void.' },
  ),
  journal_entry: Type.String({
    description: "The deposit's own posted entry: debit the bank, credit Undeposited Funds per payment.",
  }),
  status: S.Literals(DEPOSIT_STATUSES, {
    description: 'posted, or void: its entry is reversed and its payments are undeposited again.',
  }),
  void_entry: S.OrNull(Type.String(), { description: "The entry reversing the deposit's own, once void." }),
  voided_at: S.OrNull(Type.String()),
  ...S.RecordStamps,
});

export const PageDeposit = S.Page(S.ref(Deposit), 'Deposit');

export const DepositListQuery = Type.Object({
  ...S.CursorQuery,
  status: Type.Optional(S.Literals(DEPOSIT_STATUSES)),
  deposit_to_account: Type.Optional(Type.String({ description: 'Bank account id.' })),
  date_from: Type.Optional(S.DateString('Deposits dated on or after.')),
  date_to: Type.Optional(S.DateString('Deposits dated on or before.')),
});

export const DepositCreate = S.Named('DepositCreate', {
  deposit_to_account: S.Uuid('An active bank account (detail type bank, D70).'),
  date: S.DateString('The day the money reached the bank; not in a closed period.'),
  payments: Type.Array(S.Uuid(), {
    minItems: 1,
    maxItems: DEPOSIT_PAYMENTS_MAX,
    description:
      'Ids of posted payments received into Undeposited Funds that no live deposit holds; each once (GET /payments-received?undeposited=true).',
  }),
  memo: Type.Optional(Type.String({ maxLength: 4000 })),
  currency: Type.Optional(Type.String()),
});
