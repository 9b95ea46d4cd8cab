// Banking's data layer (D70-D76): one key factory and the query options of every banking read, and
// the one list of what a banking write makes stale, so screens never spell a key or an invalidation.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { cursorOf } from '../../ui/forms.ts';
import { api, data, type ResponseOf } from '../client.ts';
import { invalidateAfter } from './invalidate.ts';
import { journalKeys } from './journal.ts';
import { allPages, read } from './pages.ts';

export type BankTransaction = ResponseOf<'/api/v1/bank-transactions/{id}', 'get', 200>;
export type BankStatement = ResponseOf<'/api/v1/bank-statements/{id}', 'get', 200>;
export type BankStatementMapping = ResponseOf<'/api/v1/bank-statement-mappings/{id}', 'get', 200>;
export type Suggestion = ResponseOf<
  '/api/v1/bank-transactions/{id}/suggestions',
  'get',
  200
>['results'][number];
export type LineStatus = BankTransaction['status'];
export type BankRule = ResponseOf<'/api/v1/bank-rules/{id}', 'get', 200>;
export type ReconciliationReport = ResponseOf<'/api/v1/reports/bank-reconciliation', 'get', 200>;
export type Reconciliation = ResponseOf<'/api/v1/bank-reconciliations/{id}', 'get', 200>;

/** How many unmatched lines the overview counts before it says "500 or more". */
export const UNMATCHED_COUNT_MAX = 500;
const PAGES_MAX = UNMATCHED_COUNT_MAX / 50;
/** The saved CSV mappings and the bank rules are short lists: read whole, up to this many pages. */
const SHORT_LIST_PAGES_MAX = 10;

export const bankingKeys = {
  all: ['banking'] as const,
  transactions: (account: string, status: LineStatus, search: string, cursor: string | undefined) =>
    ['banking', 'transactions', account, status, search, cursor ?? ''] as const,
  unmatchedCount: (account: string) => ['banking', 'unmatched-count', account] as const,
  suggestions: (id: string) => ['banking', 'suggestions', id] as const,
  latestStatement: (account: string) => ['banking', 'latest-statement', account] as const,
  statements: (account: string) => ['banking', 'statements', account] as const,
  mappings: () => ['banking', 'mappings'] as const,
  ledger: (account: string, from: string, to: string, cursor: string | undefined) =>
    ['banking', 'ledger', account, from, to, cursor ?? ''] as const,
  journalEntry: journalKeys.one,
  rules: () => ['banking', 'rules'] as const,
  reconciliationReport: (account: string, asOf: string) =>
    ['banking', 'reconciliation-report', account, asOf] as const,
  reconciliations: (account: string) => ['banking', 'reconciliations', account] as const,
};

/** One page of an account's bank lines of one status (oldest first, as the API answers). */
export const transactionsQuery = (account: string, status: LineStatus, search: string, cursor?: string) =>
  queryOptions({
    queryKey: bankingKeys.transactions(account, status, search, cursor),
    queryFn: async () =>
      data(
        await api.GET('/api/v1/bank-transactions', {
          params: {
            query: { account, status, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) },
          },
        }),
      ),
  });

/** The number of an account's unmatched lines, counted page by page up to UNMATCHED_COUNT_MAX. */
export const unmatchedCountQuery = (account: string) =>
  queryOptions({
    queryKey: bankingKeys.unmatchedCount(account),
    queryFn: async () => {
      let count = 0;
      let cursor: string | undefined;
      for (let page = 0; page < PAGES_MAX; page += 1) {
        const result = data(
          await api.GET('/api/v1/bank-transactions', {
            params: { query: { account, status: 'unmatched', ...(cursor ? { cursor } : {}) } },
          }),
        );
        count += result.results.length;
        cursor = cursorOf(result.next);
        if (!cursor) return { count, more: false };
      }
      return { count, more: true };
    },
  });

