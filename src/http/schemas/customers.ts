// Customers (spec "Customer", D20, D26, D31): the response, the create and update bodies, the page.
import { Type } from '@sinclair/typebox';
import { PAYMENT_TERMS } from '../../domain/invoice.ts';
import * as S from './common.ts';
import { ContactListQuery, contactCreateFields, contactFields, contactUpdateFields } from './contacts.ts';

export const Customer = S.Named('Customer', {
  ...contactFields(
    'billing_address',
    S.Literals(PAYMENT_TERMS, { description: 'due_on_receipt, net_7, net_15, net_30, net_60 or net_90' }),
  ),
  balance: S.MoneyOutput(
    'Open balance of sent invoices minus unapplied payment credit (D26); negative means the customer has credit.',
  ),
  open_invoice_count: Type.Integer({ description: 'Sent invoices with a balance due.' }),
  unapplied_credit: S.MoneyOutput(
    'Credit not yet applied to an invoice: unapplied payments plus the remaining credit of issued credit notes; balance = open invoices - unapplied_credit (D26).',
  ),
  ...S.RecordStamps,
});

export const PageCustomer = S.Page(S.ref(Customer), 'Customer');

export const CustomerListQuery = ContactListQuery;

export const CustomerCreate = S.Named('CustomerCreate', contactCreateFields('billing_address'));

export const CustomerUpdate = S.Named('CustomerUpdate', contactUpdateFields('billing_address'));
