// Invoices' data layer (D8, D23): the key factory and the query options of every invoice read.
import { api, data, type GetQuery, type ResponseOf } from '../client.ts';
import { documentReads, listParams, read, readOf } from './pages.ts';

export type Invoice = ResponseOf<'/api/v1/invoices/{id}', 'get', 200>;
export type InvoiceRow = ResponseOf<'/api/v1/invoices', 'get', 200>['results'][number];
export type InvoiceFilters = Pick<
  GetQuery<'/api/v1/invoices'>,
  'status' | 'search' | 'customer' | 'cursor' | 'sort' | 'overdue' | 'issue_date_from' | 'issue_date_to'
>;

/** The list (a page by its filters), its totals row and one invoice. */
export const invoiceReads = documentReads('invoices', {
  list: async (filters: InvoiceFilters) =>
    data(await api.GET('/api/v1/invoices', { params: { query: listParams(filters) } })),
  one: async (id: string) => data(await api.GET('/api/v1/invoices/{id}', { params: { path: { id } } })),
  totals: async (filters: GetQuery<'/api/v1/invoices/totals'>) =>
    data(await api.GET('/api/v1/invoices/totals', { params: { query: listParams(filters) } })),
});

export const invoiceKeys = {
  ...invoiceReads.keys,
  /** A customer's sent invoices with a balance: what a payment or a credit applies to. */
  openOf: (customer: string) => ['invoices', 'open-of', customer] as const,
  emails: (id: string) => ['invoices', 'emails', id] as const,
};

export const openInvoicesQuery = (customer: string) =>
  readOf(customer, invoiceKeys.openOf(customer), async () =>
    data(await api.GET('/api/v1/invoices', { params: { query: { customer, status: 'sent' } } })),
  );

export const invoiceEmailsQuery = (id: string) =>
  read(invoiceKeys.emails(id), async () =>
    data(await api.GET('/api/v1/invoices/{id}/emails', { params: { path: { id } } })),
  );
