// Sign up and log in (internal surface, D46): the token goes to memory and sessionStorage only.
import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api, data } from '../../api/client.ts';
import { setSession } from '../../api/session.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';

function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="lg" w="100%" maw={420} component="main">
        <Stack gap="md">
          <Text fw={700} c="teal.9" size="lg">
            Folio
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** Where to go after logging in: the page the person was on when the session ended, else home. */
function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return from?.startsWith('/') && !from.startsWith('/login') ? from : '/';
}

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnTo = useReturnPath();
  const form = useForm({ initialValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      data(await api.POST('/api/v1/auth/login', { body })),
    onSuccess: async (result) => {
      setSession({ token: result.token, organizationId: null });
      const me = await queryClient.fetchQuery({
        queryKey: ['me', result.token],
        queryFn: async () => data(await api.GET('/api/v1/me')),
      });
      const live = me.memberships.find((m) => m.mode === 'live') ?? me.memberships[0];
      setSession({ token: result.token, organizationId: live?.organization_id ?? null });
      navigate(returnTo, { replace: true });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <AuthCard title="Log in">
      <form onSubmit={form.onSubmit((values) => login.mutate(values))}>
        <Stack gap="sm">
          <ErrorNotice error={login.error} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={login.isPending}>
            Log in
          </Button>
          <Text size="sm">
            New to Folio?{' '}
            <Anchor component={Link} to="/signup">
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function SignupPage() {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { name: '', email: '', password: '', organization_name: '', currency: 'USD' },
  });
  const signup = useMutation({
    mutationFn: async (body: typeof form.values) =>
      data(
        await api.POST('/api/v1/auth/signup', { body: { ...body, currency: body.currency.toUpperCase() } }),
      ),
    onSuccess: (result) => {
      setSession({ token: result.token, organizationId: result.organization.id });
      navigate('/', { replace: true });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <AuthCard title="Sign up">
      <form onSubmit={form.onSubmit((values) => signup.mutate(values))}>
        <Stack gap="sm">
          <ErrorNotice error={signup.error} />
          <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <TextInput
            label="Organization name"
            autoComplete="organization"
            required
            {...form.getInputProps('organization_name')}
          />
          <TextInput
            label="Currency"
            description="The books' currency, a three-letter code such as USD or EUR."
            maxLength={3}
            {...form.getInputProps('currency')}
          />
          <Button type="submit" loading={signup.isPending}>
            Sign up
          </Button>
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
