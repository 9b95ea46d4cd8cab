// Sign up (internal surface): a chunk of its own, so the log-in page, a first visit's page, does not
// carry the country, currency and time-zone lists or the Select component (issue 21: under 150 KB).
// D81: the API answers with an HttpOnly session cookie and no token; the app only learns it is signed in.
import { Button, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { api, data } from '../../api/client.ts';
import { selectBooks, signedIn } from '../../api/session.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { AuthCard } from './AuthPages.tsx';
import { checkPassword, EmailField, OtherWay, PasswordField } from './authFields.tsx';
import { CountrySelect, FiscalYearStartSelect } from './placeFields.tsx';
import { currencyOptions, guessCountry, guessTimeZone, timeZoneOptions } from './places.ts';

export default function SignupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const places = useMemo(() => {
    const timeZones = timeZoneOptions();
    return {
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
    validate: { password: checkPassword },
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
          <EmailField {...form.getInputProps('email')} />
          <PasswordField fresh {...form.getInputProps('password')} />
          <TextInput
            label="Organization name"
            autoComplete="organization"
            required
            {...form.getInputProps('organization_name')}
          />
          <CountrySelect placeholder="Where the books are kept" {...form.getInputProps('country')} />
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
          <FiscalYearStartSelect {...form.getInputProps('fiscal_year_start_month')} />
          <Button type="submit" loading={signup.isPending}>
            Sign up
          </Button>
          <OtherWay question="Already have an account?" label="Log in" to="/login" />
        </Stack>
      </form>
    </AuthCard>
  );
}
