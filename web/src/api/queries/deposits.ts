// Deposits' data layer (D64, D88): the key factory and query options of deposits; the payments a
// deposit takes are read under payments' keys.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, data } from '../client.ts';
import { paymentKeys } from './payments.ts';

export const depositKeys = {
  all: ['deposits'] as const,
  list: (cursor: string) => ['deposits', 'list', cursor] as const,
};

export const depositsQuery = (cursor: string) =>
  queryOptions({
    queryKey: depositKeys.list(cursor),
    placeholderData: keepPreviousData,
    queryFn: async () => data(await api.GET('/api/v1/deposits', { params: { query: { cursor } } })),
  });

/** Payments still in Undeposited Funds, a page at a time. */
export const undepositedPaymentsQuery = (cursor: string | undefined) =>
  queryOptions({
    queryKey: paymentKeys.undeposited(cursor),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      data(await api.GET('/api/v1/payments-received', { params: { query: { undeposited: true, cursor } } })),
  });
