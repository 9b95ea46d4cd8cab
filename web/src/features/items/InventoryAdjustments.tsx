// Inventory adjustments (D52): every count, opening stock and write-off, newest first, each a link to
// its item. Adjustments are made from an item's page ("Adjust stock"), where its stock is shown.
import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { inventoryAdjustmentsQuery } from '../../api/queries/items.ts';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { trimZeros } from '../../ui/money.ts';
import { Page } from '../../ui/Page.tsx';
import { NEWEST, newestFirst, Pager } from '../../ui/Pager.tsx';
import { useBooks } from '../shell/books.tsx';

export default function InventoryAdjustments() {
  const books = useBooks();
  const [cursor, setCursor] = useState<string>(NEWEST);
  const list = useQuery(inventoryAdjustmentsQuery(cursor));
  if (!books) return null;
  const rows = newestFirst(list.data?.results ?? []);
  return (
    <Page title="Inventory adjustments">
      <Text size="sm" c="dimmed">
        To count, add opening stock or write stock off, open the item and choose “Adjust stock”.
      </Text>
      <ErrorNotice error={list.error} />
      {list.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No adjustments yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Unit cost</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
                <Table.Th>Memo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((adjustment) => (
                <Table.Tr key={adjustment.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{adjustment.number}</Table.Td>
                  <Table.Td maw={240} style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/items/${adjustment.item}`}>
                      {adjustment.item_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(adjustment.date)}</Table.Td>
                  <Table.Td ta="right">{trimZeros(adjustment.quantity)}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={adjustment.unit_cost} currency={books.currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={adjustment.value} currency={books.currency} />
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{adjustment.memo}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager
        previous={cursorOf(list.data?.previous)}
        next={cursorOf(list.data?.next)}
        onPage={(page) => setCursor(page ?? NEWEST)}
        newestFirst
      />
    </Page>
  );
}
