// Every list of documents (invoices, bills, credit notes): a status filter, a search where the kind
// has one, a party's documents (`?customer=` or `?vendor=` from a contact's page or an aging row, with
// `?status=`), newest first (the list's last page,
// then older pages, D31); "New …" opens the draft editor.
import { Button, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SearchField, StatusFilter } from '../../ui/ListFilters.tsx';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { NEWEST, newestFirst } from '../../ui/Pager.tsx';
import { useBooks } from '../shell/books.tsx';
import { capitalized, type DocumentBase, type DocumentKind } from './kind.ts';

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
    return asked && kind.list.statuses.includes(asked) ? asked : 'all';
  });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [cursor, setCursor] = useState(NEWEST);
  const list = useQuery(
    kind.list.query({ status: status === 'all' ? undefined : status, search: debounced, party, cursor }),
  );
  if (!books) return null;
  const rows = newestFirst(list.data?.results ?? []);
  const partyName = party && rows[0] ? kind.list.byParty?.partyName(rows[0]) : undefined;
  const filtered = Boolean(debounced) || status !== 'all' || Boolean(party);
  const partyQuery = party ? `?${kind.side.party}=${party}` : '';
  return (
    <Page
      title={partyName ? (kind.list.byParty?.title(partyName) ?? kind.plural) : kind.plural}
      actions={
        kind.side.canWrite(books) ? (
          <Button size="sm" onClick={() => navigate(`${kind.path}/new${partyQuery}`)}>
            New {kind.noun}
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
              setCursor(NEWEST);
            }}
          />
        ) : null}
        <StatusFilter
          value={status}
          onChange={(value) => {
            setStatus(value);
            setCursor(NEWEST);
          }}
          options={['all', ...kind.list.statuses].map((value) => ({ value, label: capitalized(value) }))}
        />
        {party ? (
          <Button variant="subtle" size="xs" onClick={() => setParams({})}>
            Every {kind.side.party}
          </Button>
        ) : null}
      </Group>
      <PagedTable
        page={list}
        empty={filtered ? kind.list.empty.filtered : kind.list.empty.none}
        onPage={setCursor}
        newestFirst
        rows={rows}
        columns={kind.list.columns}
        rowKey={(row) => row.id}
        minWidth={kind.list.minWidth}
        hover
      />
    </Page>
  );
}
