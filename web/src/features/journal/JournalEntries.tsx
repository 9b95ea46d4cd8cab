// Journal entries: list with status, source and date filters, newest first (the list's last page,
// then older pages); new entry.
import { Anchor, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { paths } from '../../api/client.ts';
import { journalEntriesQuery } from '../../api/queries/journal.ts';
import { DateField } from '../../ui/DateField.tsx';
import { formatDate } from '../../ui/dates.ts';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useNewestFirst } from '../../ui/useNewestFirst.ts';
import { useBooks } from '../shell/books.tsx';

type ListQuery = NonNullable<paths['/api/v1/journal-entries']['get']['parameters']['query']>;

const SOURCES = [
  { value: 'manual', label: 'Manual' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'payment_received', label: 'Payment received' },
  { value: 'invoice_void', label: 'Invoice void' },
  { value: 'reversal', label: 'Reversal' },
];

export default function JournalEntries() {
  const books = useBooks();
  const navigate = useNavigate();
  const [status, setStatus] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query: ListQuery = {
    ...(status ? { status: status as ListQuery['status'] } : {}),
    ...(source ? { source_type: source as ListQuery['source_type'] } : {}),
    ...(from ? { txn_date_from: from } : {}),
    ...(to ? { txn_date_to: to } : {}),
  };
  const list = useNewestFirst((cursor) => journalEntriesQuery({ ...query, cursor }));
  if (!books) return null;
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      list.restart();
    };
  return (
    <Page
      title="Journal entries"
      create={books.can.writeBooks && { label: 'New journal entry', onClick: () => navigate('/journal/new') }}
    >
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={[
            { value: 'draft', label: 'Draft' },
            { value: 'posted', label: 'Posted' },
          ]}
          value={status}
          onChange={filter(setStatus)}
          w={140}
        />
        <Select
          label="Source"
          placeholder="Any"
          clearable
          data={SOURCES}
          value={source}
          onChange={filter(setSource)}
          w={190}
        />
        <DateField label="From" value={from} onChange={filter(setFrom)} w={170} />
        <DateField label="To" value={to} onChange={filter(setTo)} w={170} />
      </Group>
      <PagedTable
        {...list.table}
        empty="No journal entries match. Entries appear here as invoices are sent, payments recorded, or entries made by hand."
        rowKey={(entry) => entry.id}
        minWidth={640}
        hover
        columns={[
          {
            header: 'Number',
            cell: (entry) => (
              <Anchor component={Link} to={`/journal/${entry.id}`}>
                {entry.entry_number ?? 'Draft'}
              </Anchor>
            ),
          },
          { header: 'Date', nowrap: true, cell: (entry) => formatDate(entry.txn_date) },
          { header: 'Memo', maw: 280, breaks: true, cell: (entry) => entry.memo },
          { header: 'Source', cell: (entry) => entry.source_type.replace(/_/g, ' ') },
          {
            header: 'Status',
            cell: (entry) => <StatusBadge status={entry.reversed_by_entry ? 'reversed' : entry.status} />,
          },
          {
            header: 'Amount',
            align: 'right',
            cell: (entry) => <Money amount={entry.total_debit} currency={entry.currency} />,
          },
        ]}
      />
    </Page>
  );
}
