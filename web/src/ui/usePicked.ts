// D82's ask-first for one picked thing (a key to revoke, a member to remove): the screen picks it,
// ConfirmDialog asks, Confirm runs the mutation on it, and closing forgets it with the mutation's error.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

export function usePicked<T>() {
  const [picked, setPicked] = useState<T | null>(null);
  return {
    picked,
    pick: (target: T) => setPicked(target),
    forget: () => setPicked(null),
    /** ConfirmDialog's props that run `mutation` with `variables` of the picked thing. */
    confirming: <V>(mutation: UseMutationResult<unknown, Error, V>, variables: (target: T) => V) => ({
      opened: picked !== null,
      onConfirm: () => {
        if (picked !== null) mutation.mutate(variables(picked));
      },
      onClose: () => setPicked(null),
      mutation,
    }),
  };
}
