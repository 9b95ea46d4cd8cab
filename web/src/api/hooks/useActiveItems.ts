import { useQuery } from '@tanstack/react-query';
import { activeItemsQuery } from '../queries/items.ts';

/** The active items, for a line's Item column. */
export function useActiveItems(enabled = true) {
  return useQuery({ ...activeItemsQuery(), enabled });
}
