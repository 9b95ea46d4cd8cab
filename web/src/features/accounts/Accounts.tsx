// Chart of accounts grouped by type, with posted balances; create, rename, deactivate. Searched by
// number or name (issue 21); each account's name opens its general ledger for this fiscal year.
import {
  Anchor,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, data } from '../../api/client.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import type { Account } from '../../api/queries/accounts.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { MoneyCell } from '../../ui/Money.tsx';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { useBooks } from '../shell/books.tsx';

type AccountType = Account['type'];

export const ACCOUNT_TYPES: { value: AccountType; label: string }[] = [
  { value: 'asset', label: 'Assets' },
  { value: 'liability', label: 'Liabilities' },
  { value: 'equity', label: 'Equity' },
  { value: 'income', label: 'Income' },
  { value: 'expense', label: 'Expenses' },
];

function AccountForm({ account, onDone }: { account?: Account; onDone: () => void }) {
  const invalidate = useInvalidate();
  const form = useForm({
    initialValues: {
      number: account?.number ?? '',
      name: account?.name ?? '',
      type: (account?.type ?? 'expense') as string,
      description: account?.description ?? '',
    },
  });
  const save = useMutation({
    mutationFn: async (values: typeof form.values) =>
      account
        ? data(
            await api.PATCH('/api/v1/accounts/{id}', {
              params: { path: { id: account.id } },
              body: {
                number: values.number,
                name: values.name,
                description: values.description,
                version: account.version,
              },
            }),
          )
        : data(
            await api.POST('/api/v1/accounts', {
              body: {
                number: values.number,
                name: values.name,
                type: values.type as AccountType,
                description: values.description,
              },
            }),
          ),
    onSuccess: (saved) => {
      invalidate('accounts');
      notify({ message: `${saved.number} ${saved.name} saved.`, color: 'teal' });
      onDone();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="sm">
        <ErrorNotice
          error={save.error}
          onReload={() => {
            invalidate('accounts');
            onDone();
          }}
        />
        <TextInput label="Number" required {...form.getInputProps('number')} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        {account ? null : (
          <Select label="Type" data={ACCOUNT_TYPES} allowDeselect={false} {...form.getInputProps('type')} />
        )}
        <TextInput label="Description" {...form.getInputProps('description')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {account ? 'Save' : 'Create account'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function Accounts() {
  const books = useBooks();
  const invalidate = useInvalidate();
  const accounts = useAllAccounts();
  const [showInactive, setShowInactive] = useState(false);
  const [search, setSearch] = useState('');
  const [creating, createDialog] = useDisclosure(false);
  const [editing, setEditing] = useState<Account | null>(null);
  const deactivate = useMutation({
    mutationFn: async (account: Account) =>
      data(
        await api.PATCH('/api/v1/accounts/{id}', {
          params: { path: { id: account.id } },
          body: { is_active: !account.is_active, version: account.version },
        }),
      ),
    onSuccess: (saved) => {
      invalidate('accounts');
      notify({
        message: `${saved.number} ${saved.name} is ${saved.is_active ? 'active again' : 'deactivated'}.`,
      });
    },
  });
  if (!books) return null;
  const canWrite = books.can.writeBooks;
  const words = search.trim().toLowerCase();
  const shown = (accounts.data ?? []).filter(
    (account) =>
      (showInactive || account.is_active) &&
      (words === '' ||
        account.number.toLowerCase().startsWith(words) ||
        account.name.toLowerCase().includes(words)),
  );
  return (
    <Page
      title="Chart of accounts"
      actions={
        canWrite ? (
          <Button size="sm" onClick={createDialog.open}>
            New account
          </Button>
        ) : null
      }
    >
      <Group gap="md" align="end" wrap="wrap">
        <TextInput
          label="Search"
          type="search"
          placeholder="Number or name"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
        <Switch
          label="Show inactive accounts"
          checked={showInactive}
          onChange={(event) => setShowInactive(event.currentTarget.checked)}
          pb={6}
        />
      </Group>
      {accounts.isSuccess && shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No account matches “{search.trim()}”.
        </Text>
      ) : null}
      <ErrorNotice error={accounts.error ?? deactivate.error} />
      {ACCOUNT_TYPES.map(({ value, label }) => {
        const ofType = shown.filter((account) => account.type === value);
        if (ofType.length === 0) return null;
        return (
          <Stack key={value} gap={4}>
            <Title order={2} size="h4">
              {label}
            </Title>
            <Table.ScrollContainer minWidth={420}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={90}>Number</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th ta="right">Balance</Table.Th>
                    {canWrite ? <Table.Th w={190}>Actions</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ofType.map((account) => (
                    <Table.Tr key={account.id}>
                      <Table.Td>{account.number}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'break-word', minWidth: 120 }}>
                        {books.can.readReports ? (
                          <Anchor
                            component={Link}
                            to={`/reports/general-ledger?account=${account.id}&period=this-year`}
                            title={`Open the ledger of ${account.number} ${account.name}`}
                          >
                            {account.name}
                          </Anchor>
                        ) : (
                          account.name
                        )}
                        {account.is_active ? null : (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            (inactive)
                          </Text>
                        )}
                      </Table.Td>
                      <MoneyCell amount={account.balance} currency={books.currency} />
                      {canWrite ? (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Button
                              size="compact-xs"
                              variant="default"
                              onClick={() => setEditing(account)}
                              aria-label={`Rename ${account.number} ${account.name}`}
                            >
                              Rename
                            </Button>
                            {account.is_system ? null : (
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                color={account.is_active ? 'red' : 'teal'}
                                onClick={() => deactivate.mutate(account)}
                                aria-label={`${account.is_active ? 'Deactivate' : 'Reactivate'} ${account.number} ${account.name}`}
                              >
                                {account.is_active ? 'Deactivate' : 'Reactivate'}
                              </Button>
                            )}
                          </Group>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        );
      })}
      <Modal opened={creating} onClose={createDialog.close} title="New account">
        <AccountForm onDone={createDialog.close} />
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Rename account">
        {editing ? <AccountForm account={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </Page>
  );
}
