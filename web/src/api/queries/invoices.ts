// Invoices' data layer (D8, D23): the key factory and the query options of every invoice read.
import { queryOptions } from '@tanstack/react-query';
import { api, data, type paths, type ResponseOf } from '../client.ts';
import { listParams, read, readPage, recordKeys } from './pages.ts';

export type Invoice = ResponseOf<'/api/v1/invoices/{id}', 'get', 200>;
export type InvoiceRow = ResponseOf<'/api/v1/invoices', 'get', 200>['results'][number];
type ListQuery = NonNullable<paths['/api/v1/invoices']['get']['parameters']['query']>;
export type InvoiceStatus = NonNullable<ListQuery['status']>;
export type InvoiceSort = ListQuery['sort'];
export type InvoiceFilters = Pick<
  ListQuery,
  'status' | 'search' | 'customer' | 'cursor' | 'sort' | 'overdue' | 'issue_date_from' | 'issue_date_to'
>;
type TotalsQuery = NonNullable<paths['/api/v1/invoices/totals']['get']['parameters']['query']>;

export const invoiceKeys = {
  ...recordKeys<InvoiceFilters>('invoices'),
  /** The totals row of the list's filters (issue 21). */
  totals: (filters: TotalsQuery) => ['invoices', 'totals', filters] as const,
  /** A customer's sent invoices with a balance: what a payment or a credit applies to. */
  openOf: (customer: string) => ['invoices', 'open-of', customer] as const,
  emails: (id: string) => ['invoices', 'emails', id] as const,
};

export const invoicesQuery = (filters: InvoiceFilters) =>
  readPage(invoiceKeys.list(filters), async () =>
    data(await api.GET('/api/v1/invoices', { params: { query: listParams(filters) } })),
  );

/** What the list's filters match, counted and summed over every page. */
export const invoiceTotalsQuery = (filters: TotalsQuery) =>
  readPage(invoiceKeys.totals(filters), async () =>
    data(await api.GET('/api/v1/invoices/totals', { params: { query: listParams(filters) } })),
  );

export const invoiceQuery = (id: string) =>
  read(invoiceKeys.one(id), async () =>
    data(await api.GET('/api/v1/invoices/{id}', { params: { path: { id } } })),
  );

export const openInvoicesQuery = (customer: string) =>
  queryOptions({
    queryKey: invoiceKeys.openOf(customer),
    enabled: customer !== '',
    queryFn: async () =>
      data(await api.GET('/api/v1/invoices', { params: { query: { customer, status: 'sent' } } })),
  });

export const invoiceEmailsQuery = (id: string) =>
  read(invoiceKeys.emails(id), async () =>
    data(await api.GET('/api/v1/invoices/{id}/emails', { params: { path: { id } } })),
  );
