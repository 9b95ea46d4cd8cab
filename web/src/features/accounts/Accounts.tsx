// Chart of accounts grouped by type, with posted balances; create, rename, deactivate. Searched by
// number or name (issue 21); each account's name opens its general ledger for this fiscal year.
import { Anchor, Group, Modal, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, data } from '../../api/client.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import type { Account } from '../../api/queries/accounts.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { MutationForm } from '../../ui/MutationForm.tsx';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { RowAction, RowActions } from '../../ui/RowAction.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
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
  const save = useFormMutation(form, {
    save: async (values) =>
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
    written: 'accounts',
    notice: (saved) => `${saved.number} ${saved.name} saved.`,
    onSaved: onDone,
  });
  return (
    <MutationForm
      form={form}
      mutation={save}
      submit={account ? 'Save' : 'Create account'}
      onReload={() => {
        invalidate('accounts');
        onDone();
      }}
    >
      <TextInput label="Number" required {...form.getInputProps('number')} />
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      {account ? null : (
        <Select label="Type" data={ACCOUNT_TYPES} allowDeselect={false} {...form.getInputProps('type')} />
      )}
      <TextInput label="Description" {...form.getInputProps('description')} />
    </MutationForm>
  );
}

/** The account's name, opening its ledger for this fiscal year where the role reads reports. */
function AccountName({ account, linked }: { account: Account; linked: boolean }) {
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {linked ? (
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
    </span>
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
    <Page title="Chart of accounts" create={canWrite && { label: 'New account', onClick: createDialog.open }}>
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
            <DataTable
              rows={ofType}
              rowKey={(account) => account.id}
              minWidth={420}
              hover
              columns={[
                { header: 'Number', w: 90, cell: (account) => account.number },
                {
                  header: 'Name',
                  cell: (account) => <AccountName account={account} linked={books.can.readReports} />,
                },
                {
                  header: 'Balance',
                  align: 'right',
                  cell: (account) => <Money amount={account.balance} currency={books.currency} />,
                },
                canWrite && {
                  header: 'Actions',
                  w: 190,
                  cell: (account: Account) => (
                    <RowActions>
                      <RowAction
                        label="Rename"
                        name={`Rename ${account.number} ${account.name}`}
                        onClick={() => setEditing(account)}
                      />
                      {account.is_system ? null : (
                        <RowAction
                          label={account.is_active ? 'Deactivate' : 'Reactivate'}
                          name={`${account.is_active ? 'Deactivate' : 'Reactivate'} ${account.number} ${account.name}`}
                          tone={account.is_active ? 'danger' : 'restore'}
                          onClick={() => deactivate.mutate(account)}
                        />
                      )}
                    </RowActions>
                  ),
                },
              ]}
            />
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
