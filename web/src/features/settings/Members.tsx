// More, Members: who works in these books; add by email (a signed-up user), change a role, remove.
import { Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, type RequestOf } from '../../api/client.ts';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { Page } from '../../ui/Page.tsx';
import { useBooks } from '../shell/books.tsx';

type Role = RequestOf<'/api/v1/members', 'post'>['role'];
const ROLES = ['owner', 'admin', 'accountant', 'sales', 'viewer'].map((value) => ({ value, label: value }));

export default function Members() {
  const books = useBooks();
  const queryClient = useQueryClient();
  const members = useQuery({
    queryKey: ['members'],
    queryFn: async () => data(await api.GET('/api/v1/members')),
  });
  const form = useForm({ initialValues: { email: '', role: 'accountant' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['members'] });
  const add = useMutation({
    mutationFn: async (values: typeof form.values) =>
      data(
        await api.POST('/api/v1/members', {
          body: { email: values.email.trim(), role: values.role as Role },
        }),
      ),
    onSuccess: (member) => {
      refresh();
      form.reset();
      notifications.show({ message: `${member.email} can now work in these books.`, color: 'teal' });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const change = useMutation({
    mutationFn: async ({ userId, role }: { userId: string; role: Role }) =>
      data(
        await api.PATCH('/api/v1/members/{user_id}', {
          params: { path: { user_id: userId } },
          body: { role },
        }),
      ),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (userId: string) =>
      data(await api.DELETE('/api/v1/members/{user_id}', { params: { path: { user_id: userId } } })),
    onSuccess: refresh,
  });
  if (!books) return null;
  const rows = members.data?.results ?? [];
  return (
    <Page title="Members">
      <Text size="sm" c="dimmed">
        {members.data ? `${rows.length} of ${members.data.seats} seats used.` : ' '}
      </Text>
      <ErrorNotice error={members.error ?? change.error ?? remove.error} />
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((member) => (
              <Table.Tr key={member.user_id}>
                <Table.Td>{member.name}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Role of ${member.email}`}
                    size="xs"
                    w={130}
                    data={ROLES}
                    value={member.role}
                    allowDeselect={false}
                    disabled={!books.can.administer}
                    onChange={(role) => role && change.mutate({ userId: member.user_id, role: role as Role })}
                  />
                </Table.Td>
                <Table.Td>{formatDate(member.joined_at)}</Table.Td>
                <Table.Td>
                  {books.can.administer ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => remove.mutate(member.user_id)}
                      aria-label={`Remove ${member.email}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {books.can.administer ? (
        <form onSubmit={form.onSubmit((values) => add.mutate(values))}>
          <Stack gap="sm" maw={560}>
            <ErrorNotice error={add.error} />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Email"
                type="email"
                required
                style={{ flex: 1, minWidth: 200 }}
                {...form.getInputProps('email')}
              />
              <Select
                label="Role"
                data={ROLES}
                w={140}
                allowDeselect={false}
                {...form.getInputProps('role')}
              />
              <Button type="submit" loading={add.isPending}>
                Add member
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              The person signs up first; then add them here by the email they signed up with.
            </Text>
          </Stack>
        </form>
      ) : null}
    </Page>
  );
}
