// A table of rows described by columns: the lists (documents, contacts, payments) and the small
// tables on a document's or contact's page. The table scrolls inside its own area on a phone; a
// read-only table's area takes the focus so a keyboard can scroll it (axe: scrollable-region-focusable).
// Optional (issue 21, lists): headers that sort (a button in the header, `aria-sort` on it), a totals
// row under the rows, and on a phone the rows as cards, every column visible without scrolling.
import { Box, Card, Group, Select, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ariaSort, nextSort, type SortState } from './sorting.ts';

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
  /** Names the column: the sort key it offers (with `sortable`) and what a totals row puts under it. */
  key?: string;
  /** Its header sorts the rows by `key` (the table's `onSort`). */
  sortable?: boolean;
  /** On a phone's card, the column heads the card (the number) or stands beside its head (the status). */
  card?: 'title' | 'badge';
}

/** Below Mantine's `sm` (48em): a phone, where rows become cards. */
export const PHONE_QUERY = '(max-width: 47.99em)';

const cellStyle = <Row,>(column: Column<Row>) =>
  column.nowrap
    ? { whiteSpace: 'nowrap' as const }
    : column.breaks
      ? { overflowWrap: 'anywhere' as const }
      : undefined;

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  minWidth,
  striped = true,
  hover = false,
  dense = false,
  label,
  sort,
  onSort,
  footer,
  cards = false,
  ownOrder = 'Newest first',
}: {
  rows: readonly Row[];
  columns: readonly (Column<Row> | null | false | undefined)[];
  rowKey: (row: Row) => string;
  minWidth: number;
  striped?: boolean;
  hover?: boolean;
  /** Rows closer together: a short table inside a dialog or beside a form. */
  dense?: boolean;
  /** A read-only table's name: its scrolling area is then focusable. */
  label?: string;
  /** The order shown (null: the list's own); with `onSort`, sortable columns' headers are buttons. */
  sort?: SortState | null;
  /** The order asked for: a header pressed (ascending, descending, the list's own), or the phone's menu. */
  onSort?: (sort: SortState | null) => void;
  /** A totals row: what stands under each column (nothing for most). */
  footer?: (column: Column<Row>) => ReactNode;
  /** On a phone, each row as a card of its columns instead of a table row. */
  cards?: boolean;
  /** The phone's "Sort by" menu's name for the list's own order (no `sort`). */
  ownOrder?: string;
}) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  if (cards && phone) {
    return (
      <RowCards
        rows={rows}
        columns={shown}
        rowKey={rowKey}
        sort={sort}
        onSort={onSort}
        footer={footer}
        ownOrder={ownOrder}
      />
    );
  }
  const header = (column: Column<Row>) => {
    if (!(onSort && column.sortable && column.key)) return column.header;
    const key = column.key;
    const order = ariaSort(sort ?? null, key);
    return (
      <UnstyledButton
        onClick={() => onSort(nextSort(sort ?? null, key))}
        fw={700}
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        {column.header}
        <Text span fz="xs" c={order === 'none' ? 'dimmed' : undefined} aria-hidden ml={4}>
          {order === 'ascending' ? '▲' : order === 'descending' ? '▼' : '↕'}
        </Text>
      </UnstyledButton>
    );
  };
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={label ? { viewportProps: { tabIndex: 0, 'aria-label': label } } : undefined}
    >
      <Table striped={striped} highlightOnHover={hover} verticalSpacing={dense ? 4 : undefined}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column, index) => (
              <Table.Th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                key={index}
                ta={column.align}
                w={column.w}
                aria-sort={
                  onSort && column.sortable && column.key ? ariaSort(sort ?? null, column.key) : undefined
                }
              >
                {header(column)}
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
                  style={cellStyle(column)}
                >
                  {column.cell(row, rowIndex)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer && rows.length > 0 ? (
          <Table.Tfoot>
            <Table.Tr>
              {shown.map((column, index) => (
                <Table.Th
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                  key={index}
                  ta={column.align}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {footer(column)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}

/** A column's header as words (a sort menu's option, a card's label). */
const headerText = (header: ReactNode) => (typeof header === 'string' ? header : '');

/**
 * The rows on a phone: each a card, its title (the number) and badge (the status) on its first line,
 * every other column under it as a label and its value, amounts at the right; the totals as a last
 * card; the sortable columns in a "Sort by" menu, since there are no headers to press.
 */
function RowCards<Row>({
  rows,
  columns,
  rowKey,
  sort,
  onSort,
  footer,
  ownOrder,
}: {
  rows: readonly Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  sort?: SortState | null | undefined;
  onSort?: ((sort: SortState | null) => void) | undefined;
  footer?: ((column: Column<Row>) => ReactNode) | undefined;
  ownOrder: string;
}) {
  const title = columns.find((column) => column.card === 'title') ?? columns[0];
  const badge = columns.find((column) => column.card === 'badge');
  const rest = columns.filter((column) => column !== title && column !== badge);
  // Names take the card's width, dates and the like share it two by two, amounts end the card side by side.
  const names = rest.filter((column) => column.breaks);
  const amounts = rest.filter((column) => column.align === 'right' && !column.breaks);
  const others = rest.filter((column) => !names.includes(column) && !amounts.includes(column));
  const sortable = onSort ? columns.filter((column) => column.sortable && column.key) : [];
  const totals = footer ? rest.filter((column) => footer(column) != null) : [];
  return (
    <Stack gap="xs">
      {sortable.length > 0 && onSort ? (
        <SortMenu columns={sortable} sort={sort ?? null} onSort={onSort} ownOrder={ownOrder} />
      ) : null}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row, rowIndex) => (
          <Card component="li" key={rowKey(row)} withBorder padding="sm" radius="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
              {title ? (
                <Text
                  fw={700}
                  component="div"
                  style={cellStyle(title) ?? { overflowWrap: 'break-word' }}
                  miw={0}
                >
                  {title.cell(row, rowIndex)}
                </Text>
              ) : null}
              {badge ? <Box>{badge.cell(row, rowIndex)}</Box> : null}
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
              {[...names, ...others].map((column) => (
                <CardField
                  key={columns.indexOf(column)}
                  column={column}
                  row={row}
                  rowIndex={rowIndex}
                  wide={names.includes(column)}
                />
              ))}
            </SimpleGrid>
            {amounts.length > 0 ? (
              <SimpleGrid cols={2} spacing="xs" mt={4}>
                {amounts.map((column) => (
                  <CardField key={columns.indexOf(column)} column={column} row={row} rowIndex={rowIndex} />
                ))}
              </SimpleGrid>
            ) : null}
          </Card>
        ))}
      </Stack>
      {footer && totals.length > 0 && rows.length > 0 ? (
        <Card withBorder padding="sm" radius="sm" bg="var(--mantine-color-gray-0)">
          {title ? (
            <Text fw={700} mb={4}>
              {footer(title)}
            </Text>
          ) : null}
          <SimpleGrid cols={2} spacing="xs">
            {totals.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
              <Box key={index} ta={column.align}>
                <Text fz="xs" c="dimmed">
                  {column.header}
                </Text>
                <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {footer(column)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Card>
      ) : null}
    </Stack>
  );
}

/** One column of a card: its header as a small label over its value (none when it is empty). */
function CardField<Row>({
  column,
  row,
  rowIndex,
  wide = false,
}: {
  column: Column<Row>;
  row: Row;
  rowIndex: number;
  wide?: boolean;
}) {
  const value = column.cell(row, rowIndex);
  // A label over nothing (a contact without an email) says nothing: the card leaves it out.
  if (value === '' || value === null || value === undefined) return null;
  return (
    <Box ta={column.align} style={{ minWidth: 0, ...(wide ? { gridColumn: '1 / -1' } : {}) }}>
      <Text fz="xs" c="dimmed">
        {column.header}
      </Text>
      <Text fz="sm" component="div" style={cellStyle(column) ?? { overflowWrap: 'break-word' }}>
        {value}
      </Text>
    </Box>
  );
}

function SortMenu<Row>({
  columns,
  sort,
  onSort,
  ownOrder,
}: {
  columns: Column<Row>[];
  sort: SortState | null;
  onSort: (sort: SortState | null) => void;
  ownOrder: string;
}) {
  const value = sort ? `${sort.descending ? '-' : ''}${sort.key}` : '';
  const options = [
    { value: '', label: ownOrder },
    ...columns.flatMap((column) => [
      { value: column.key ?? '', label: `${headerText(column.header)}, ascending` },
      { value: `-${column.key}`, label: `${headerText(column.header)}, descending` },
    ]),
  ];
  return (
    <Select
      label="Sort by"
      data={options}
      value={value}
      allowDeselect={false}
      onChange={(next) =>
        onSort(next ? { key: next.replace(/^-/, ''), descending: next.startsWith('-') } : null)
      }
      w="100%"
    />
  );
}
