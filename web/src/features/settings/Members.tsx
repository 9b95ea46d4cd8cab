// More, Members: who works in these books; invite by email (D94: the person accepts through the
// emailed link, by logging in or signing up; seats are counted then), change a role, remove; the
// open invitations, to send again or revoke.
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, data, type RequestOf, type ResponseOf } from '../../api/client.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { invitationsQuery, membersQuery } from '../../api/queries/settings.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { notify } from '../../ui/notify.ts';
import { Page, Section } from '../../ui/Page.tsx';
import { RowAction, RowActions } from '../../ui/RowAction.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import { usePicked } from '../../ui/usePicked.ts';
import { useBooks, useMe } from '../shell/books.tsx';

type Role = RequestOf<'/api/v1/members', 'post'>['role'];
type Invitation = ResponseOf<'/api/v1/members/invitations', 'post', 201>;
type Member = ResponseOf<'/api/v1/members', 'get', 200>['results'][number];
const ROLES = ['owner', 'admin', 'accountant', 'sales', 'viewer'].map((value) => ({ value, label: value }));

export default function Members() {
  const books = useBooks();
  const me = useMe().data;
  const invalidate = useInvalidate();
  const members = useQuery(membersQuery());
  const invitations = useQuery({ ...invitationsQuery(), enabled: Boolean(books?.can.administer) });
  const form = useForm({ initialValues: { email: '', role: 'accountant' } });
  // Both lists live under members' keys: an acceptance or a revocation changes either.
  const refresh = () => invalidate('members');
  const invite = useFormMutation(form, {
    save: async (values) =>
      data(
        await api.POST('/api/v1/members/invitations', {
          body: { email: values.email.trim(), role: values.role as Role },
        }),
      ),
    written: 'members',
    notice: (invitation) => `Invitation sent to ${invitation.email}. They join once they accept it.`,
    onSaved: () => form.reset(),
  });
  const revoking = usePicked<Invitation>();
  const revoke = useMutation({
    mutationFn: async (id: string) =>
      data(await api.POST('/api/v1/members/invitations/{id}/revoke', { params: { path: { id } } })),
    onSuccess: () => {
      revoking.forget();
      refresh();
    },
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
  const removal = usePicked<Member>();
  const removing = removal.picked;
  const remove = useMutation({
    mutationFn: async (member: Member) =>
      data(await api.DELETE('/api/v1/members/{user_id}', { params: { path: { user_id: member.user_id } } })),
    onSuccess: (_, member) => {
      removal.forget();
      refresh();
      notify({ message: `${member.email} no longer works in these books.` });
      // Removing yourself ends your access: GET /me answers without these books and the shell moves on.
      if (member.user_id === me?.user.id) invalidate('me');
    },
  });
  if (!books) return null;
  const rows = members.data?.results ?? [];
  const open = invitations.data?.results ?? [];
  const pending = open.filter((invitation) => invitation.status === 'pending').length;
  return (
    <Page title="Members">
      <Text size="sm" c="dimmed">
        {members.data
          ? `${rows.length} of ${members.data.seats} seats used.${pending > 0 ? ` ${pending} invitation${pending === 1 ? '' : 's'} pending: a seat is taken when one is accepted.` : ''}`
          : ' '}
      </Text>
      <ErrorNotice error={members.error ?? change.error} />
      <DataTable
        rows={rows}
        rowKey={(member) => member.user_id}
        minWidth={560}
        columns={[
          { header: 'Name', cell: (member) => member.name },
          { header: 'Email', breaks: true, cell: (member) => member.email },
          {
            header: 'Role',
            cell: (member) => (
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
            ),
          },
          { header: 'Joined', cell: (member) => formatDate(member.joined_at) },
          {
            header: 'Actions',
            cell: (member) =>
              books.can.administer ? (
                <RowAction
                  label="Remove"
                  name={`Remove ${member.email}`}
                  tone="danger"
                  onClick={() => removal.pick(member)}
                />
              ) : null,
          },
        ]}
      />
      {books.can.administer ? (
        <form onSubmit={form.onSubmit((values) => invite.mutate(values))}>
          <Stack gap="sm" maw={560}>
            <Title order={2} size="h4">
              Invite someone
            </Title>
            <ErrorNotice error={invite.error} />
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
              <Button type="submit" loading={invite.isPending}>
                Send invitation
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              We email a link, valid for 7 days. The person accepts by logging in, or signs up if they have no
              Folio account yet.
            </Text>
          </Stack>
        </form>
      ) : null}
      {books.can.administer && open.length > 0 ? (
        <Section title="Invitations">
          <ErrorNotice error={invitations.error ?? (revoking.picked ? null : revoke.error)} />
          <DataTable
            rows={open}
            rowKey={(invitation) => invitation.id}
            minWidth={560}
            columns={[
              { header: 'Email', breaks: true, cell: (invitation) => invitation.email },
              { header: 'Role', cell: (invitation) => invitation.role },
              {
                header: 'Status',
                cell: (invitation) => (
                  <Badge color={invitation.status === 'pending' ? 'blue' : 'gray'} variant="light">
                    {' '}
                    {invitation.status}{' '}
                  </Badge>
                ),
              },
              { header: 'Invited by', cell: (invitation) => invitation.invited_by_name },
              { header: 'Expires', cell: (invitation) => formatDate(invitation.expires_at) },
              {
                header: 'Actions',
                cell: (invitation) => (
                  <RowActions>
                    <RowAction
                      label="Send again"
                      name={`Send again to ${invitation.email}`}
                      tone="quiet"
                      onClick={() => invite.mutate({ email: invitation.email, role: invitation.role })}
                    />
                    <RowAction
                      label="Revoke"
                      name={`Revoke the invitation of ${invitation.email}`}
                      tone="danger"
                      onClick={() => {
                        revoke.reset();
                        revoking.pick(invitation);
                      }}
                    />
                  </RowActions>
                ),
              },
            ]}
          />
        </Section>
      ) : null}
      <ConfirmDialog
        {...revoking.confirming(revoke, (invitation) => invitation.id)}
        title={`Revoke the invitation of ${revoking.picked?.email ?? ''}?`}
        confirm="Revoke invitation"
      >
        <Text size="sm">
          The invitation of {revoking.picked?.email} as {revoking.picked?.role} is revoked: its link stops
          working. You can invite them again later.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        {...removal.confirming(remove, (member) => member)}
        title={
          removing && removing.user_id === me?.user.id
            ? 'Remove yourself from these books?'
            : `Remove ${removing?.name || removing?.email || 'this member'} from these books?`
        }
        confirm={removing && removing.user_id === me?.user.id ? 'Remove me' : 'Remove member'}
        disabled={removing !== null && isLastOwner(removing, rows)}
      >
        {removing ? (
          <RemoveText member={removing} self={removing.user_id === me?.user.id} rows={rows} />
        ) : null}
      </ConfirmDialog>
    </Page>
  );
}

/** Books always keep an owner: removing the only one is refused by the API. */
function isLastOwner(member: Member, rows: Member[]): boolean {
  return member.role === 'owner' && !rows.some((m) => m.role === 'owner' && m.user_id !== member.user_id);
}

/** What removing a member means, said plainly, above all when the row is your own. */
function RemoveText({ member, self, rows }: { member: Member; self: boolean; rows: Member[] }) {
  const lastOwner = isLastOwner(member, rows);
  return (
    <Stack gap="xs">
      {self ? (
        <Text size="sm" fw={600}>
          This is you ({member.email}).
        </Text>
      ) : null}
      {lastOwner ? (
        <Text size="sm">
          {self ? 'You are' : `${member.email} is`} the only owner of these books, and books always keep an
          owner: Folio cannot remove the only one. Make another member an owner first.
        </Text>
      ) : (
        <Text size="sm">
          {self
            ? 'You lose access to these books at once: you will no longer see or change anything in them, and only an owner or admin can invite you back.'
            : `${member.email} (${member.role}) loses access to these books at once and frees a seat. They can be invited again later.`}{' '}
          Everything already recorded stays in the books.
        </Text>
      )}
    </Stack>
  );
}
