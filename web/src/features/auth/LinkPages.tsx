// The pages of D94's emailed links: "Forgot password?", the reset page a reset link opens, and the
// page an invitation link opens (accept by logging in, or by signing up). A link carries its token
// after `#token=` (never sent to a server); the page reads it once and takes it out of the address
// bar and the history, so it does not linger on screen or in a shared screenshot.
import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, data } from '../../api/client.ts';
import { selectBooks, signedIn, signedOut } from '../../api/session.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { useMe, useSession } from '../shell/books.tsx';
import { AuthCard } from './AuthPages.tsx';
import { checkPassword, EmailField, OtherWay, PageLink, PasswordField } from './authFields.tsx';

/** The link's token, read once from `#token=`, then removed from the address (kept in state). */
function useLinkToken(): string {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}

export function ForgotPasswordPage() {
  const form = useForm({ initialValues: { email: '' } });
  const request = useMutation({
    mutationFn: async (email: string) =>
      data(await api.POST('/api/v1/auth/password-reset', { body: { email } })),
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <AuthCard title="Forgot password?">
      {request.data ? (
        <Stack gap="sm">
          <Alert color="teal" role="status">
            {/* In the body's colour: the alert's teal title on its tint falls short of 4.5:1 (axe). */}
            <Text fw={700} size="sm" mb={4}>
              Check your email
            </Text>
            <Text size="sm">
              If an account uses {request.variables}, a link to set a new password is on its way. It works
              once, for one hour.
            </Text>
          </Alert>
          <PageLink to="/login">Back to log in</PageLink>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((values) => request.mutate(values.email.trim()))}>
          <Stack gap="sm">
            <Text size="sm">
              Enter the email you log in with; we will send you a link to set a new password.
            </Text>
            <ErrorNotice error={request.error} />
            <EmailField {...form.getInputProps('email')} />
            <Button type="submit" loading={request.isPending}>
              Send the link
            </Button>
            <PageLink to="/login">Back to log in</PageLink>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { password: '' }, validate: { password: checkPassword } });
  const confirm = useMutation({
    mutationFn: async (password: string) =>
      data(await api.POST('/api/v1/auth/password-reset/confirm', { body: { token, password } })),
    onSuccess: () => {
      // Every session of the person ended: every tab of theirs returns to log in too.
      signedOut({ announced: true });
      queryClient.clear();
      navigate('/login', {
        replace: true,
        state: { notice: 'Your password is set. Log in with it; every other device was logged out.' },
      });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  if (!token) return <MissingLink title="Set a new password" what="password reset" />;
  return (
    <AuthCard title="Set a new password">
      <form onSubmit={form.onSubmit((values) => confirm.mutate(values.password))}>
        <Stack gap="sm">
          <ErrorNotice error={confirm.error} />
          <PasswordField fresh label="New password" {...form.getInputProps('password')} />
          <Button type="submit" loading={confirm.isPending}>
            Set password
          </Button>
          <Text size="xs" c="dimmed">
            Setting a new password logs you out on every device.
          </Text>
          <PageLink to="/forgot-password">Ask for a new link</PageLink>
        </Stack>
      </form>
    </AuthCard>
  );
}

function MissingLink({ title, what }: { title: string; what: string }) {
  return (
    <AuthCard title={title}>
      <Text>
        This page opens from the link in a {what} email. Open the link from the email again (copy the whole
        address).
      </Text>
      <PageLink to="/login">Go to log in</PageLink>
    </AuthCard>
  );
}

export function AcceptInvitationPage() {
  const token = useLinkToken();
  const preview = useQuery({
    queryKey: ['invitation', token],
    enabled: Boolean(token),
    queryFn: async () => data(await api.POST('/api/v1/auth/invitation', { body: { token } })),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!token) return <MissingLink title="Accept an invitation" what="an invitation" />;
  if (preview.error) {
    return (
      <AuthCard title="Accept an invitation">
        <ErrorNotice error={preview.error} />
        <Text size="sm">Ask the person who invited you to send the invitation again.</Text>
        <PageLink to="/login">Go to log in</PageLink>
      </AuthCard>
    );
  }
  if (!preview.data) {
    return (
      <AuthCard title="Accept an invitation">
        <Loader aria-label="Reading the invitation" />
      </AuthCard>
    );
  }
  const invitation = preview.data;
  return (
    <AuthCard title={`Join ${invitation.organization_name}`}>
      <Text>
        {invitation.invited_by_name || 'A member'} invited <b>{invitation.email}</b> to work in the books of{' '}
        <b>{invitation.organization_name}</b> as {invitation.role}.
      </Text>
      <Acceptance token={token} email={invitation.email} hasAccount={invitation.has_account} />
    </AuthCard>
  );
}

/** The way in: accept as the logged-in person, else log in (then accept), else sign up with it. */
function Acceptance({ token, email, hasAccount }: { token: string; email: string; hasAccount: boolean }) {
  const navigate = useNavigate();
  const session = useSession();
  const me = useMe();
  const [mode, setMode] = useState<'login' | 'signup'>(hasAccount ? 'login' : 'signup');
  /** A log-in that worked followed by an acceptance that did not (a full plan): shown once logged in. */
  const [failure, setFailure] = useState<unknown>(null);
  const queryClient = useQueryClient();
  const enter = (organizationId: string) => {
    // The cached /me predates the new membership: the shell asks afresh.
    queryClient.clear();
    selectBooks(organizationId);
    signedIn();
    navigate('/', { replace: true });
  };
  const accept = useMutation({
    mutationFn: async () => data(await api.POST('/api/v1/members/invitations/accept', { body: { token } })),
    onSuccess: (books) => enter(books.organization.id),
  });
  const logout = useMutation({
    mutationFn: async () => api.POST('/api/v1/auth/logout'),
    onSettled: () => signedOut({ announced: true }),
  });
  if (session.status !== 'signed-out' && me.isPending)
    return <Loader aria-label="Checking who is logged in" />;
  if (session.status !== 'signed-out' && me.data) {
    const same = me.data.user.email.toLowerCase() === email.toLowerCase();
    return (
      <Stack gap="sm">
        <ErrorNotice error={accept.error ?? (accept.isIdle ? failure : null)} />
        <Text size="sm">You are logged in as {me.data.user.email}.</Text>
        {same ? (
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            Accept invitation
          </Button>
        ) : (
          <>
            <Text size="sm">
              The invitation is for {email}: log out, then log in or sign up with that address.
            </Text>
            <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
              Log out
            </Button>
          </>
        )}
      </Stack>
    );
  }
  return mode === 'login' ? (
    <LogInToAccept
      email={email}
      token={token}
      onAccepted={enter}
      onFailure={setFailure}
      onSignUp={() => setMode('signup')}
    />
  ) : (
    <SignUpToAccept email={email} token={token} onAccepted={enter} onLogIn={() => setMode('login')} />
  );
}

interface AcceptFormProps {
  email: string;
  token: string;
  onAccepted: (organizationId: string) => void;
}

function LogInToAccept({
  email,
  token,
  onAccepted,
  onFailure,
  onSignUp,
}: AcceptFormProps & { onFailure: (error: unknown) => void; onSignUp: () => void }) {
  const form = useForm({ initialValues: { password: '' } });
  const join = useMutation({
    mutationFn: async (password: string) => {
      data(await api.POST('/api/v1/auth/login', { body: { email, password } }));
      try {
        return data(await api.POST('/api/v1/members/invitations/accept', { body: { token } }));
      } catch (error) {
        // Logged in, not accepted: the page shows the logged-in way (and why) from here on.
        onFailure(error);
        signedIn();
        throw error;
      }
    },
    onSuccess: (books) => onAccepted(books.organization.id),
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <form onSubmit={form.onSubmit((values) => join.mutate(values.password))}>
      <Stack gap="sm">
        <ErrorNotice error={join.error} />
        <TextInput label="Email" value={email} readOnly />
        <PasswordField {...form.getInputProps('password')} />
        <Button type="submit" loading={join.isPending}>
          Log in and accept
        </Button>
        <OtherWay question="No Folio account yet?" label="Sign up instead" onClick={onSignUp} />
        <PageLink to="/forgot-password">Forgot password?</PageLink>
      </Stack>
    </form>
  );
}

function SignUpToAccept({ email, token, onAccepted, onLogIn }: AcceptFormProps & { onLogIn: () => void }) {
  const form = useForm({
    initialValues: { name: '', password: '' },
    validate: { password: checkPassword },
  });
  const signup = useMutation({
    mutationFn: async (values: typeof form.values) =>
      data(
        await api.POST('/api/v1/auth/signup', {
          body: { email, name: values.name, password: values.password, invitation: token },
        }),
      ),
    onSuccess: (result) => onAccepted(result.organization.id),
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <form onSubmit={form.onSubmit((values) => signup.mutate(values))}>
      <Stack gap="sm">
        <ErrorNotice error={signup.error} />
        <TextInput
          label="Email"
          value={email}
          readOnly
          description="The address the invitation was sent to."
        />
        <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
        <PasswordField fresh {...form.getInputProps('password')} />
        <Button type="submit" loading={signup.isPending}>
          Sign up and join
        </Button>
        <OtherWay question="Already have an account?" label="Log in instead" onClick={onLogIn} />
      </Stack>
    </form>
  );
}
