import { api, data, type RequestOf, type ResponseOf } from '../client.ts';
import { read, readPage } from './pages.ts';

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

export const paymentKeys = {
  all: ['payments'] as const,
  list: (cursor: string) => ['payments', 'list', cursor] as const,
  /** Payments in Undeposited Funds, for a deposit (D64). */
  undeposited: (cursor: string | undefined) => ['payments', 'undeposited', cursor ?? ''] as const,
};

export const billPaymentKeys = {
  all: ['bill-payments'] as const,
  list: (cursor: string) => ['bill-payments', 'list', cursor] as const,
  ofVendor: (vendor: string) => ['bill-payments', 'of-vendor', vendor] as const,
};

export const paymentsQuery = (cursor: string) =>
  readPage(paymentKeys.list(cursor), async () =>
    data(await api.GET('/api/v1/payments-received', { params: { query: { cursor } } })),
  );

export const billPaymentsQuery = (cursor: string) =>
  readPage(billPaymentKeys.list(cursor), async () =>
    data(await api.GET('/api/v1/bill-payments', { params: { query: { cursor } } })),
  );

export const vendorBillPaymentsQuery = (vendor: string) =>
  read(billPaymentKeys.ofVendor(vendor), async () =>
    data(await api.GET('/api/v1/bill-payments', { params: { query: { vendor } } })),
  );
