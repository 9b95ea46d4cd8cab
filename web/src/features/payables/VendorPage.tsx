// One vendor (D53): what the books owe them (balance, open bills), their open bills, "New bill" and
// "Pay bills" for them, and edit (412 stale_write offers a reload).
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
import { Link, useNavigate, useParams } from 'react-router';
import { api, data } from '../../api/client.ts';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { Page } from '../../ui/Page.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { TERMS } from '../customers/ContactForm.tsx';
import { useBooks } from '../shell/books.tsx';
import { VendorForm } from './VendorForm.tsx';

export default function VendorPage() {
  const { id = '' } = useParams();
  const books = useBooks();
  const navigate = useNavigate();
  const [editing, { open, close }] = useDisclosure(false);
  const vendor = useQuery({
    queryKey: ['vendors', 'one', id],
    queryFn: async () => data(await api.GET('/api/v1/vendors/{id}', { params: { path: { id } } })),
  });
  const bills = useQuery({
    queryKey: ['bills', 'of-vendor', id],
    queryFn: async () =>
      data(await api.GET('/api/v1/bills', { params: { query: { vendor: id, status: 'open' } } })),
  });
  if (!books) return null;
  if (vendor.error) return <ErrorNotice error={vendor.error} />;
  if (!vendor.data) return <Skeleton height={200} />;
  const v = vendor.data;
  const openBills = bills.data?.results ?? [];
  const canWrite = books.can.writeBooks;
  return (
    <Page
      title={v.display_name}
      actions={
        canWrite ? (
          <>
            {v.is_active ? (
              <Button onClick={() => navigate(`/bills/new?vendor=${v.id}`)}>New bill</Button>
            ) : null}
            <Button variant="default" onClick={open}>
              Edit
            </Button>
          </>
        ) : null
      }
    >
      <Group gap="xs">
        <StatusBadge status={v.is_active ? 'active' : 'inactive'} />
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[v.email, v.phone, TERMS.find((t) => t.value === v.payment_terms)?.label]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Balance (what the books owe)
          </Text>
          <Money amount={v.balance} currency={books.currency} strong />
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Open bills
          </Text>
          <Text fw={600}>{v.open_bill_count}</Text>
        </Card>
      </SimpleGrid>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Open bills
          </Title>
          <Anchor component={Link} to={`/bills?vendor=${v.id}`} size="sm">
            Every bill of {v.display_name}
          </Anchor>
        </Group>
        <ErrorNotice error={bills.error} />
        {bills.isSuccess && openBills.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing owed: no open bill from this vendor.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th ta="right">Balance due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {openBills.map((bill) => (
                  <Table.Tr key={bill.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/bills/${bill.id}`}>
                        {bill.number}
                      </Anchor>
                      {bill.vendor_reference ? (
                        <Text size="xs" c="dimmed">
                          ref. {bill.vendor_reference}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {formatDate(bill.due_date)}
                      {bill.days_overdue > 0 ? ` (${bill.days_overdue} days overdue)` : ''}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={bill.balance_due} currency={books.currency} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={editing} onClose={close} title="Edit vendor">
        <VendorForm
          vendor={v}
          key={v.version}
          onSaved={() => {
            close();
            vendor.refetch();
          }}
          onReload={() => {
            close();
            vendor.refetch();
          }}
        />
      </Modal>
    </Page>
  );
}
