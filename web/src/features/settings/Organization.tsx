// More, Organization: name, time zone, country and fiscal year start of these books; currency and
// mode shown.
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../api/client.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { CountrySelect, FiscalYearStartSelect } from '../auth/placeFields.tsx';
import { type Books, useBooks } from '../shell/books.tsx';

export default function Organization() {
  const books = useBooks();
  if (!books) return null;
  // The form starts from the server's values once per books (a switch to the sandbox starts it
  // again); what is typed is never overwritten by a later render or a refetch.
  return (
    <Page title="Organization">
      <OrganizationForm key={books.organizationId} books={books} />
    </Page>
  );
}

function OrganizationForm({ books }: { books: Books }) {
  const invalidate = useInvalidate();
  const valuesOf = (saved: {
    name: string;
    timezone: string;
    country: string | null;
    fiscal_year_start_month: number;
  }) => ({
    name: saved.name,
    timezone: saved.timezone,
    country: saved.country ?? '',
    fiscal_year_start_month: String(saved.fiscal_year_start_month),
  });
  const form = useForm({
    initialValues: {
      name: books.name,
      timezone: books.timezone,
      country: books.country ?? '',
      fiscal_year_start_month: String(books.fiscalYearStartMonth),
    },
  });
  const save = useMutation({
    mutationFn: async (values: typeof form.values) =>
      data(
        await api.PATCH('/api/v1/organization', {
          body: {
            name: values.name.trim(),
            timezone: values.timezone.trim(),
            ...(values.country ? { country: values.country } : {}),
            fiscal_year_start_month: Number(values.fiscal_year_start_month),
          },
        }),
      ),
    onSuccess: (saved) => {
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      invalidate('organization');
      notify({ message: 'Organization saved.', color: 'teal' });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const readOnly = !books.can.administer;
  return (
    <Card withBorder maw={560}>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="sm">
          <ErrorNotice error={save.error} />
          <TextInput label="Name" required readOnly={readOnly} {...form.getInputProps('name')} />
          <TextInput
            label="Timezone"
            description="An IANA time zone such as America/New_York: it decides which day “today” is."
            readOnly={readOnly}
            {...form.getInputProps('timezone')}
          />
          <CountrySelect placeholder="Not said" readOnly={readOnly} {...form.getInputProps('country')} />
          <FiscalYearStartSelect
            description="Reports' “This year” and “This quarter” follow it."
            readOnly={readOnly}
            {...form.getInputProps('fiscal_year_start_month')}
          />
          <Text size="sm">
            Currency: <b>{books.currency}</b> · Books: <b>{books.mode}</b> · Your role: <b>{books.role}</b>
          </Text>
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
