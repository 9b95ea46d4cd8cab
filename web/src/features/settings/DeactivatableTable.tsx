// A settings list of records that are deactivated, never deleted (tax rates, tax groups): read whole,
// each row named first and ending with its status and, for those who may write, its Deactivate.
import type { ReactNode } from 'react';
import { activeColumn, deactivateColumn } from '../../ui/columns.tsx';
import type { Column } from '../../ui/DataTable.tsx';
import { ReadTable } from '../../ui/PagedTable.tsx';

interface Deactivatable {
  id: string;
  name: string;
  is_active: boolean;
}

export function DeactivatableTable<Row extends Deactivatable>({
  read,
  deactivate,
  empty,
  columns,
}: {
  /** The list's query, its rows in `results`. */
  read: { error: unknown; isSuccess: boolean; data?: { results: readonly Row[] } };
  /** The row's Deactivate (`useRecordAction`), or null for those who may not write. */
  deactivate: { error: unknown; mutate: (row: Row) => void } | null;
  empty: ReactNode;
  /** The columns between the name and the status. */
  columns: Column<Row>[];
}) {
  return (
    <ReadTable
      read={read}
      error={deactivate?.error}
      empty={empty}
      rows={read.data?.results ?? []}
      rowKey={(row) => row.id}
      minWidth={520}
      columns={[
        { header: 'Name', breaks: true, cell: (row) => row.name },
        ...columns,
        activeColumn(),
        deactivateColumn<Row>(deactivate !== null, (row) => deactivate?.mutate(row)),
      ]}
    />
  );
}
