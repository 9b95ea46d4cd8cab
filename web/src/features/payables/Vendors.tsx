// Vendors (D53): search, active filter, cursor paging; create and edit in a dialog; each row shows
// what is owed on the vendor's open bills, and its name opens the vendor's page.
import { Anchor, Button, Group, Modal, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, data } from '../../api/client.ts';
import type { components } from '../../api/schema';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useBooks } from '../shell/books.tsx';
import { VendorForm } from './VendorForm.tsx';

type Vendor = components['schemas']['Vendor'];

export default function Vendors() {
  const books = useBooks();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [active, setActive] = useState('active');
  const [cursor, setCursor] = useState<string | undefined>();
  // undefined: no dialog; null: a new vendor; a vendor: editing it.
  const [editing, setEditing] = useState<Vendor | null | undefined>(undefined);
  const list = useQuery({
    queryKey: ['vendors', 'list', debounced, active, cursor],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      data(
        await api.GET('/api/v1/vendors', {
          params: {
            query: {
              ...(debounced ? { search: debounced } : {}),
              ...(active === 'all' ? {} : { is_active: active === 'active' }),
              ...(cursor ? { cursor } : {}),
            },
          },
        }),
      ),
  });
  const deactivate = useMutation({
    mutationFn: async (vendor: Vendor) =>
      data(
        await api.POST('/api/v1/vendors/{id}/deactivate', {
          params: { path: { id: vendor.id } },
          body: { version: vendor.version },
        }),
      ),
    onSuccess: (vendor) => {
      queryClient.invalidateQueries({ queryKey: ['vendors'] });
      notify({ message: `${vendor.display_name} deactivated: no new bills for them.` });
    },
  });
  if (!books) return null;
  const canWrite = books.can.writeBooks;
  const rows = list.data?.results ?? [];
  return (
    <Page
      title="Vendors"
      actions={
        canWrite ? (
          <Button onClick={() => setEditing(null)} size="sm">
            New vendor
          </Button>
        ) : null
      }
    >
      <Group gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or email"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setCursor(undefined);
          }}
          w={{ base: '100%', xs: 260 }}
        />
        <div>
          <Text size="sm" fw={500} id="vendor-status-label" mb={2}>
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="vendor-status-label"
            value={active}
            onChange={(value) => {
              setActive(value);
              setCursor(undefined);
            }}
            data={[
              { label: 'Active', value: 'active' },
              { label: 'Inactive', value: 'inactive' },
              { label: 'All', value: 'all' },
            ]}
          />
        </div>
      </Group>
      <ErrorNotice error={list.error ?? deactivate.error} />
      {list.isSuccess && rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {debounced
            ? `No vendor matches “${debounced}”.`
            : 'No vendors yet. Create one to enter their bills.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Display name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Open bills</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
                {canWrite ? <Table.Th>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((vendor) => (
                <Table.Tr key={vendor.id}>
                  <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/vendors/${vendor.id}`}>
                      {vendor.display_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{vendor.email ?? ''}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={vendor.is_active ? 'active' : 'inactive'} />
                  </Table.Td>
                  <Table.Td ta="right">{vendor.open_bill_count}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={vendor.balance} currency={books.currency} />
                  </Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => setEditing(vendor)}
                          aria-label={`Edit ${vendor.display_name}`}
                        >
                          Edit
                        </Button>
                        {vendor.is_active ? (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => deactivate.mutate(vendor)}
                            aria-label={`Deactivate ${vendor.display_name}`}
                          >
                            Deactivate
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager previous={cursorOf(list.data?.previous)} next={cursorOf(list.data?.next)} onPage={setCursor} />
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Edit ${editing.display_name}` : 'New vendor'}
      >
        {editing !== undefined ? (
          <VendorForm
            vendor={editing ?? undefined}
            key={editing?.version ?? 'new'}
            onSaved={(vendor) => {
              setEditing(undefined);
              notify({ color: 'teal', message: `${vendor.display_name} saved.` });
            }}
            onReload={() => {
              setEditing(undefined);
              queryClient.invalidateQueries({ queryKey: ['vendors'] });
            }}
          />
        ) : null}
      </Modal>
    </Page>
  );
}
