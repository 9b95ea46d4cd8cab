// Every list of documents (invoices, bills, credit notes, vendor credits): a status filter ("Overdue" among them
// where the kind offers it), a search where the kind has one, the document date's range, a party's
// documents (`?customer=` or `?vendor=` from a contact's page or an aging row, with `?status=`),
// newest first (the list's last page, then older pages, D31) until a header sorts it through the API
// (the order kept in the address, `?sort=-total`, a link to share), and the totals of everything the
// filters match under the rows. "New …" (or the key N) opens the draft editor. On a phone the rows
// are cards (DataTable).
import { Button, Group, Kbd, TextInput } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Column } from '../../ui/DataTable.tsx';
import { SearchField, StatusFilter } from '../../ui/ListFilters.tsx';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { NEWEST, newestFirst } from '../../ui/Pager.tsx';
import { type SortState, sortParam, withSortParam } from '../../ui/sorting.ts';
import { useListOrder } from '../../ui/useListOrder.ts';
import { useBooks } from '../shell/books.tsx';
import { capitalized, type DocumentBase, type DocumentKind, type ListTotals, type QueryOf } from './kind.ts';

/** The status chip that is not a status: documents past due (the API's `?overdue=true`). */
const OVERDUE = 'overdue';
/** The first page of a sorted list (its order from the start). */
const FIRST = '';

/** The sum the totals row shows under a money column (Total, Balance due, Remaining credit), if any. */
function summed(sums: ListTotals, key: string): string | undefined {
  if (key === 'total') return sums.total;
  if (key === 'balance_due' && 'balance_due' in sums) return sums.balance_due;
  if (key === 'remaining_credit' && 'remaining_credit' in sums) return sums.remaining_credit;
  return undefined;
}

const NO_TOTALS: QueryOf<ListTotals | null> = {
  queryKey: ['no-totals'] as QueryKey,
  queryFn: async () => null,
  enabled: false,
};

export function DocumentList<Doc extends DocumentBase, Row extends { id: string }, Body>({
  kind,
}: {
  kind: DocumentKind<Doc, Row, Body>;
}) {
  const books = useBooks();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const party = (kind.list.byParty && params.get(kind.side.party)) || undefined;
  // A status from the address too: the aging reports open a party's open documents
  // (?customer=&status=sent, ?vendor=&status=open; issue 21's drill-down).
  const [status, setStatus] = useState(() => {
    const asked = params.get('status');
    return asked && (kind.list.statuses.includes(asked) || (kind.list.overdue && asked === OVERDUE))
      ? asked
      : 'all';
  });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Any change of filter or order starts the list again: its newest page, or a sort's first.
  const { sort, setSort, cursor, setCursor, restart } = useListOrder<string>(kind.list.sorts, (order) =>
    order ? FIRST : NEWEST,
  );
  const filters = {
    status: status === 'all' || status === OVERDUE ? undefined : status,
    overdue: status === OVERDUE ? true : undefined,
    search: debounced,
    party,
    from: from || undefined,
    to: to || undefined,
  };
  const list = useQuery(kind.list.query({ ...filters, cursor, sort: sortParam(sort) }));
  const totals = useQuery<ListTotals | null>(
    kind.list.totals ? (kind.list.totals(filters) as QueryOf<ListTotals | null>) : NO_TOTALS,
  );
  const canWrite = Boolean(books && kind.side.canWrite(books));
  const partyQuery = party ? `?${kind.side.party}=${party}` : '';
  const openNew = () => navigate(`${kind.path}/new${partyQuery}`);
  // N opens a new document, as in the accounting apps this list follows; not while typing (Mantine
  // ignores keys in inputs, textareas and selects).
  useHotkeys([['n', () => canWrite && openNew()]]);
  if (!books) return null;
  const rows = sort ? (list.data?.results ?? []) : newestFirst(list.data?.results ?? []);
  const partyName = party && rows[0] ? kind.list.byParty?.partyName(rows[0]) : undefined;
  const filtered = Boolean(debounced) || status !== 'all' || Boolean(party) || Boolean(from || to);
  const sums = totals.data;
  const footer = sums
    ? (column: Column<Row>) => {
        if (column.card === 'title')
          return `Totals: ${sums.count} ${sums.count === 1 ? kind.noun : kind.plural.toLowerCase()}`;
        const amount = column.key ? summed(sums, column.key) : undefined;
        return amount === undefined ? null : <Money amount={amount} currency={sums.currency} />;
      }
    : undefined;
  const sorts = kind.list.sorts;
  return (
    <Page
      title={partyName ? (kind.list.byParty?.title(partyName) ?? kind.plural) : kind.plural}
      actions={
        canWrite ? (
          <Button size="sm" onClick={openNew} aria-keyshortcuts="n" title={`New ${kind.noun} (N)`}>
            New {kind.noun}
            <Kbd ml={8} size="xs" aria-hidden visibleFrom="sm">
              N
            </Kbd>
          </Button>
        ) : null
      }
    >
      <Group gap="sm" wrap="wrap" align="flex-end">
        {kind.list.search ? (
          <SearchField
            placeholder={kind.list.search}
            value={search}
            onChange={(text) => {
              setSearch(text);
              restart();
            }}
          />
        ) : null}
        <StatusFilter
          value={status}
          onChange={(value) => {
            setStatus(value);
            restart();
          }}
          options={['all', ...kind.list.statuses, ...(kind.list.overdue ? [OVERDUE] : [])].map((value) => ({
            value,
            label: capitalized(value),
          }))}
        />
        {kind.list.dateRange ? (
          <Group gap="xs" wrap="nowrap">
            <TextInput
              type="date"
              label={`${kind.list.dateRange} from`}
              value={from}
              onChange={(event) => {
                setFrom(event.currentTarget.value);
                restart();
              }}
              w={{ base: 'calc(50vw - 24px)', xs: 160 }}
            />
            <TextInput
              type="date"
              label={`${kind.list.dateRange} to`}
              value={to}
              onChange={(event) => {
                setTo(event.currentTarget.value);
                restart();
              }}
              w={{ base: 'calc(50vw - 24px)', xs: 160 }}
            />
          </Group>
        ) : null}
        {party ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setParams(withSortParam(new URLSearchParams(), sort))}
          >
            Every {kind.side.party}
          </Button>
        ) : null}
      </Group>
      <PagedTable
        page={list}
        empty={filtered ? kind.list.empty.filtered : kind.list.empty.none}
        onPage={setCursor}
        newestFirst={!sort}
        rows={rows}
        columns={
          sorts
            ? kind.list.columns.map((column) =>
                column.key && sorts.includes(column.key) ? { ...column, sortable: true } : column,
              )
            : kind.list.columns
        }
        rowKey={(row) => row.id}
        minWidth={kind.list.minWidth}
        hover
        cards
        {...(sorts
          ? {
              sort,
              onSort: (next: SortState | null) => setSort(next),
            }
          : {})}
        {...(footer ? { footer } : {})}
      />
    </Page>
  );
}
