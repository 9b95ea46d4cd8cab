// Items (D47): what the business sells and buys; inventory items with their stock on hand and value.
// Search, type filter, cursor paging; "New item" in a dialog; a row opens the item page.
import { Anchor, Button, Group, Modal, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { itemsQuery } from '../../api/queries/items.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { trimZeros } from '../../ui/money.ts';
import { Page } from '../../ui/Page.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useBooks } from '../shell/books.tsx';
import { ITEM_TYPES, type Item, ItemForm } from './ItemForm.tsx';

export default function Items() {
  const books = useBooks();
  const navigate = useNavigate();
  const [creating, dialog] = useDisclosure(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [type, setType] = useState<string | null>(null);
  const [cursor, setCursor] = useState<string | undefined>();
  const list = useQuery(
    itemsQuery({ search: debounced, type: (type ?? undefined) as Item['type'] | undefined, cursor }),
  );
  if (!books) return null;
  const rows = list.data?.results ?? [];
  return (
    <Page
      title="Items"
      actions={
        books.can.writeBooks ? (
          <Button size="sm" onClick={dialog.open}>
            New item
          </Button>
        ) : null
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or SKU"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setCursor(undefined);
          }}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label="Type"
          placeholder="Every type"
          clearable
          data={ITEM_TYPES}
          value={type}
          onChange={(value) => {
            setType(value);
            setCursor(undefined);
          }}
          w={{ base: '100%', xs: 240 }}
        />
      </Group>
      <ErrorNotice error={list.error} />
      {list.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {debounced || type
            ? 'No item matches these filters.'
            : 'No items yet. An item fills invoice lines for you; an inventory item also keeps its stock and value.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Sale price</Table.Th>
                <Table.Th ta="right">On hand</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/items/${item.id}`}>
                      {item.name}
                    </Anchor>
                    {item.is_active ? null : (
                      <>
                        {' '}
                        <StatusBadge status="inactive" />
                      </>
                    )}
                  </Table.Td>
                  <Table.Td>{item.sku}</Table.Td>
                  <Table.Td>{ITEM_TYPES.find((t) => t.value === item.type)?.label}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={item.sale_price} currency={books.currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {item.type === 'inventory' ? trimZeros(item.quantity_on_hand) : ''}
                  </Table.Td>
                  <Table.Td ta="right">
                    {item.type === 'inventory' && item.inventory_value !== undefined ? (
                      <Money amount={item.inventory_value} currency={books.currency} />
                    ) : (
                      ''
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager previous={cursorOf(list.data?.previous)} next={cursorOf(list.data?.next)} onPage={setCursor} />
      <Modal opened={creating} onClose={dialog.close} title="New item" size="lg">
        <ItemForm
          onSaved={(item) => {
            dialog.close();
            navigate(`/items/${item.id}`);
          }}
        />
      </Modal>
    </Page>
  );
}
