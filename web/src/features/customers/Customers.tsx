// Customers: search, active filter, cursor paging; create in a dialog; a row opens the customer page.
import { Anchor, Button, Group, Modal, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, data } from '../../api/client.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useBooks } from '../shell/books.tsx';
import { CustomerForm } from './CustomerForm.tsx';

export default function Customers() {
  const books = useBooks();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [active, setActive] = useState('active');
  const [cursor, setCursor] = useState<string | undefined>();
  const [creating, { open, close }] = useDisclosure(false);
  const list = useQuery({
    queryKey: ['customers', 'list', debounced, active, cursor],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      data(
        await api.GET('/api/v1/customers', {
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
  if (!books) return null;
  const rows = list.data?.results ?? [];
  return (
    <Page
      title="Customers"
      actions={
        books.can.writeSales ? (
          <Button onClick={open} size="sm">
            New customer
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
          <Text size="sm" fw={500} id="customer-status-label" mb={2}>
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="customer-status-label"
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
      <ErrorNotice error={list.error} />
      {list.isSuccess && rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {debounced
            ? `No customer matches “${debounced}”.`
            : 'No customers yet. Create one to send them invoices.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Display name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Open invoices</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((customer) => (
                <Table.Tr key={customer.id}>
                  <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/customers/${customer.id}`}>
                      {customer.display_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{customer.email ?? ''}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={customer.is_active ? 'active' : 'inactive'} />
                  </Table.Td>
                  <Table.Td ta="right">{customer.open_invoice_count}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={customer.balance} currency={books.currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager previous={cursorOf(list.data?.previous)} next={cursorOf(list.data?.next)} onPage={setCursor} />
      <Modal opened={creating} onClose={close} title="New customer">
        <CustomerForm
          onSaved={(customer) => {
            close();
            navigate(`/customers/${customer.id}`);
          }}
        />
      </Modal>
    </Page>
  );
}
