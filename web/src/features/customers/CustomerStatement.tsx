// D92: a customer's statement on their page: outstanding (open invoices and unapplied credit as of a
// date) or activity (a running balance over a period); shown from the API's JSON, downloaded as the
// API's own PDF, emailed through the outbox.
import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { api, data } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { firstOfMonth, formatDate, today } from '../../ui/dates.ts';
import { downloadBlob } from '../../ui/download.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { Section } from '../../ui/Page.tsx';
import { attachmentName, DateInput } from '../reports/ReportTable.tsx';
import type { Books } from '../shell/books.tsx';

type StatementType = 'outstanding' | 'activity';
/** A line of the outstanding statement; the last (`total`) is the balance. */
type OutstandingRow = { key: string; document: string; date: string; open: string; total?: boolean };
/** A line of the activity statement, between its opening and its closing (`total`) balance. */
type ActivityRow = {
  key: string;
  date: string | null;
  description: string;
  amount?: string;
  balance: string;
  total?: boolean;
};

export function CustomerStatement({ books, customer }: { books: Books; customer: string }) {
  const [type, setType] = useState<StatementType>('outstanding');
  const [from, setFrom] = useState(firstOfMonth(today()));
  const [to, setTo] = useState(today());
  const query = type === 'activity' ? { type, from, to } : { type, to };
  const statement = useQuery({
    queryKey: ['customers', 'statement', customer, query],
    enabled: books.can.readReports,
    queryFn: async () =>
      data(
        await api.GET('/api/v1/customers/{id}/statement', {
          params: { path: { id: customer }, query },
        }),
      ),
  });
  const pdf = useMutation({
    mutationFn: async () => {
      const result = await api.GET('/api/v1/customers/{id}/statement', {
        params: { path: { id: customer }, query: { ...query, format: 'pdf' } },
        parseAs: 'blob',
      });
      if (!(result.data instanceof Blob)) throw new ApiError(result.response.status, null);
      downloadBlob(attachmentName(result.response, 'statement.pdf'), result.data);
    },
  });
  const email = useMutation({
    mutationFn: async () =>
      data(
        await api.POST('/api/v1/customers/{id}/statement/email', {
          params: { path: { id: customer } },
          body: query,
        }),
      ),
    onSuccess: (sent) =>
      notifications.show({
        color: 'teal',
        message:
          sent.status === 'recorded'
            ? `Statement recorded for ${sent.recipient} (sandbox books never send).`
            : `Statement queued for ${sent.recipient}.`,
      }),
  });
  const c = books.currency;
  const s = statement.data;
  return (
    <Section title="Statement">
      <Group gap="sm" align="end">
        <SegmentedControl
          value={type}
          onChange={(value) => setType(value as StatementType)}
          data={[
            { value: 'outstanding', label: 'Outstanding' },
            { value: 'activity', label: 'Activity' },
          ]}
        />
        {type === 'activity' ? <DateInput label="From" value={from} onChange={setFrom} /> : null}
        <DateInput label={type === 'activity' ? 'To' : 'As of'} value={to} onChange={setTo} />
      </Group>
      <Group gap="xs">
        {books.can.readReports ? (
          <Button size="xs" variant="default" onClick={() => pdf.mutate()} loading={pdf.isPending}>
            Download PDF
          </Button>
        ) : null}
        {books.can.writeSales ? (
          <Button size="xs" variant="default" onClick={() => email.mutate()} loading={email.isPending}>
            Email statement
          </Button>
        ) : null}
      </Group>
      <ErrorNotice error={statement.error ?? pdf.error ?? email.error} />
      {s?.outstanding ? (
        <DataTable<OutstandingRow>
          rows={[
            ...s.outstanding.invoices.map((invoice) => ({
              key: invoice.invoice,
              document: invoice.number,
              date: `due ${formatDate(invoice.due_date)}${invoice.days_overdue > 0 ? ` (${invoice.days_overdue} days overdue)` : ''}`,
              open: invoice.open,
            })),
            ...s.outstanding.credits.map((credit) => ({
              key: credit.document,
              document: `${credit.kind === 'payment' ? 'Payment' : 'Credit note'} ${credit.number}`,
              date: formatDate(credit.date),
              open: `-${credit.unapplied}`,
            })),
            {
              key: 'balance',
              document: `Balance as of ${formatDate(s.to)}`,
              date: '',
              open: s.balance,
              total: true,
            },
          ]}
          rowKey={(row) => row.key}
          minWidth={360}
          striped={false}
          columns={[
            { header: 'Document', cell: (row) => <Strong when={row.total}>{row.document}</Strong> },
            { header: 'Date', cell: (row) => row.date },
            {
              header: 'Open',
              align: 'right',
              cell: (row) => <Money amount={row.open} currency={c} strong={row.total} />,
            },
          ]}
        />
      ) : null}
      {s?.activity ? (
        <DataTable<ActivityRow>
          rows={[
            {
              key: 'opening',
              date: s.from,
              description: 'Opening balance',
              balance: s.activity.opening_balance,
            },
            ...s.activity.lines.map((line) => ({
              key: `${line.entry_number}`,
              date: line.date,
              description: line.description,
              amount: line.amount,
              balance: line.balance,
            })),
            {
              key: 'closing',
              date: s.to,
              description: 'Closing balance',
              balance: s.activity.closing_balance,
              total: true,
            },
          ]}
          rowKey={(row) => row.key}
          minWidth={360}
          striped={false}
          columns={[
            { header: 'Date', cell: (row) => <Strong when={row.total}>{formatDate(row.date)}</Strong> },
            { header: 'Description', cell: (row) => <Strong when={row.total}>{row.description}</Strong> },
            {
              header: 'Amount',
              align: 'right',
              cell: (row) => (row.amount === undefined ? null : <Money amount={row.amount} currency={c} />),
            },
            {
              header: 'Balance',
              align: 'right',
              cell: (row) => <Money amount={row.balance} currency={c} strong={row.total} />,
            },
          ]}
        />
      ) : null}
      {!books.can.readReports ? (
        <Text size="sm" c="dimmed">
          Your role emails statements; reading them takes a bookkeeper's role.
        </Text>
      ) : null}
    </Section>
  );
}

/** A statement's closing line (its balance) stands out. */
function Strong({ when, children }: { when: boolean | undefined; children: ReactNode }) {
  return when ? <b>{children}</b> : children;
}
