// More, API keys (D43): "Create a key" (name, role up to accountant, expiry up to a year, live or
// sandbox books); the value is shown once with a copy button; list, rotate, revoke.
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data, type RequestOf, type ResponseOf } from '../../api/client.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { apiKeysQuery } from '../../api/queries/settings.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyField } from '../../ui/CopyField.tsx';
import { formatDate, today } from '../../ui/dates.ts';
import { MutationForm } from '../../ui/MutationForm.tsx';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { RowAction, RowActions } from '../../ui/RowAction.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import { usePicked } from '../../ui/usePicked.ts';
import { type Books, useBooks } from '../shell/books.tsx';

type ApiKey = ResponseOf<'/api/v1/api-keys', 'post', 201>;
type KeyRow = ResponseOf<'/api/v1/api-keys', 'get', 200>['results'][number];
type KeyRole = RequestOf<'/api/v1/api-keys', 'post'>['role'];

const ROLES = [
  { value: 'accountant', label: 'Accountant: every bookkeeping read and write' },
  { value: 'sales', label: 'Sales: customers, invoices, payments' },
  { value: 'viewer', label: 'Viewer: reads only' },
];

function inDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

function CreateKey({ books, onCreated }: { books: Books; onCreated: (key: ApiKey) => void }) {
  const form = useForm({
    initialValues: { name: '', role: 'accountant', expires_on: inDays(90), books: books.mode as string },
  });
  const create = useFormMutation(form, {
    save: async (values) => {
      const target = values.books === books.mode ? books.organizationId : books.otherId;
      return data(
        await api.POST('/api/v1/api-keys', {
          body: {
            name: values.name.trim(),
            role: values.role as KeyRole,
            // The end of the chosen day, so "expires on Feb 22" keeps working that whole day.
            ...(values.expires_on ? { expires_at: `${values.expires_on}T23:59:59Z` } : {}),
          },
          headers: target ? { 'X-Organization-Id': target } : {},
        }),
      );
    },
    written: 'api-keys',
    onSaved: onCreated,
    onRefused: (_error, shown) => {
      if (shown) form.setFieldError('expires_on', form.errors.expires_at ?? form.errors.expires_on);
    },
  });
  return (
    <MutationForm form={form} mutation={create} submit="Create a key">
      <TextInput
        label="Name"
        required
        data-autofocus
        description="Say where it is used, e.g. “Shop sync”."
        {...form.getInputProps('name')}
      />
      <Select label="Role" data={ROLES} allowDeselect={false} {...form.getInputProps('role')} />
      <TextInput
        label="Expires on"
        type="date"
        min={inDays(1)}
        max={inDays(365)}
        description={`At most one year ahead (today is ${formatDate(today())}).`}
        {...form.getInputProps('expires_on')}
      />
      {books.otherId ? (
        <Radio.Group label="Books" {...form.getInputProps('books')}>
          <Group mt={4}>
            <Radio value="live" label="Live (svc_live_)" />
            <Radio value="sandbox" label="Sandbox (svc_test_)" />
          </Group>
        </Radio.Group>
      ) : null}
    </MutationForm>
  );
}

function NewKeyValue({ apiKey, onDone }: { apiKey: ApiKey; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Copy it now" styles={{ title: { color: 'var(--mantine-color-black)' } }}>
        This is the only time Folio shows this key. Store it where your integration reads its secrets.
      </Alert>
      <CopyField label={`Key “${apiKey.name}”`} value={apiKey.key} />
      <Text size="sm">
        Send it as <code>Authorization: Token</code> followed by the key (see the API reference at /docs).
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

export default function ApiKeys() {
  const books = useBooks();
  const invalidate = useInvalidate();
  const [creating, dialog] = useDisclosure(false);
  const [created, setCreated] = useState<ApiKey | null>(null);
  const keys = useQuery(apiKeysQuery());
  const rotate = useMutation({
    mutationFn: async (id: string) =>
      data(await api.POST('/api/v1/api-keys/{id}/rotate', { params: { path: { id } } })),
    onSuccess: (key) => {
      invalidate('api-keys');
      setCreated(key);
      dialog.open();
    },
  });
  const revoking = usePicked<KeyRow>();
  const revoke = useMutation({
    mutationFn: async (id: string) =>
      data(await api.POST('/api/v1/api-keys/{id}/revoke', { params: { path: { id } } })),
    onSuccess: () => {
      revoking.forget();
      invalidate('api-keys');
    },
  });
  if (!books) return null;
  const rows = keys.data?.results ?? [];
  const close = () => {
    dialog.close();
    setCreated(null);
  };
  return (
    <Page title="API keys" create={books.can.administer && { label: 'Create a key', onClick: dialog.open }}>
      <Text size="sm" c="dimmed">
        Keys let your own software use the API of these {books.mode} books. A key acts with its role, and
        never more than the person who made it.
      </Text>
      <PagedTable
        page={keys}
        error={rotate.error}
        empty="No keys yet for these books."
        rows={rows}
        rowKey={(key) => key.id}
        minWidth={640}
        columns={[
          { header: 'Name', breaks: true, cell: (key) => key.name },
          { header: 'Prefix', cell: (key) => <code>{key.prefix}</code> },
          { header: 'Role', cell: (key) => key.role },
          { header: 'Status', cell: (key) => <StatusBadge status={key.status} /> },
          { header: 'Last used', cell: (key) => (key.last_used_at ? formatDate(key.last_used_at) : 'Never') },
          { header: 'Expires', cell: (key) => formatDate(key.expires_at) },
          {
            header: 'Actions',
            cell: (key) =>
              key.status === 'active' ? (
                <RowActions>
                  <RowAction
                    label="Rotate"
                    name={`Rotate ${key.name}`}
                    onClick={() => rotate.mutate(key.id)}
                  />
                  <RowAction
                    label="Revoke"
                    name={`Revoke ${key.name}`}
                    tone="danger"
                    onClick={() => revoking.pick(key)}
                  />
                </RowActions>
              ) : null,
          },
        ]}
      />
      <ConfirmDialog
        {...revoking.confirming(revoke, (key) => key.id)}
        title={`Revoke the key “${revoking.picked?.name ?? ''}”?`}
        confirm="Revoke key"
      >
        <Text size="sm">
          The key starting <code>{revoking.picked?.prefix}</code> stops working at once: whatever software
          sends it is refused from its next request. A revoked key cannot be brought back; to reconnect,
          create a new key. What it already recorded stays in the books.
        </Text>
      </ConfirmDialog>
      <Modal
        opened={creating}
        onClose={close}
        title={created ? 'Your new key' : 'Create a key'}
        closeOnClickOutside={!created}
      >
        {created ? (
          <NewKeyValue apiKey={created} onDone={close} />
        ) : (
          <CreateKey books={books} onCreated={setCreated} />
        )}
      </Modal>
    </Page>
  );
}
