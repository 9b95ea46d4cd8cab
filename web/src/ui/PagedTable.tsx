// A list screen's body: the refusal, a sentence when there is nothing to show, else the table, and
// the pager (cursor paging, D31; "Older" and "Newer" for a list shown newest first).
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable } from './DataTable.tsx';
import { ErrorNotice } from './ErrorNotice.tsx';
import { cursorOf } from './forms.ts';
import { Pager } from './Pager.tsx';

export function PagedTable<Row>({
  page,
  rows,
  empty,
  error,
  onPage,
  newestFirst = false,
  ...table
}: {
  /** The list's query: its error, whether it answered, its previous and next pages. */
  page: { error: unknown; isSuccess: boolean; data?: { previous?: string | null; next?: string | null } };
  rows: readonly Row[];
  empty: ReactNode;
  /** Another refusal to show instead (a row action's). */
  error?: unknown;
  /** A page's cursor (the pager offers only pages that have one); no pager without it. */
  onPage?: (cursor: string) => void;
  newestFirst?: boolean;
} & Omit<Parameters<typeof DataTable<Row>>[0], 'rows'>) {
  return (
    <>
      <ErrorNotice error={page.error ?? error} />
      {page.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <DataTable rows={rows} {...table} />
      )}
      {onPage ? (
        <Pager
          previous={cursorOf(page.data?.previous)}
          next={cursorOf(page.data?.next)}
          onPage={(cursor) => {
            if (cursor !== undefined) onPage(cursor);
          }}
          newestFirst={newestFirst}
        />
      ) : null}
    </>
  );
}
