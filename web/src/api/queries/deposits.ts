import { api, data } from '../client.ts';
import { readPage } from './pages.ts';
import { paymentKeys } from './payments.ts';

export const depositKeys = {
  all: ['deposits'] as const,
  list: (cursor: string) => ['deposits', 'list', cursor] as const,
};

export const depositsQuery = (cursor: string) =>
  readPage(depositKeys.list(cursor), async () =>
    data(await api.GET('/api/v1/deposits', { params: { query: { cursor } } })),
  );

/** Payments still in Undeposited Funds, a page at a time. */
export const undepositedPaymentsQuery = (cursor: string | undefined) =>
  readPage(paymentKeys.undeposited(cursor), async () =>
    data(await api.GET('/api/v1/payments-received', { params: { query: { undeposited: true, cursor } } })),
  );
