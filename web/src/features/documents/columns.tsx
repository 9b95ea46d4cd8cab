// The columns documents' lists share: a number that opens the document, the party, dates, a status
// and amounts. A kind's list names its columns from these.
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate } from '../../ui/dates.ts';
import { Money } from '../../ui/Money.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

interface Numbered {
  id: string;
  number: string | null;
}

/** The number, a link to the document ("Draft" while a draft has none). */
export const numberColumn = <Row extends Numbered>(path: string): Column<Row> => ({
  header: 'Number',
  key: 'number',
  card: 'title',
  nowrap: true,
  cell: (row) => (
    <Anchor component={Link} to={`${path}/${row.id}`}>
      {row.number ?? 'Draft'}
    </Anchor>
  ),
});

export const textColumn = <Row,>(
  header: string,
  text: (row: Row) => string | null,
  maw?: number,
  key?: string,
): Column<Row> => ({
  header,
  ...(key ? { key } : {}),
  breaks: true,
  ...(maw ? { maw } : {}),
  cell: (row) => text(row) ?? '',
});

export const dateColumn = <Row,>(header: string, date: (row: Row) => string, key?: string): Column<Row> => ({
  header,
  ...(key ? { key } : {}),
  nowrap: true,
  cell: (row) => formatDate(date(row)),
});

/** The due date, with how many days overdue in red. */
export const dueColumn = <Row extends { due_date: string; days_overdue: number }>(): Column<Row> => ({
  header: 'Due',
  key: 'due_date',
  // The date and "12d overdue" each stay whole; on a phone's card the second may go under the first.
  cell: (row) => (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.due_date)}</span>
      {row.days_overdue > 0 ? (
        <Text span c="red.9" size="xs" style={{ whiteSpace: 'nowrap' }}>
          {' '}
          {row.days_overdue}d overdue
        </Text>
      ) : null}
    </>
  ),
});

export const statusColumn = <Row extends { status: string }>(): Column<Row> => ({
  header: 'Status',
  card: 'badge',
  cell: (row) => <StatusBadge status={row.status} />,
});

export const moneyColumn = <Row extends { currency: string }>(
  header: string,
  amount: (row: Row) => string,
  key?: string,
): Column<Row> => ({
  header,
  ...(key ? { key } : {}),
  align: 'right',
  nowrap: true,
  cell: (row) => <Money amount={amount(row)} currency={row.currency} />,
});

/** The columns above by short names, for a kind's list: `column.money('Total', (bill) => bill.total)`. */
export const column = {
  number: numberColumn,
  text: textColumn,
  date: dateColumn,
  due: dueColumn,
  status: statusColumn,
  money: moneyColumn,
};

interface ListedDocument extends Numbered {
  status: string;
  currency: string;
  total: string;
}

/**
 * The columns of a list of documents owed (invoices, bills): the number, the party, a reference,
 * the document's date, when it is due, its status, its total and its balance due.
 */
export const dueColumns = <
  Row extends ListedDocument & { due_date: string; days_overdue: number; balance_due: string },
>(
  path: string,
  party: Column<Row>,
  reference: Column<Row>,
  date: Column<Row>,
): Column<Row>[] => [
  numberColumn(path),
  party,
  reference,
  date,
  dueColumn(),
  statusColumn(),
  moneyColumn('Total', (row) => row.total, 'total'),
  moneyColumn('Balance due', (row) => row.balance_due, 'balance_due'),
];

/** The columns of a list of credits (credit notes, vendor credits): what is left of each to apply. */
export const creditColumns = <Row extends ListedDocument & { remaining_credit: string }>(
  path: string,
  party: Column<Row>,
  date: Column<Row>,
): Column<Row>[] => [
  numberColumn(path),
  party,
  date,
  statusColumn(),
  moneyColumn('Total', (row) => row.total, 'total'),
  moneyColumn('Remaining credit', (row) => row.remaining_credit, 'remaining_credit'),
];
