// Customers (spec "Customer", D20, D26, D31): contacts whose address is `billing_address` and whose
// standing is their open receivables net of unapplied payments and credit notes (D26, D60).
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { CustomerStanding } from '../../storage/stores/customers.ts';
import * as customers from '../../storage/stores/customers.ts';
import { type ContactKind, contactUseCases } from './contacts.ts';

export { PAYMENT_TERMS, type PaymentTerms } from '../../domain/invoice.ts';

/** Customers: besides the balance, their open invoices and the credit the balance nets. */
export const CUSTOMER = {
  what: 'customer',
  address: 'billing_address',
  store: customers,
  describeStanding: (standing) => ({
    open_invoice_count: standing?.open_invoice_count ?? 0,
    unapplied_credit: formatMoney(parseMoney(standing?.unapplied_credit ?? '0')),
  }),
} satisfies ContactKind<'billing_address', CustomerStanding, object>;

export const {
  list: listCustomers,
  read: readCustomer,
  create: createCustomer,
  update: updateCustomer,
  deactivate: deactivateCustomer,
} = contactUseCases(CUSTOMER);
