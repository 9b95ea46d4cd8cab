// Every list of contacts (customers, vendors): search, an active filter, cursor paging (creation
// order, D31, or by name from the header, issue 21, the order kept in the address: `?sort=name`);
// "New …" in a dialog; the kind may edit and deactivate from the rows.
import { Anchor, Button, Group, Modal } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ContactSort } from '../../api/queries/contacts.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { SearchField, StatusFilter } from '../../ui/ListFilters.tsx';
import { Money } from '../../ui/Money.tsx';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { RowAction, RowActions } from '../../ui/RowAction.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { sortParam } from '../../ui/sorting.ts';
import { useListOrder } from '../../ui/useListOrder.ts';
import { useListSearch } from '../../ui/useListSearch.ts';
import { useBooks } from '../shell/books.tsx';
import type { ContactBase, ContactKind } from './kind.ts';

const ACTIVE = [
  { label: 'Active', value: 'active' },
  { label: 'Inactive', value: 'inactive' },
  { label: 'All', value: 'all' },
];

/** The keys the API sorts contacts by (`?sort=name`): the display name's column. */
const SORTS = ['name'];

export function ContactList<Contact extends ContactBase>({ kind }: { kind: ContactKind<Contact> }) {
  const books = useBooks();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [active, setActive] = useState('active');
  // A list starts at its first page in either order.
  const { sort, setSort, cursor, setCursor, restart } = useListOrder<string | undefined>(
    SORTS,
    () => undefined,
  );
  const search = useListSearch(restart);
  const { debounced } = search;
  // undefined: no dialog; null: a new contact; a contact: editing it.
  const [editing, setEditing] = useState<Contact | null | undefined>(undefined);
  const list = useQuery(
    kind.list.query({
      search: debounced,
      ...(active === 'all' ? {} : { is_active: active === 'active' }),
      ...(cursor ? { cursor } : {}),
      ...(sort ? { sort: sortParam(sort) as ContactSort } : {}),
    }),
  );
  const { rowActions } = kind.list;
  const deactivate = useMutation({
    mutationFn: (contact: Contact) =>
      rowActions ? rowActions.deactivate(contact) : Promise.resolve(contact),
    onSuccess: (contact) => {
      invalidate(kind.written);
      if (rowActions) notify({ message: rowActions.deactivated(contact) });
    },
  });
  if (!books) return null;
  const { party } = kind.side;
  const canWrite = kind.side.canWrite(books);
  const rows = list.data?.results ?? [];
  return (
    <Page
      title={kind.plural}
      actions={
        canWrite ? (
          <Button onClick={() => setEditing(null)} size="sm">
            New {party}
          </Button>
        ) : null
      }
    >
      <Group gap="sm" wrap="wrap">
        <SearchField placeholder="Name or email" {...search.field} />
        <StatusFilter
          value={active}
          onChange={(value) => {
            setActive(value);
            restart();
          }}
          options={ACTIVE}
        />
      </Group>
      <PagedTable
        page={list}
        error={deactivate.error}
        empty={debounced ? `No ${party} matches “${debounced}”.` : kind.list.none}
        onPage={setCursor}
        rows={rows}
        rowKey={(contact) => contact.id}
        minWidth={kind.list.minWidth}
        hover
        cards
        sort={sort}
        onSort={setSort}
        ownOrder="Oldest first"
        columns={[
          {
            header: 'Display name',
            key: 'name',
            sortable: true,
            maw: 260,
            breaks: true,
            cell: (contact) => (
              <Anchor component={Link} to={`${kind.side.partiesPath}/${contact.id}`}>
                {contact.display_name}
              </Anchor>
            ),
          },
          { header: 'Email', breaks: true, cell: (contact) => contact.email ?? '' },
          {
            header: 'Status',
            card: 'badge',
            cell: (contact) => <StatusBadge status={contact.is_active ? 'active' : 'inactive'} />,
          },
          { header: kind.list.openCount.header, align: 'right', cell: kind.list.openCount.count },
          {
            header: 'Balance',
            align: 'right',
            cell: (contact) => <Money amount={contact.balance} currency={books.currency} />,
          },
          canWrite &&
            rowActions && {
              header: 'Actions',
              cell: (contact: Contact) => (
                <RowActions>
                  <RowAction
                    label="Edit"
                    name={`Edit ${contact.display_name}`}
                    onClick={() => setEditing(contact)}
                  />
                  {contact.is_active ? (
                    <RowAction
                      label="Deactivate"
                      name={`Deactivate ${contact.display_name}`}
                      tone="danger"
                      onClick={() => deactivate.mutate(contact)}
                    />
                  ) : null}
                </RowActions>
              ),
            },
        ]}
      />
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Edit ${editing.display_name}` : `New ${party}`}
      >
        {editing !== undefined ? (
          <kind.Form
            contact={editing ?? undefined}
            key={editing?.version ?? 'new'}
            onSaved={(contact) => {
              setEditing(undefined);
              if (!editing && kind.list.afterCreate === 'open')
                navigate(`${kind.side.partiesPath}/${contact.id}`);
              else notify({ color: 'teal', message: `${contact.display_name} saved.` });
            }}
            onReload={() => {
              setEditing(undefined);
              invalidate(kind.written);
            }}
          />
        ) : null}
      </Modal>
    </Page>
  );
}
