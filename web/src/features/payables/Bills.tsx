// Bills (D54): status filter, search, a vendor's bills (from the vendors list), newest first; "New
// bill" opens the draft editor.
import { Anchor, Button, Group, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, data, type paths } from '../../api/client.ts';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { NEWEST, newestFirst, Pager } from '../../ui/Pager.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useBooks } from '../shell/books.tsx';

type Status = NonNullable<NonNullable<paths['/api/v1/bills']['get']['parameters']['query']>['status']>;

export default function Bills() {
  const books = useBooks();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const vendor = params.get('vendor');
  // AP aging opens a vendor's open bills: ?vendor=&status=open (issue 21's drill-down).
  const [status, setStatus] = useState(params.get('status') ?? 'all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [cursor, setCursor] = useState<string>(NEWEST);
  const list = useQuery({
    queryKey: ['bills', 'list', status, debounced, vendor, cursor],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      data(
        await api.GET('/api/v1/bills', {
          params: {
            query: {
              ...(status === 'all' ? {} : { status: status as Status }),
              ...(debounced ? { search: debounced } : {}),
              ...(vendor ? { vendor } : {}),
              cursor,
            },
          },
        }),
      ),
  });
  if (!books) return null;
  const rows = newestFirst(list.data?.results ?? []);
  const vendorName = vendor ? rows[0]?.vendor_name : undefined;
  return (
    <Page
      title={vendorName ? `Bills from ${vendorName}` : 'Bills'}
      actions={
        books.can.writeBooks ? (
          <Button size="sm" onClick={() => navigate(vendor ? `/bills/new?vendor=${vendor}` : '/bills/new')}>
            New bill
          </Button>
        ) : null
      }
    >
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Number, reference or vendor"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setCursor(NEWEST);
          }}
          w={{ base: '100%', xs: 260 }}
        />
        <div>
          <Text size="sm" fw={500} id="bill-status-label" mb={2}>
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="bill-status-label"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setCursor(NEWEST);
            }}
            data={['all', 'draft', 'open', 'paid', 'void'].map((value) => ({
              value,
              label: value.charAt(0).toUpperCase() + value.slice(1),
            }))}
          />
        </div>
        {vendor ? (
          <Button variant="subtle" size="xs" onClick={() => setParams({})}>
            Every vendor
          </Button>
        ) : null}
      </Group>
      <ErrorNotice error={list.error} />
      {list.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {debounced || status !== 'all' || vendor
            ? 'No bill matches these filters.'
            : 'No bills yet. Enter the bills your vendors send you to know what you owe.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Vendor</Table.Th>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Bill date</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Balance due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((bill) => (
                <Table.Tr key={bill.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={`/bills/${bill.id}`}>
                      {bill.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td maw={240} style={{ overflowWrap: 'anywhere' }}>
                    {bill.vendor_name}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{bill.vendor_reference}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(bill.bill_date)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(bill.due_date)}
                    {bill.days_overdue > 0 ? (
                      <Text span c="red.9" size="xs">
                        {' '}
                        {bill.days_overdue}d overdue
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={bill.status} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={bill.total} currency={bill.currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={bill.balance_due} currency={bill.currency} />
                  </Table.Td>
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
