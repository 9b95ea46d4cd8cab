// Credit notes (D60): a customer's credit for goods returned or a price taken back, priced like an
// invoice. List with status filter, newest first (the list's last page, then older pages).
import { Anchor, Button, SegmentedControl, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, data, type paths } from '../../api/client.ts';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { NEWEST, newestFirst, Pager } from '../../ui/Pager.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useBooks } from '../shell/books.tsx';

type Status = NonNullable<NonNullable<paths['/api/v1/credit-notes']['get']['parameters']['query']>['status']>;
const STATUSES = ['all', 'draft', 'issued', 'void'] as const;

export default function CreditNotes() {
  const books = useBooks();
  const navigate = useNavigate();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const [cursor, setCursor] = useState<string>(NEWEST);
  const list = useQuery({
    queryKey: ['credit-notes', 'list', status, cursor],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      data(
        await api.GET('/api/v1/credit-notes', {
          params: { query: { cursor, ...(status === 'all' ? {} : { status: status as Status }) } },
        }),
      ),
  });
  if (!books) return null;
  const rows = newestFirst(list.data?.results ?? []);
  return (
    <Page
      title="Credit notes"
      actions={
        books.can.writeSales ? (
          <Button size="sm" onClick={() => navigate('/credit-notes/new')}>
            New credit note
          </Button>
        ) : null
      }
    >
      <div>
        <Text size="sm" fw={500} id="credit-note-status-label" mb={2}>
          Status
        </Text>
        <SegmentedControl
          aria-labelledby="credit-note-status-label"
          value={status}
          onChange={(value) => {
            setStatus(value as (typeof STATUSES)[number]);
            setCursor(NEWEST);
          }}
          data={STATUSES.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }))}
        />
      </div>
      <ErrorNotice error={list.error} />
      {list.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {status === 'all'
            ? 'No credit notes yet. A credit note gives a customer credit (a return, a discount after the fact) and applies to their open invoices.'
            : 'No credit note has this status.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Remaining credit</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((note) => (
                <Table.Tr key={note.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={`/credit-notes/${note.id}`}>
                      {note.number ?? 'Draft'}
                    </Anchor>
                  </Table.Td>
                  <Table.Td maw={240} style={{ overflowWrap: 'anywhere' }}>
                    {note.customer_name}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(note.issue_date)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={note.status} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={note.total} currency={note.currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={note.remaining_credit} currency={note.currency} />
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
