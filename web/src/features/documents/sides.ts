// The two sides of the books' trade, as src/domain/document.ts has them: a sale (receivables: a
// customer, invoices, credit notes, payments received) or a purchase (payables: a vendor, bills, bill
// payments). A document, a payment or a contact screen reads its side here instead of copying a
// screen per side.
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useActiveCustomers } from '../../api/hooks/useActiveCustomers.ts';
import { useActiveVendors } from '../../api/hooks/useActiveVendors.ts';
import { openBillsQuery } from '../../api/queries/bills.ts';
import { openInvoicesQuery } from '../../api/queries/invoices.ts';
import type { Books } from '../shell/books.tsx';
import type { LinePurpose } from './LinesGrid.tsx';

/** An open document of the side (a sent invoice, an open bill) that money can be applied to. */
export interface OpenDocument {
  id: string;
  number: string;
  due_date: string;
  days_overdue: number;
  balance_due: string;
  /** The vendor's own reference of a bill. */
  reference: string | null;
}

export interface SideDescriptor {
  /** The party's API field and search parameter ("customer", "vendor"). */
  party: 'customer' | 'vendor';
  partyLabel: string;
  /** The party with its article, as a picker names it ("Pick a customer from the list"). */
  partyNoun: string;
  partiesPath: string;
  /** The party's open documents, as the API calls them in messages ("invoice", "bill"). */
  documentNoun: string;
  /** One of them, with its article ("an invoice"). */
  aDocument: string;
  documentsPath: string;
  purpose: LinePurpose;
  canWrite: (books: Books) => boolean;
  /** The active parties, with the terms each brings to a new document (D20, D53). */
  useParties: () => UseQueryResult<{ id: string; display_name: string; payment_terms: string }[]>;
  /** The party's open documents (none asked while `party` is empty). */
  useOpenDocuments: (party: string) => UseQueryResult<OpenDocument[]>;
}

export const SALE: SideDescriptor = {
  party: 'customer',
  partyLabel: 'Customer',
  partyNoun: 'a customer',
  partiesPath: '/customers',
  documentNoun: 'invoice',
  aDocument: 'an invoice',
  documentsPath: '/invoices',
  purpose: 'sales',
  canWrite: (books) => books.can.writeSales,
  useParties: useActiveCustomers,
  useOpenDocuments: (customer) =>
    useQuery({
      ...openInvoicesQuery(customer),
      select: (page) => page.results.map((invoice) => ({ ...invoice, reference: null })),
    }),
};

export const PURCHASE: SideDescriptor = {
  party: 'vendor',
  partyLabel: 'Vendor',
  partyNoun: 'a vendor',
  partiesPath: '/vendors',
  documentNoun: 'bill',
  aDocument: 'a bill',
  documentsPath: '/bills',
  purpose: 'purchase',
  canWrite: (books) => books.can.writeBooks,
  useParties: useActiveVendors,
  useOpenDocuments: (vendor) =>
    useQuery({
      ...openBillsQuery(vendor),
      select: (page) => page.results.map((bill) => ({ ...bill, reference: bill.vendor_reference || null })),
    }),
};
