import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client.ts';
import { cursorOf } from '../../ui/forms.ts';

const PAGES_MAX = 10;

/** Active vendors (a few pages), for the pickers of bills and bill payments. */
export function useActiveVendors() {
  return useQuery({
    queryKey: ['vendors', 'active-all'],
    queryFn: async () => {
      const all = [];
      let cursor: string | undefined;
      for (let page = 0; page < PAGES_MAX; page += 1) {
        const result = data(
          await api.GET('/api/v1/vendors', {
            params: { query: { is_active: true, ...(cursor ? { cursor } : {}) } },
          }),
        );
        all.push(...result.results);
        cursor = cursorOf(result.next);
        if (!cursor) break;
      }
      return all;
    },
  });
}
