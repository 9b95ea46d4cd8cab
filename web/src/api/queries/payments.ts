import { api, data, type paths, type RequestOf, type ResponseOf } from '../client.ts';
import { listParams, read, readPage, recordKeys } from './pages.ts';

export type PaymentReceived = ResponseOf<'/api/v1/payments-received', 'get', 200>['results'][number];
export type BillPayment = ResponseOf<'/api/v1/bill-payments', 'get', 200>['results'][number];
/** How money moved: the API's own enum (payments received and bill payments take the same). */
export type PaymentMethod = RequestOf<'/api/v1/payments-received', 'post'>['method'] &
  RequestOf<'/api/v1/bill-payments', 'post'>['method'];

/** Every method with its label: a Record, so a method the API adds fails `tsc` until it is named. */
const METHOD_LABELS: Record<PaymentMethod, string> = {
  ach: 'ACH',
  check: 'CHECK',
  card: 'CARD',
  cash: 'CASH',
  wire: 'WIRE',
  other: 'OTHER',
};
export const PAYMENT_METHODS = (Object.keys(METHOD_LABELS) as PaymentMethod[]).map((value) => ({
  value,
  label: METHOD_LABELS[value],
}));

type ReceivedSort = NonNullable<paths['/api/v1/payments-received']['get']['parameters']['query']>['sort'];
type BillPaymentSort = NonNullable<paths['/api/v1/bill-payments']['get']['parameters']['query']>['sort'];

/** A list's page, its search box (issue 21: number, reference or party name) and its `?sort=`. */
export interface PaymentFilters {
  cursor: string;
  search?: string | undefined;
  /** `-amount`: a key of the kind's list (a column's), checked by the screen; undefined: newest first. */
  sort?: string | undefined;
}

export const paymentKeys = {
  ...recordKeys<PaymentFilters>('payments'),
  /** Payments in Undeposited Funds, for a deposit (D64). */
  undeposited: (cursor: string | undefined) => ['payments', 'undeposited', cursor ?? ''] as const,
};

export const billPaymentKeys = {
  ...recordKeys<PaymentFilters>('bill-payments'),
  ofVendor: (vendor: string) => ['bill-payments', 'of-vendor', vendor] as const,
};

/** The list's query: its `sort` a key the screen checked against the kind's list. */
const listQuery = <Sort>({ sort, ...filters }: PaymentFilters) => ({
  ...listParams(filters),
  sort: sort as Sort,
});

export const paymentsQuery = (filters: PaymentFilters) =>
  readPage(paymentKeys.list(filters), async () =>
    data(await api.GET('/api/v1/payments-received', { params: { query: listQuery<ReceivedSort>(filters) } })),
  );

export const paymentQuery = (id: string) =>
  read(paymentKeys.one(id), async () =>
    data(await api.GET('/api/v1/payments-received/{id}', { params: { path: { id } } })),
  );

export const billPaymentsQuery = (filters: PaymentFilters) =>
  readPage(billPaymentKeys.list(filters), async () =>
    data(await api.GET('/api/v1/bill-payments', { params: { query: listQuery<BillPaymentSort>(filters) } })),
  );

export const billPaymentQuery = (id: string) =>
  read(billPaymentKeys.one(id), async () =>
    data(await api.GET('/api/v1/bill-payments/{id}', { params: { path: { id } } })),
  );

export const vendorBillPaymentsQuery = (vendor: string) =>
  read(billPaymentKeys.ofVendor(vendor), async () =>
    data(await api.GET('/api/v1/bill-payments', { params: { query: { vendor } } })),
  );
