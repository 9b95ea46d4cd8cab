// Columns many tables share: whether a record is active, and its Deactivate button.
import type { Column } from './DataTable.tsx';
import { RowAction } from './RowAction.tsx';
import { StatusBadge } from './StatusBadge.tsx';

export const activeColumn = <Row extends { is_active: boolean }>(): Column<Row> => ({
  header: 'Status',
  cell: (row) => <StatusBadge status={row.is_active ? 'active' : 'inactive'} />,
});

/** "Deactivate <name>" on an active row, for those who may write (else no column). */
export const deactivateColumn = <Row extends { is_active: boolean; name: string }>(
  canWrite: boolean,
  deactivate: (row: Row) => void,
): Column<Row> | null =>
  canWrite
    ? {
        header: 'Actions',
        cell: (row) =>
          row.is_active ? (
            <RowAction label="Deactivate" name={`Deactivate ${row.name}`} onClick={() => deactivate(row)} />
          ) : null,
      }
    : null;

/** "Void <number>" on a posted row, for those who may write (else no column). */
export const voidColumn = <Row extends { status: string; number: string }>(
  canWrite: boolean,
  voidRow: (row: Row) => void,
): Column<Row> | null =>
  canWrite
    ? {
        header: 'Actions',
        cell: (row) =>
          row.status === 'posted' ? (
            <RowAction label="Void" name={`Void ${row.number}`} tone="danger" onClick={() => voidRow(row)} />
          ) : null,
      }
    : null;
