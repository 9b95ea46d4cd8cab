// A list screen's body: the refusal, a sentence when there is nothing to show, else the table (ReadTable),
// and the pager (cursor paging, D31; "Older" and "Newer" for a list shown newest first).
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable } from './DataTable.tsx';
import { ErrorNotice } from './ErrorNotice.tsx';
import { cursorOf } from './forms.ts';
import { Pager } from './Pager.tsx';

/** What a table's read says: its refusal, and whether it has answered (an empty answer is a sentence). */
interface Read {
  error: unknown;
  isSuccess: boolean;
  isPending?: boolean;
}

type TableProps<Row> = Omit<Parameters<typeof DataTable<Row>>[0], 'rows'>;

/**
 * The rows of one read as a table: the refusal, a sentence when it answered none, else the table
 * (a page's documents, an account's imports, a contact's open invoices).
 */
export function ReadTable<Row>({
  read,
  rows,
  empty,
  error,
  pending,
  ...table
}: {
  read: Read;
  rows: readonly Row[];
  empty: ReactNode;
  /** Another refusal to show instead (a row action's). */
  error?: unknown;
  /** What stands in the table's place until the read answers (a skeleton); the empty table if none. */
  pending?: ReactNode;
} & TableProps<Row>) {
  if (pending !== undefined && read.isPending) return pending;
  return (
    <>
      <ErrorNotice error={read.error ?? error} />
      {read.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <DataTable rows={rows} {...table} />
      )}
    </>
  );
}

export function PagedTable<Row>({
  page,
  onPage,
  newestFirst = false,
  ...table
}: {
  /** The list's query: its error, whether it answered, its previous and next pages. */
  page: Read & { data?: { previous?: string | null; next?: string | null } };
  rows: readonly Row[];
  empty: ReactNode;
  /** Another refusal to show instead (a row action's). */
  error?: unknown;
  /** A page's cursor (the pager offers only pages that have one); no pager without it. */
  onPage?: (cursor: string) => void;
  newestFirst?: boolean;
} & TableProps<Row>) {
  return (
    <>
      <ReadTable read={page} {...table} />
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
