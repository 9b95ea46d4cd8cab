// More, Periods: close the books through a date (no posting on or before it), or reopen.
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client.ts';
import { formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { useBooks } from '../shell/books.tsx';

function lastDayOfPreviousMonth(): string {
  const now = new Date();
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${last.getFullYear()}-${pad(last.getMonth() + 1)}-${pad(last.getDate())}`;
}

export default function Periods() {
  const books = useBooks();
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { through: lastDayOfPreviousMonth() } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['organization'] });
  const close = useMutation({
    mutationFn: async (through: string) =>
      data(await api.POST('/api/v1/periods/close', { body: { through } })),
    onSuccess: (_, through) => {
      refresh();
      notify({ message: `Books closed through ${formatDate(through)}.`, color: 'teal' });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const reopen = useMutation({
    mutationFn: async () => data(await api.POST('/api/v1/periods/reopen', { body: { through: null } })),
    onSuccess: () => {
      refresh();
      notify({ message: 'Every period is open again.', color: 'teal' });
    },
  });
  if (!books) return null;
  return (
    <Page title="Periods">
      <Card withBorder maw={560}>
        <Stack gap="sm">
          {books.booksClosedThrough ? (
            <Alert color="blue" title="Closed">
              These books are closed through {formatDate(books.booksClosedThrough)}: nothing can be posted on
              or before that day.
            </Alert>
          ) : (
            <Text size="sm">Every period is open: entries can be posted on any date.</Text>
          )}
          <ErrorNotice error={close.error ?? reopen.error} />
          {books.can.administer ? (
            <>
              <form onSubmit={form.onSubmit((values) => close.mutate(values.through))}>
                <Group align="flex-end" gap="sm">
                  <TextInput
                    label="Close through"
                    type="date"
                    max={today()}
                    required
                    {...form.getInputProps('through')}
                  />
                  <Button type="submit" loading={close.isPending}>
                    Close the books
                  </Button>
                </Group>
              </form>
              {books.booksClosedThrough ? (
                <Group>
                  <Button variant="default" onClick={() => reopen.mutate()} loading={reopen.isPending}>
                    Reopen every period
                  </Button>
                </Group>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Only an owner or admin closes and reopens periods.
            </Text>
          )}
        </Stack>
      </Card>
    </Page>
  );
}
