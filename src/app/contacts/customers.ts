// Customers (spec "Customer", D20, D26, D31): contacts whose address is `billing_address` and whose
// standing is their open receivables net of unapplied payments and credit notes (D26, D60).
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { CustomerStanding } from '../../storage/stores/customers.ts';
import * as customers from '../../storage/stores/customers.ts';
import { type ContactCommand, type ContactKind, type ContactPatch, contactUseCases } from './contacts.ts';

export { PAYMENT_TERMS, type PaymentTerms } from '../../domain/invoice.ts';

export const CUSTOMER: ContactKind<'billing_address', CustomerStanding, CustomerStandingView> = {
  what: 'customer',
  address: 'billing_address',
  store: customers,
  standings: customers.standings,
  describeStanding: (standing) => ({
    balance: formatMoney(parseMoney(standing?.balance ?? '0')),
    open_invoice_count: standing?.open_invoice_count ?? 0,
    unapplied_credit: formatMoney(parseMoney(standing?.unapplied_credit ?? '0')),
  }),
};

interface CustomerStandingView {
  balance: string;
  open_invoice_count: number;
  unapplied_credit: string;
}

export type CreateCustomerCommand = ContactCommand<'billing_address'>;
export type UpdateCustomerCommand = ContactPatch<'billing_address'>;

export const {
  list: listCustomers,
  read: readCustomer,
  create: createCustomer,
  update: updateCustomer,
  deactivate: deactivateCustomer,
} = contactUseCases(CUSTOMER);
