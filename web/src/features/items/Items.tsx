// Items (D47): what the business sells and buys; inventory items with their stock on hand and value.
// Search, type filter, cursor paging; "New item" in a dialog; a row opens the item page.
import { Anchor, Group, Modal, Select } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { itemsQuery } from '../../api/queries/items.ts';
import { SearchField } from '../../ui/ListFilters.tsx';
import { Money } from '../../ui/Money.tsx';
import { trimZeros } from '../../ui/money.ts';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useListSearch } from '../../ui/useListSearch.ts';
import { useBooks } from '../shell/books.tsx';
import { ITEM_TYPES, type Item, ItemForm } from './ItemForm.tsx';

export default function Items() {
  const books = useBooks();
  const navigate = useNavigate();
  const [creating, dialog] = useDisclosure(false);
  const [type, setType] = useState<string | null>(null);
  const [cursor, setCursor] = useState<string | undefined>();
  const search = useListSearch(() => setCursor(undefined));
  const { debounced } = search;
  const list = useQuery(
    itemsQuery({ search: debounced, type: (type ?? undefined) as Item['type'] | undefined, cursor }),
  );
  if (!books) return null;
  const rows = list.data?.results ?? [];
  return (
    <Page title="Items" create={books.can.writeBooks && { label: 'New item', onClick: dialog.open }}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchField placeholder="Name or SKU" {...search.field} />
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
      <PagedTable
        page={list}
        empty={
          debounced || type
            ? 'No item matches these filters.'
            : 'No items yet. An item fills invoice lines for you; an inventory item also keeps its stock and value.'
        }
        onPage={setCursor}
        rows={rows}
        rowKey={(item) => item.id}
        minWidth={640}
        hover
        columns={[
          {
            header: 'Name',
            breaks: true,
            cell: (item) => (
              <>
                <Anchor component={Link} to={`/items/${item.id}`}>
                  {item.name}
                </Anchor>
                {item.is_active ? null : (
                  <>
                    {' '}
                    <StatusBadge status="inactive" />
                  </>
                )}
              </>
            ),
          },
          { header: 'SKU', cell: (item) => item.sku },
          { header: 'Type', cell: (item) => ITEM_TYPES.find((t) => t.value === item.type)?.label },
          {
            header: 'Sale price',
            align: 'right',
            cell: (item) => <Money amount={item.sale_price} currency={books.currency} />,
          },
          {
            header: 'On hand',
            align: 'right',
            cell: (item) => (item.type === 'inventory' ? trimZeros(item.quantity_on_hand) : ''),
          },
          {
            header: 'Value',
            align: 'right',
            cell: (item) =>
              item.type === 'inventory' && item.inventory_value !== undefined ? (
                <Money amount={item.inventory_value} currency={books.currency} />
              ) : (
                ''
              ),
          },
        ]}
      />
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
