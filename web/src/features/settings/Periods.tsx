// More, Periods: close the books through a date (no posting on or before it), or reopen.
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data } from '../../api/client.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDate, today } from '../../ui/dates.ts';
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
  const invalidate = useInvalidate();
  const form = useForm({ initialValues: { through: lastDayOfPreviousMonth() } });
  const refresh = () => invalidate('organization');
  // D82: both ask first. `closing` is the date the dialog names; `reopening` the reopen dialog.
  const [closing, setClosing] = useState<string | null>(null);
  const [reopening, setReopening] = useState(false);
  const close = useMutation({
    mutationFn: async (through: string) =>
      data(await api.POST('/api/v1/periods/close', { body: { through } })),
    onSuccess: (_, through) => {
      setClosing(null);
      refresh();
      notify({ message: `Books closed through ${formatDate(through)}.`, color: 'teal' });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const stopClosing = () => {
    setClosing(null);
    close.reset();
    form.clearErrors();
  };
  const reopen = useMutation({
    mutationFn: async () => data(await api.POST('/api/v1/periods/reopen', { body: { through: null } })),
    onSuccess: () => {
      setReopening(false);
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
          {books.can.administer ? (
            <>
              <form onSubmit={form.onSubmit((values) => setClosing(values.through))}>
                <Group align="flex-end" gap="sm">
                  <TextInput
                    label="Close through"
                    type="date"
                    max={today()}
                    required
                    {...form.getInputProps('through')}
                  />
                  <Button type="submit">Close the books</Button>
                </Group>
              </form>
              {books.booksClosedThrough ? (
                <Group>
                  <Button variant="default" onClick={() => setReopening(true)}>
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
      <ConfirmDialog
        opened={closing !== null}
        title={`Close the books through ${closing ? formatDate(closing) : ''}?`}
        confirm="Close the books"
        onConfirm={() => closing && close.mutate(closing)}
        onClose={stopClosing}
        loading={close.isPending}
        error={close.error}
      >
        <Text size="sm">
          Nothing can then be posted, sent, voided or reversed with a date on or before{' '}
          {closing ? formatDate(closing) : 'that day'}: invoices, bills, payments, deposits and journal
          entries dated then are refused. Balances and reports for those days stop changing.
        </Text>
        <Text size="sm">
          A later close can only move the date forward. To change something in a closed period, an owner or
          admin reopens every period first.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={reopening}
        title={`Reopen every period${books.booksClosedThrough ? ` closed through ${formatDate(books.booksClosedThrough)}` : ''}?`}
        confirm="Reopen every period"
        onConfirm={() => reopen.mutate()}
        onClose={() => {
          setReopening(false);
          reopen.reset();
        }}
        loading={reopen.isPending}
        error={reopen.error}
      >
        <Text size="sm">
          Every date becomes open again: anyone who may write can post, void or reverse on days your closed
          reports already show, and those reports can change. Close the books again once the correction is
          made.
        </Text>
      </ConfirmDialog>
    </Page>
  );
}
