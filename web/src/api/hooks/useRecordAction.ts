// A row's action on its versioned record (deactivate a tax rate, void a deposit): `postAction`, then
// what the write makes stale (the invalidation map's), then the screen's own step with the answer.
import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '../client.ts';
import { postAction, type VersionedAction } from '../queries/actions.ts';
import { useInvalidate, type Written } from '../queries/invalidate.ts';

export function useRecordAction<P extends VersionedAction>(
  path: P,
  written: Written,
  onDone?: (answer: ResponseOf<P, 'post', 200>) => void,
) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (record: { id: string; version: number }) => postAction(path, record),
    onSuccess: (answer) => {
      invalidate(written);
      onDone?.(answer);
    },
  });
}
