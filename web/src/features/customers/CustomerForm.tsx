// Create or edit a customer. Fields carry the API's names; refusals land next to their inputs, and a
// 412 stale_write (someone else saved first) offers to reload.
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client.ts';
import type { components } from '../../api/schema';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';

type Customer = components['schemas']['Customer'];
type Terms = components['schemas']['CustomerCreate']['payment_terms'];

export const TERMS = [
  { value: 'due_on_receipt', label: 'Due on receipt' },
  { value: 'net_7', label: 'Net 7' },
  { value: 'net_15', label: 'Net 15' },
  { value: 'net_30', label: 'Net 30' },
  { value: 'net_60', label: 'Net 60' },
  { value: 'net_90', label: 'Net 90' },
];

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function CustomerForm({
  customer,
  onSaved,
  onReload,
}: {
  customer?: Customer;
  onSaved: (customer: Customer) => void;
  onReload?: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      display_name: customer?.display_name ?? '',
      email: customer?.email ?? '',
      company_name: customer?.company_name ?? '',
      phone: customer?.phone ?? '',
      billing_address: customer?.billing_address ?? '',
      notes: customer?.notes ?? '',
      payment_terms: (customer?.payment_terms ?? 'net_30') as string,
    },
  });
  const save = useMutation({
    mutationFn: async (values: typeof form.values) => {
      const body = {
        display_name: values.display_name.trim(),
        email: orNull(values.email),
        company_name: orNull(values.company_name),
        phone: orNull(values.phone),
        billing_address: orNull(values.billing_address),
        notes: values.notes,
        payment_terms: values.payment_terms as NonNullable<Terms>,
      };
      return customer
        ? data(
            await api.PATCH('/api/v1/customers/{id}', {
              params: { path: { id: customer.id } },
              body: { ...body, version: customer.version },
            }),
          )
        : data(await api.POST('/api/v1/customers', { body }));
    },
    onSuccess: (saved) => {
      queryClient.invalidateQueries({ queryKey: ['customers'] });
      onSaved(saved);
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="sm">
        <ErrorNotice error={save.error} onReload={onReload} />
        <TextInput label="Display name" required data-autofocus {...form.getInputProps('display_name')} />
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput label="Company name" {...form.getInputProps('company_name')} />
        <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
        <Textarea label="Billing address" autosize minRows={2} {...form.getInputProps('billing_address')} />
        <Select
          label="Payment terms"
          data={TERMS}
          allowDeselect={false}
          {...form.getInputProps('payment_terms')}
        />
        <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {customer ? 'Save' : 'Create customer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
