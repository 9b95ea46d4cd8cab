// Log in (internal surface), and the card every signed-out page is drawn in; sign-up is SignupPage.tsx. D81: the API answers the web app with an HttpOnly session
// cookie and no token, so nothing here ever holds the session; the app only learns it is signed in.
import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { api, data } from '../../api/client.ts';
import { signedIn } from '../../api/session.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { useSession } from '../shell/books.tsx';
import { EmailField, OtherWay, PageLink, PasswordField } from './authFields.tsx';

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
          <EmailField {...form.getInputProps('email')} />
          <PasswordField {...form.getInputProps('password')} />
          <Button type="submit" loading={login.isPending}>
            Log in
          </Button>
          <PageLink to="/forgot-password">Forgot password?</PageLink>
          <OtherWay question="New to Folio?" label="Sign up" to="/signup" />
        </Stack>
      </form>
    </AuthCard>
  );
}
