// A table of rows described by columns: the lists (documents, contacts, payments) and the small
// tables on a document's or contact's page. The table scrolls inside its own area on a phone; a
// read-only table's area takes the focus so a keyboard can scroll it (axe: scrollable-region-focusable).
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Amounts and counts stand right. */
  align?: 'right';
  /** A number or a date: never broken over two lines. */
  nowrap?: boolean;
  /** A name or a reference: broken anywhere rather than widening the table. */
  breaks?: boolean;
  /** The column's fixed width or its widest, in pixels. */
  w?: number;
  maw?: number;
}

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  minWidth,
  striped = true,
  hover = false,
  label,
}: {
  rows: readonly Row[];
  columns: readonly (Column<Row> | null | false | undefined)[];
  rowKey: (row: Row) => string;
  minWidth: number;
  striped?: boolean;
  hover?: boolean;
  /** A read-only table's name: its scrolling area is then focusable. */
  label?: string;
}) {
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={label ? { viewportProps: { tabIndex: 0, 'aria-label': label } } : undefined}
    >
      <Table striped={striped} highlightOnHover={hover}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
              <Table.Th key={index} ta={column.align} w={column.w}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, rowIndex) => (
            <Table.Tr key={rowKey(row)}>
              {shown.map((column, index) => (
                <Table.Td
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                  key={index}
                  ta={column.align}
                  maw={column.maw}
                  style={
                    column.nowrap
                      ? { whiteSpace: 'nowrap' }
                      : column.breaks
                        ? { overflowWrap: 'anywhere' }
                        : undefined
                  }
                >
                  {column.cell(row, rowIndex)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
