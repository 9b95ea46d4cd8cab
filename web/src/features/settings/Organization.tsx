// More, Organization: name, time zone, country and fiscal year start of these books; currency and
// mode shown.
import { Card, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { api, data } from '../../api/client.ts';
import { MutationForm } from '../../ui/MutationForm.tsx';
import { Page } from '../../ui/Page.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
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
  const save = useFormMutation(form, {
    save: async (values) =>
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
    written: 'organization',
    notice: () => 'Organization saved.',
    onSaved: (saved) => {
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
    },
  });
  const readOnly = !books.can.administer;
  return (
    <Card withBorder maw={560}>
      <MutationForm form={form} mutation={save} submit={readOnly ? null : 'Save'}>
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
      </MutationForm>
    </Card>
  );
}
