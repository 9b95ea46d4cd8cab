// Sign up and log in (internal surface). D81: the API answers the web app with an HttpOnly session
// cookie and no token, so nothing here ever holds the session; the app only learns it is signed in.
import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_RULE, passwordProblem } from '@shared/password.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { api, data } from '../../api/client.ts';
import { selectBooks, signedIn } from '../../api/session.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { useSession } from '../shell/books.tsx';
import {
  countryOptions,
  currencyOptions,
  guessCountry,
  guessTimeZone,
  MONTHS,
  timeZoneOptions,
} from './places.ts';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
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
  const session = useSession();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const form = useForm({ initialValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      data(await api.POST('/api/v1/auth/login', { body })),
    onSuccess: () => {
      // Whatever was cached may be another person's (or an old /me): the shell asks afresh. The
      // books: the tab's remembered choice if still the person's, else their live books (Shell).
      queryClient.clear();
      signedIn();
      navigate(returnTo, { replace: true });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  // Another tab logged in (the cookie is shared): this one goes on too.
  if (session.status === 'signed-in' && !login.isPending) return <Navigate to={returnTo} replace />;
  return (
    <AuthCard title="Log in">
      <form onSubmit={form.onSubmit((values) => login.mutate(values))}>
        <Stack gap="sm">
          {notice ? (
            <Alert color="teal" role="status">
              {notice}
            </Alert>
          ) : null}
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
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
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
  const queryClient = useQueryClient();
  const places = useMemo(() => {
    const timeZones = timeZoneOptions();
    return {
      countries: countryOptions(),
      currencies: currencyOptions(),
      timeZones,
      timeZone: guessTimeZone(timeZones),
    };
  }, []);
  const form = useForm({
    initialValues: {
      name: '',
      email: '',
      password: '',
      organization_name: '',
      country: guessCountry(),
      currency: 'USD',
      timezone: places.timeZone,
      fiscal_year_start_month: '1',
    },
    // The server's own rule (shared code), checked on submit so the form says it before the API does.
    validate: { password: (value) => (passwordProblem(value) ? `Password ${passwordProblem(value)}` : null) },
  });
  const signup = useMutation({
    mutationFn: async ({ country, fiscal_year_start_month, ...body }: typeof form.values) =>
      data(
        await api.POST('/api/v1/auth/signup', {
          body: {
            ...body,
            ...(country ? { country } : {}),
            fiscal_year_start_month: Number(fiscal_year_start_month),
          },
        }),
      ),
    onSuccess: (result) => {
      queryClient.clear();
      selectBooks(result.organization.id);
      signedIn();
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
            description={PASSWORD_RULE}
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
          <Select
            label="Country"
            placeholder="Where the books are kept"
            searchable
            allowDeselect={false}
            data={places.countries}
            limit={60}
            {...form.getInputProps('country')}
          />
          <Select
            label="Currency"
            description="The books' currency (ISO 4217); it cannot change later."
            searchable
            allowDeselect={false}
            data={places.currencies}
            {...form.getInputProps('currency')}
          />
          <Select
            label="Time zone"
            description="Dates such as today's invoice date follow it."
            searchable
            allowDeselect={false}
            data={places.timeZones}
            limit={60}
            {...form.getInputProps('timezone')}
          />
          <Select
            label="Fiscal year starts in"
            allowDeselect={false}
            data={MONTHS}
            {...form.getInputProps('fiscal_year_start_month')}
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
