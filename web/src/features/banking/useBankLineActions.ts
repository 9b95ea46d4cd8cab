// The writes on one bank line (D74): match ledger lines, unmatch, exclude, include. Each sends the
// version the person saw (a line changed meanwhile is 412, said in words) and makes banking stale.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client.ts';
import { type BankTransaction, invalidateBanking } from '../../api/queries/banking.ts';
import { notify } from '../../ui/notify.ts';

type Action = 'unmatch' | 'exclude' | 'include';

const DONE: Record<Action, string> = {
  unmatch: 'Unmatched: the line is back among the lines to match.',
  exclude: 'Excluded: the line stays out of matching and reconciliation.',
  include: 'Included: the line is back among the lines to match.',
};

export function useMatchLine(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ line, journalLines }: { line: BankTransaction; journalLines: string[] }) =>
      data(
        await api.POST('/api/v1/bank-transactions/{id}/match', {
          params: { path: { id: line.id } },
          body: { journal_lines: journalLines, version: line.version },
        }),
      ),
    onSuccess: () => {
      notify({ color: 'teal', message: 'Matched.' });
      invalidateBanking(queryClient);
      onDone?.();
    },
  });
}

export function useLineAction(action: Action, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (line: BankTransaction) => {
      const options = { params: { path: { id: line.id } }, body: { version: line.version } };
      if (action === 'unmatch')
        return data(await api.POST('/api/v1/bank-transactions/{id}/unmatch', options));
      if (action === 'exclude')
        return data(await api.POST('/api/v1/bank-transactions/{id}/exclude', options));
      return data(await api.POST('/api/v1/bank-transactions/{id}/include', options));
    },
    onSuccess: () => {
      notify({ message: DONE[action] });
      invalidateBanking(queryClient);
      onDone?.();
    },
  });
}

/** A rule's suggestion accepted (D75): its fields are a /create body as they are. */
export function useAcceptSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (line: BankTransaction) => {
      const suggestion = line.suggestion;
      if (!suggestion) throw new Error('This line has no rule suggestion any more.');
      return data(
        await api.POST('/api/v1/bank-transactions/{id}/create', {
          params: { path: { id: line.id } },
          body: {
            kind: suggestion.kind,
            account: suggestion.account,
            tax_rate: suggestion.tax_rate,
            tracking_options: suggestion.tracking_options,
            memo: suggestion.memo,
          },
        }),
      );
    },
    onSuccess: (created) => {
      notify({ color: 'teal', message: `Recorded as ${created.entry_number} and matched.` });
      invalidateBanking(queryClient);
    },
  });
}

/** Many lines' rule suggestions accepted at once (POST /bank-transactions/accept-suggestions). */
export function useAcceptSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) =>
      data(await api.POST('/api/v1/bank-transactions/accept-suggestions', { body: { ids } })),
    onSuccess: (answer) => {
      const count = answer.results.length;
      notify({
        color: 'teal',
        message: `${count} line${count === 1 ? '' : 's'} recorded and matched.`,
      });
      invalidateBanking(queryClient);
    },
  });
}
