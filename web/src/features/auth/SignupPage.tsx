// Sign up (internal surface): a chunk of its own, so the log-in page, a first visit's page, does not
// carry the country, currency and time-zone lists or the Select component (issue 21: under 150 KB).
// D81: the API answers with an HttpOnly session cookie and no token; the app only learns it is signed in.
import { Anchor, Button, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_RULE, passwordProblem } from '@shared/password.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, data } from '../../api/client.ts';
import { selectBooks, signedIn } from '../../api/session.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { AuthCard } from './AuthPages.tsx';
import {
  countryOptions,
  currencyOptions,
  guessCountry,
  guessTimeZone,
  MONTHS,
  timeZoneOptions,
} from './places.ts';

export default function SignupPage() {
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