/** The account's newest imported statement that carries a closing balance, or null. */
export const latestStatementQuery = (account: string) =>
  queryOptions({
    queryKey: bankingKeys.latestStatement(account),
    queryFn: async () => {
      const page = data(
        await api.GET('/api/v1/bank-statements', { params: { query: { account, cursor: 'last' } } }),
      );
      const withBalance = page.results.filter((statement) => statement.closing_balance !== null);
      // The latest period wins; between equal periods, the later import.
      return (
        withBalance.reduce<BankStatement | null>(
          (latest, statement) =>
            latest === null || (statement.period_end ?? '') >= (latest.period_end ?? '') ? statement : latest,
          null,
        ) ?? null
      );
    },
  });

/** The account's newest imports (the last page, newest first). */
export const statementsQuery = (account: string) =>
  queryOptions({
    queryKey: bankingKeys.statements(account),
    queryFn: async () => {
      const page = data(
        await api.GET('/api/v1/bank-statements', { params: { query: { account, cursor: 'last' } } }),
      );
      return [...page.results].reverse();
    },
  });

export const suggestionsQuery = (id: string) =>
  queryOptions({
    queryKey: bankingKeys.suggestions(id),
    queryFn: async () =>
      data(await api.GET('/api/v1/bank-transactions/{id}/suggestions', { params: { path: { id } } })).results,
  });

/** Every saved CSV mapping (a few pages at most). */
export const mappingsQuery = () =>
  read(bankingKeys.mappings(), () =>
    allPages(
      async (cursor) =>
        data(
          await api.GET('/api/v1/bank-statement-mappings', { params: { query: cursor ? { cursor } : {} } }),
        ),
      SHORT_LIST_PAGES_MAX,
    ),
  );

/** One page of the account's general ledger over a range (the lines to find and match). */
export const ledgerQuery = (account: string, from: string, to: string, cursor?: string) =>
  queryOptions({
    queryKey: bankingKeys.ledger(account, from, to, cursor),
    queryFn: async () =>
      data(
        await api.GET('/api/v1/reports/general-ledger', {
          params: { query: { account, from, to, ...(cursor ? { cursor } : {}) } },
        }),
      ),
  });

/** A journal entry: its lines carry their `id` and `bank_transaction` (D74). */
export const journalEntryQuery = (id: string) =>
  queryOptions({
    queryKey: bankingKeys.journalEntry(id),
    queryFn: async () => data(await api.GET('/api/v1/journal-entries/{id}', { params: { path: { id } } })),
    staleTime: 10_000,
  });

/** Every bank rule in priority order (a few pages at most). */
export const rulesQuery = () =>
  read(bankingKeys.rules(), () =>
    allPages(
      async (cursor) =>
        data(await api.GET('/api/v1/bank-rules', { params: { query: cursor ? { cursor } : {} } })),
      SHORT_LIST_PAGES_MAX,
    ),
  );

/** Where an account stands against its bank on a day (D76). */
export const reconciliationReportQuery = (account: string, asOf: string) =>
  queryOptions({
    queryKey: bankingKeys.reconciliationReport(account, asOf),
    queryFn: async () =>
      data(
        await api.GET('/api/v1/reports/bank-reconciliation', { params: { query: { account, as_of: asOf } } }),
      ),
  });

/** The account's reconciliations, newest first (its last page). */
export const reconciliationsQuery = (account: string) =>
  queryOptions({
    queryKey: bankingKeys.reconciliations(account),
    queryFn: async () => {
      const page = data(
        await api.GET('/api/v1/bank-reconciliations', { params: { query: { account, cursor: 'last' } } }),
      );
      return [...page.results].reverse();
    },
  });

/** What a banking write makes stale: `STALE_AFTER.banking` (a line may become a payment, a deposit). */
export function invalidateBanking(queryClient: QueryClient) {
  invalidateAfter(queryClient, 'banking');
}
