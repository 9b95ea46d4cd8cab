// Invoices: status filter, search, newest first (the list's last page, then older pages); new
// invoice opens the draft editor.
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

type Status = NonNullable<NonNullable<paths['/api/v1/invoices']['get']['parameters']['query']>['status']>;

export default function Invoices() {
  const books = useBooks();
  const navigate = useNavigate();
  // AR aging opens a customer's open invoices: ?customer=&status=sent (issue 21's drill-down).
  const [params, setParams] = useSearchParams();
  const customer = params.get('customer');
  const [status, setStatus] = useState(params.get('status') ?? 'all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [cursor, setCursor] = useState<string | undefined>(NEWEST);
  const list = useQuery({
    queryKey: ['invoices', 'list', status, debounced, customer, cursor],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      data(
        await api.GET('/api/v1/invoices', {
          params: {
            query: {
              ...(status === 'all' ? {} : { status: status as Status }),
              ...(debounced ? { search: debounced } : {}),
              ...(customer ? { customer } : {}),
              ...(cursor ? { cursor } : {}),
            },
          },
        }),
      ),
  });
  if (!books) return null;
  const rows = newestFirst(list.data?.results ?? []);
  const customerName = customer ? rows[0]?.customer_name : undefined;
  return (
    <Page
      title={customerName ? `Invoices of ${customerName}` : 'Invoices'}
      actions={
        books.can.writeSales ? (
          <Button size="sm" onClick={() => navigate('/invoices/new')}>
            New invoice
          </Button>
        ) : null
      }
    >
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Number or customer"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setCursor(NEWEST);
          }}
          w={{ base: '100%', xs: 240 }}
        />
        <div>
          <Text size="sm" fw={500} id="invoice-status-label" mb={2}>
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="invoice-status-label"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setCursor(NEWEST);
            }}
            data={['all', 'draft', 'sent', 'paid', 'void'].map((value) => ({
              value,
              label: value.charAt(0).toUpperCase() + value.slice(1),
            }))}
          />
        </div>
        {customer ? (
          <Button variant="subtle" size="xs" onClick={() => setParams({})}>
            Every customer
          </Button>
        ) : null}
      </Group>
      <ErrorNotice error={list.error} />
      {list.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {debounced || status !== 'all' || customer
            ? 'No invoice matches these filters.'
            : 'No invoices yet.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Balance due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/invoices/${invoice.id}`}>
                      {invoice.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td maw={240} style={{ overflowWrap: 'anywhere' }}>
                    {invoice.customer_name}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.issue_date)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(invoice.due_date)}
                    {invoice.days_overdue > 0 ? (
                      <Text span c="red.9" size="xs">
                        {' '}
                        {invoice.days_overdue}d overdue
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={invoice.status} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={invoice.total} currency={invoice.currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={invoice.balance_due} currency={invoice.currency} />
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
