// Create or edit a vendor (D53). Fields carry the API's names; refusals land next to their inputs,
// and a 412 stale_write (someone else saved first) offers to reload.
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client.ts';
import type { components } from '../../api/schema';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { TERMS } from '../customers/CustomerForm.tsx';

type Vendor = components['schemas']['Vendor'];
type Terms = NonNullable<components['schemas']['VendorCreate']['payment_terms']>;

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function VendorForm({
  vendor,
  onSaved,
  onReload,
}: {
  vendor?: Vendor;
  onSaved: (vendor: Vendor) => void;
  onReload?: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      display_name: vendor?.display_name ?? '',
      email: vendor?.email ?? '',
      company_name: vendor?.company_name ?? '',
      phone: vendor?.phone ?? '',
      address: vendor?.address ?? '',
      notes: vendor?.notes ?? '',
      payment_terms: (vendor?.payment_terms ?? 'net_30') as string,
    },
  });
  const save = useMutation({
    mutationFn: async (values: typeof form.values) => {
      const body = {
        display_name: values.display_name.trim(),
        email: orNull(values.email),
        company_name: orNull(values.company_name),
        phone: orNull(values.phone),
        address: orNull(values.address),
        notes: values.notes,
        payment_terms: values.payment_terms as Terms,
      };
      return vendor
        ? data(
            await api.PATCH('/api/v1/vendors/{id}', {
              params: { path: { id: vendor.id } },
              body: { ...body, version: vendor.version },
            }),
          )
        : data(await api.POST('/api/v1/vendors', { body }));
    },
    onSuccess: (saved) => {
      queryClient.invalidateQueries({ queryKey: ['vendors'] });
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
        <Textarea label="Address" autosize minRows={2} {...form.getInputProps('address')} />
        <Select
          label="Payment terms"
          data={TERMS}
          allowDeselect={false}
          {...form.getInputProps('payment_terms')}
        />
        <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {vendor ? 'Save' : 'Create vendor'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
