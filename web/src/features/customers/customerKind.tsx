// The customer as a contact kind: what they owe on sent invoices, their unapplied credit (payments
// and credit notes), and their statement (D92).
import { Skeleton, Text } from '@mantine/core';
import { type Customer, customerQuery, customersQuery } from '../../api/queries/contacts.ts';
import type { ContactKind } from '../contacts/kind.ts';
import { SALE } from '../documents/sides.ts';
import { CustomerForm } from './CustomerForm.tsx';
import { CustomerStatement } from './CustomerStatement.tsx';

export const customerKind: ContactKind<Customer> = {
  side: SALE,
  plural: 'Customers',
  written: 'customers',
  list: {
    query: customersQuery,
    openCount: { header: 'Open invoices', count: (customer) => customer.open_invoice_count },
    minWidth: 560,
    none: 'No customers yet. Create one to send them invoices.',
    afterCreate: 'open',
  },
  one: customerQuery,
  Form: CustomerForm,
  page: {
    figures: (customer, loading) => [
      { label: 'Balance', amount: customer.balance },
      { label: 'Open invoices', value: <Text fw={600}>{customer.open_invoice_count}</Text> },
      loading
        ? { label: 'Unapplied credit', value: <Skeleton height={20} /> }
        : { label: 'Unapplied credit', amount: customer.unapplied_credit },
    ],
    noneOpen: 'Nothing open: every sent invoice of this customer is paid.',
    Sections: ({ contact, books }) => <CustomerStatement books={books} customer={contact.id} />,
  },
};
