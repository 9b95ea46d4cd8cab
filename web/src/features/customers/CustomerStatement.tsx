// D92: a customer's statement on their page: outstanding (open invoices and unapplied credit as of a
// date) or activity (a running balance over a period); shown from the API's JSON, downloaded as the
// API's own PDF, emailed through the outbox.
import { Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { firstOfMonth, formatDate, today } from '../../ui/dates.ts';
import { downloadBlob } from '../../ui/download.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { MoneyCell } from '../../ui/Money.tsx';
import { attachmentName, DateInput } from '../reports/ReportTable.tsx';
import type { Books } from '../shell/books.tsx';

type StatementType = 'outstanding' | 'activity';

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
    <Stack gap="xs">
      <Title order={2} size="h4">
        Statement
      </Title>
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
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Document</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Open</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.outstanding.invoices.map((invoice) => (
                <Table.Tr key={invoice.invoice}>
                  <Table.Td>{invoice.number}</Table.Td>
                  <Table.Td>
                    due {formatDate(invoice.due_date)}
                    {invoice.days_overdue > 0 ? ` (${invoice.days_overdue} days overdue)` : ''}
                  </Table.Td>
                  <MoneyCell amount={invoice.open} currency={c} />
                </Table.Tr>
              ))}
              {s.outstanding.credits.map((credit) => (
                <Table.Tr key={credit.document}>
                  <Table.Td>
                    {credit.kind === 'payment' ? 'Payment' : 'Credit note'} {credit.number}
                  </Table.Td>
                  <Table.Td>{formatDate(credit.date)}</Table.Td>
                  <MoneyCell amount={`-${credit.unapplied}`} currency={c} />
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td colSpan={2}>Balance as of {formatDate(s.to)}</Table.Td>
                <MoneyCell amount={s.balance} currency={c} />
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {s?.activity ? (
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{formatDate(s.from)}</Table.Td>
                <Table.Td>Opening balance</Table.Td>
                <Table.Td />
                <MoneyCell amount={s.activity.opening_balance} currency={c} />
              </Table.Tr>
              {s.activity.lines.map((line) => (
                <Table.Tr key={`${line.entry_number}`}>
                  <Table.Td>{formatDate(line.date)}</Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <MoneyCell amount={line.amount} currency={c} />
                  <MoneyCell amount={line.balance} currency={c} />
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td>{formatDate(s.to)}</Table.Td>
                <Table.Td>Closing balance</Table.Td>
                <Table.Td />
                <MoneyCell amount={s.activity.closing_balance} currency={c} />
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {!books.can.readReports ? (
        <Text size="sm" c="dimmed">
          Your role emails statements; reading them takes a bookkeeper's role.
        </Text>
      ) : null}
    </Stack>
  );
}
