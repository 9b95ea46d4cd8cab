// More, Tax rates: name, rate and the liability account each credits (D25); create, deactivate.
// Tax groups below (TaxGroups.tsx).
import { Modal, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { useRecordAction } from '../../api/hooks/useRecordAction.ts';
import { taxRateLabel } from '../../api/hooks/useTaxRates.ts';
import { allTaxRatesQuery } from '../../api/queries/taxes.ts';
import { MutationForm } from '../../ui/MutationForm.tsx';
import { trimZeros } from '../../ui/money.ts';
import { Page } from '../../ui/Page.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import { useBooks } from '../shell/books.tsx';
import { DeactivatableTable } from './DeactivatableTable.tsx';
import { TaxGroups } from './TaxGroups.tsx';

function NewTaxRate({ onDone }: { onDone: () => void }) {
  const accounts = useAllAccounts();
  const liabilities = (accounts.data ?? []).filter(
    (account) => account.type === 'liability' && account.is_active,
  );
  const salesTax = liabilities.find(
    (account) => account.system_role === 'sales_tax_payable' || account.number === '2200',
  );
  const form = useForm({ initialValues: { name: '', rate: '', liability_account: '' } });
  const create = useFormMutation(form, {
    save: async (values) =>
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
    written: 'tax-rates',
    notice: (rate) => `${taxRateLabel(rate)} created.`,
    onSaved: onDone,
  });
  return (
    <MutationForm form={form} mutation={create} submit="Create tax rate">
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
    </MutationForm>
  );
}

export default function TaxRates() {
  const books = useBooks();
  const [creating, dialog] = useDisclosure(false);
  const rates = useQuery(allTaxRatesQuery());
  const deactivate = useRecordAction('/api/v1/tax-rates/{id}/deactivate', 'tax-rates');
  if (!books) return null;
  const rows = rates.data?.results ?? [];
  return (
    <Page title="Tax rates" create={books.can.writeBooks && { label: 'New tax rate', onClick: dialog.open }}>
      <DeactivatableTable
        read={rates}
        deactivate={books.can.writeBooks ? deactivate : null}
        empty="No tax rates yet. Create one to charge tax on invoice lines."
        columns={[
          { header: 'Rate', align: 'right', cell: (rate) => `${trimZeros(rate.rate)}%` },
          { header: 'Liability account', cell: (rate) => rate.liability_account_number },
        ]}
      />
      <TaxGroups books={books} rates={rows} />
      <Modal opened={creating} onClose={dialog.close} title="New tax rate">
        <NewTaxRate onDone={dialog.close} />
      </Modal>
    </Page>
  );
}
