// More, Tax rates: name, rate and the liability account each credits (D25); create, deactivate.
// Tax groups below (TaxGroups.tsx).
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { allTaxRatesQuery } from '../../api/queries/taxes.ts';
import { activeColumn, deactivateColumn } from '../../ui/columns.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { trimZeros } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useBooks } from '../shell/books.tsx';
import { TaxGroups } from './TaxGroups.tsx';

function NewTaxRate({ onDone }: { onDone: () => void }) {
  const invalidate = useInvalidate();
  const accounts = useAllAccounts();
  const liabilities = (accounts.data ?? []).filter(
    (account) => account.type === 'liability' && account.is_active,
  );
  const salesTax = liabilities.find(
    (account) => account.system_role === 'sales_tax_payable' || account.number === '2200',
  );
  const form = useForm({ initialValues: { name: '', rate: '', liability_account: '' } });
  const create = useMutation({
    mutationFn: async (values: typeof form.values) =>
      data(
        await api.POST('/api/v1/tax-rates', {
          body: {
            name: values.name.trim(),
            rate: values.rate.trim(),
            ...(values.liability_account || salesTax
              ? { liability_account: values.liability_account || salesTax?.id }
              : {}),
          },
        }),
      ),
    onSuccess: (rate) => {
      invalidate('tax-rates');
      notify({ color: 'teal', message: `${rate.name} (${trimZeros(rate.rate)}%) created.` });
      onDone();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <form onSubmit={form.onSubmit((values) => create.mutate(values))}>
      <Stack gap="sm">
        <ErrorNotice error={create.error} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Rate"
          description="A percentage such as 8.25"
          inputMode="decimal"
          required
          {...form.getInputProps('rate')}
        />
        <Select
          label="Liability account"
          placeholder={salesTax ? `${salesTax.number} ${salesTax.name}` : 'Choose an account'}
          data={liabilities.map((account) => ({
            value: account.id,
            label: `${account.number} ${account.name}`,
          }))}
          {...form.getInputProps('liability_account')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create tax rate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function TaxRates() {
  const books = useBooks();
  const invalidate = useInvalidate();
  const [creating, dialog] = useDisclosure(false);
  const rates = useQuery(allTaxRatesQuery());
  const deactivate = useMutation({
    mutationFn: async ({ id, version }: { id: string; version: number }) =>
      data(
        await api.POST('/api/v1/tax-rates/{id}/deactivate', { params: { path: { id } }, body: { version } }),
      ),
    onSuccess: () => invalidate('tax-rates'),
  });
  if (!books) return null;
  const rows = rates.data?.results ?? [];
  return (
    <Page
      title="Tax rates"
      actions={
        books.can.writeBooks ? (
          <Button size="sm" onClick={dialog.open}>
            New tax rate
          </Button>
        ) : null
      }
    >
      <PagedTable
        page={rates}
        error={deactivate.error}
        empty="No tax rates yet. Create one to charge tax on invoice lines."
        rows={rows}
        rowKey={(rate) => rate.id}
        minWidth={520}
        columns={[
          { header: 'Name', breaks: true, cell: (rate) => rate.name },
          { header: 'Rate', align: 'right', cell: (rate) => `${trimZeros(rate.rate)}%` },
          { header: 'Liability account', cell: (rate) => rate.liability_account_number },
          activeColumn(),
          deactivateColumn<(typeof rows)[number]>(books.can.writeBooks, (rate) => deactivate.mutate(rate)),
        ]}
      />
      <TaxGroups books={books} rates={rows} />
      <Modal opened={creating} onClose={dialog.close} title="New tax rate">
        <NewTaxRate onDone={dialog.close} />
      </Modal>
    </Page>
  );
}
