// Create or edit an item (D47). Fields carry the API's names; an inventory item's cost of goods sold
// and inventory asset accounts default on the server (5000, 1200) when left empty; refusals land next
// to their inputs.
import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { useTaxRateOptions } from '../../api/hooks/useTaxRates.ts';
import { saveRecord } from '../../api/queries/actions.ts';
import type { components } from '../../api/schema';
import { MutationForm } from '../../ui/MutationForm.tsx';
import { trimZeros } from '../../ui/money.ts';
import { Picker, usePickerCheck } from '../../ui/Picker.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';

export type Item = components['schemas']['Item'];
type ItemType = Item['type'];

export const ITEM_TYPES: { value: ItemType; label: string }[] = [
  { value: 'inventory', label: 'Inventory (tracked stock)' },
  { value: 'non_inventory', label: 'Non-inventory product' },
  { value: 'service', label: 'Service' },
];

const orNull = (text: string | null) => (text === null || text.trim() === '' ? null : text.trim());

export function ItemForm({
  item,
  onSaved,
  onReload,
}: {
  item?: Item;
  onSaved: (item: Item) => void;
  onReload?: () => void;
}) {
  const accounts = useAllAccounts();
  const taxRateOptions = useTaxRateOptions();
  const pickers = usePickerCheck();
  const form = useForm({
    initialValues: {
      name: item?.name ?? '',
      type: (item?.type ?? 'inventory') as string,
      sku: item?.sku ?? '',
      description: item?.description ?? '',
      sale_price: item ? trimZeros(item.sale_price) : '',
      purchase_cost: trimZeros(item?.purchase_cost ?? ''),
      income_account: item?.income_account ?? (null as string | null),
      expense_account: item?.expense_account ?? (null as string | null),
      tax_rate: item?.tax_rate ?? (null as string | null),
    },
  });
  const options = (type: string) =>
    (accounts.data ?? [])
      .filter((account) => account.type === type && account.is_active)
      .map((account) => ({ value: account.id, label: `${account.number} ${account.name}` }));
  const save = useFormMutation(form, {
    save: async (values) => {
      const body = {
        name: values.name.trim(),
        type: values.type as ItemType,
        sku: orNull(values.sku),
        description: values.description,
        ...(values.sale_price.trim() ? { sale_price: values.sale_price.trim() } : {}),
        ...(values.purchase_cost.trim() ? { purchase_cost: values.purchase_cost.trim() } : {}),
        income_account: values.income_account,
        // Left empty on an inventory item, the server picks cost of goods sold (D47).
        ...(values.expense_account || item ? { expense_account: values.expense_account } : {}),
        tax_rate: values.tax_rate,
      };
      return saveRecord('/api/v1/items', item, body);
    },
    written: 'items',
    onSaved,
  });
  return (
    <MutationForm
      form={form}
      mutation={save}
      submit={item ? 'Save item' : 'Create item'}
      disabled={pickers.reason !== null}
      onReload={onReload}
    >
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select label="Type" data={ITEM_TYPES} allowDeselect={false} {...form.getInputProps('type')} />
        <TextInput label="SKU" {...form.getInputProps('sku')} />
        <TextInput label="Sale price" inputMode="decimal" {...form.getInputProps('sale_price')} />
        <TextInput label="Purchase cost" inputMode="decimal" {...form.getInputProps('purchase_cost')} />
        <Picker
          noun="an account"
          check={pickers}
          label="Income account"
          placeholder="None"
          clearable
          data={options('income')}
          {...form.getInputProps('income_account')}
        />
        <Picker
          noun="an account"
          check={pickers}
          label={form.values.type === 'inventory' ? 'Cost of goods sold account' : 'Expense account'}
          placeholder={form.values.type === 'inventory' ? '5000 Cost of Goods Sold' : 'None'}
          clearable
          data={options('expense')}
          {...form.getInputProps('expense_account')}
        />
        <Picker
          noun="a tax rate"
          check={pickers}
          label="Tax rate"
          placeholder="No tax"
          clearable
          data={taxRateOptions}
          {...form.getInputProps('tax_rate')}
        />
      </SimpleGrid>
      <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
    </MutationForm>
  );
}
