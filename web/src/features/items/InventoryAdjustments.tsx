// Inventory adjustments (D52): every count, opening stock and write-off, newest first, each a link to
// its item. Adjustments are made from an item's page ("Adjust stock"), where its stock is shown.
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { inventoryAdjustmentsQuery } from '../../api/queries/items.ts';
import { formatDate } from '../../ui/dates.ts';
import { Money } from '../../ui/Money.tsx';
import { trimZeros } from '../../ui/money.ts';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useNewestFirst } from '../../ui/useNewestFirst.ts';
import { useBooks } from '../shell/books.tsx';

export default function InventoryAdjustments() {
  const books = useBooks();
  const list = useNewestFirst(inventoryAdjustmentsQuery);
  if (!books) return null;
  return (
    <Page title="Inventory adjustments">
      <Text size="sm" c="dimmed">
        To count, add opening stock or write stock off, open the item and choose “Adjust stock”.
      </Text>
      <PagedTable
        {...list.table}
        empty="No adjustments yet."
        rowKey={(adjustment) => adjustment.id}
        minWidth={680}
        columns={[
          { header: 'Number', nowrap: true, cell: (adjustment) => adjustment.number },
          {
            header: 'Item',
            maw: 240,
            breaks: true,
            cell: (adjustment) => (
              <Anchor component={Link} to={`/items/${adjustment.item}`}>
                {adjustment.item_name}
              </Anchor>
            ),
          },
          { header: 'Date', nowrap: true, cell: (adjustment) => formatDate(adjustment.date) },
          { header: 'Quantity', align: 'right', cell: (adjustment) => trimZeros(adjustment.quantity) },
          {
            header: 'Unit cost',
            align: 'right',
            cell: (adjustment) => <Money amount={adjustment.unit_cost} currency={books.currency} />,
          },
          {
            header: 'Value',
            align: 'right',
            cell: (adjustment) => <Money amount={adjustment.value} currency={books.currency} />,
          },
          { header: 'Memo', breaks: true, cell: (adjustment) => adjustment.memo },
        ]}
      />
    </Page>
  );
}
