// Customers (spec "Customer", D20, D26, D31): the response, the create and update bodies, the page.
import { Type } from '@sinclair/typebox';
import { PAYMENT_TERMS } from '../../domain/invoice.ts';
import { CursorQuery, Literals, MoneyOutput, OrNull, Page, ref, Version } from './common.ts';

export const PaymentTerms = Literals(PAYMENT_TERMS, {
  description: 'Days from issue date to due date: due_on_receipt, net_7, net_15, net_30, net_60, net_90.',
});
const DisplayName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Email = Type.String({ format: 'email', maxLength: 254 });
const ShortText = Type.String({ maxLength: 200 });
const Phone = Type.String({ maxLength: 50 });
const Address = Type.String({ maxLength: 1000 });
const Notes = Type.String({ maxLength: 4000 });

export const Customer = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    display_name: Type.String(),
    email: OrNull(Type.String()),
    company_name: OrNull(Type.String()),
    phone: OrNull(Type.String()),
    billing_address: OrNull(Type.String()),
    notes: Type.String(),
    payment_terms: Literals(PAYMENT_TERMS, {
      description: 'due_on_receipt, net_7, net_15, net_30, net_60 or net_90',
    }),
    currency: Type.String(),
    is_active: Type.Boolean(),
    balance: MoneyOutput(
      'Open balance of sent invoices minus unapplied payment credit (D26); negative means the customer has credit.',
    ),
    open_invoice_count: Type.Integer({ description: 'Sent invoices with a balance due.' }),
    unapplied_credit: MoneyOutput(
      'Credit not yet applied to an invoice: unapplied payments plus the remaining credit of issued credit notes; balance = open invoices - unapplied_credit (D26).',
    ),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Customer', title: 'Customer' },
);

export const PageCustomer = Page(ref(Customer), 'Customer');

export const CustomerListQuery = Type.Object({
  ...CursorQuery,
  search: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Case-insensitive substring of display_name or email.',
    }),
  ),
  is_active: Type.Optional(Type.Boolean()),
});

export const CustomerCreate = Type.Object(
  {
    display_name: DisplayName,
    email: Type.Optional(OrNull(Email)),
    company_name: Type.Optional(OrNull(ShortText)),
    phone: Type.Optional(OrNull(Phone)),
    billing_address: Type.Optional(OrNull(Address)),
    notes: Type.Optional(Notes),
    payment_terms: Type.Optional(PaymentTerms),
  },
  { $id: 'CustomerCreate', title: 'CustomerCreate' },
);

export const CustomerUpdate = Type.Object(
  {
    display_name: Type.Optional(DisplayName),
    email: Type.Optional(OrNull(Email)),
    company_name: Type.Optional(OrNull(ShortText)),
    phone: Type.Optional(OrNull(Phone)),
    billing_address: Type.Optional(OrNull(Address)),
    notes: Type.Optional(Notes),
    payment_terms: Type.Optional(PaymentTerms),
    is_active: Type.Optional(Type.Boolean()),
    version: Type.Optional(Version),
  },
  { $id: 'CustomerUpdate', title: 'CustomerUpdate' },
);
