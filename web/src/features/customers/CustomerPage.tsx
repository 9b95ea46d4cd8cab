// One customer: balance, unapplied credit, open invoices, statement (D92); edit (412 stale_write
// offers a reload).
import {
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api, data } from '../../api/client.ts';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useBooks } from '../shell/books.tsx';
import { CustomerForm, TERMS } from './CustomerForm.tsx';
import { CustomerStatement } from './CustomerStatement.tsx';

export default function CustomerPage() {
  const { id = '' } = useParams();
  const books = useBooks();
  const [editing, { open, close }] = useDisclosure(false);
  const customer = useQuery({
    queryKey: ['customers', 'one', id],
    queryFn: async () => data(await api.GET('/api/v1/customers/{id}', { params: { path: { id } } })),
  });
  const invoices = useQuery({
    queryKey: ['invoices', 'of-customer', id],
    queryFn: async () =>
      data(await api.GET('/api/v1/invoices', { params: { query: { customer: id, status: 'sent' } } })),
  });
  if (!books) return null;
  if (customer.error) return <ErrorNotice error={customer.error} />;
  if (!customer.data) return <Skeleton height={200} />;
  const c = customer.data;
  return (
    <Page
      title={c.display_name}
      actions={
        books.can.writeSales ? (
          <Button variant="default" size="sm" onClick={open}>
            Edit
          </Button>
        ) : null
      }
    >
      <Group gap="xs">
        <StatusBadge status={c.is_active ? 'active' : 'inactive'} />
        <Text size="sm" c="dimmed">
          {[c.email, c.phone, TERMS.find((t) => t.value === c.payment_terms)?.label]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Balance
          </Text>
          <Money amount={c.balance} currency={books.currency} strong />
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Open invoices
          </Text>
          <Text fw={600}>{c.open_invoice_count}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Unapplied credit
          </Text>
          {invoices.data ? (
            <Money amount={c.unapplied_credit} currency={books.currency} strong />
          ) : (
            <Skeleton height={20} />
          )}
        </Card>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Open invoices
        </Title>
        <ErrorNotice error={invoices.error} />
        {invoices.data?.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing open: every sent invoice of this customer is paid.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th ta="right">Balance due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(invoices.data?.results ?? []).map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/invoices/${invoice.id}`}>
                        {invoice.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {formatDate(invoice.due_date)}
                      {invoice.days_overdue > 0 ? ` (${invoice.days_overdue} days overdue)` : ''}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={invoice.balance_due} currency={books.currency} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <CustomerStatement books={books} customer={c.id} />
      <Modal opened={editing} onClose={close} title="Edit customer">
        <CustomerForm
          customer={c}
          onSaved={() => {
            close();
            customer.refetch();
          }}
          onReload={() => {
            close();
            customer.refetch();
          }}
        />
      </Modal>
    </Page>
  );
}
