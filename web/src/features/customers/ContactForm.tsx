// The form of a party the books deal with: a customer (CustomerForm) or a vendor (VendorForm), which
// the API shapes alike (D53). Fields carry the API's names; refusals land next to their inputs (the
// address under either API name), and a 412 stale_write (someone else saved first) offers to reload.
import { Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '../../api/errors.ts';
import { MutationForm } from '../../ui/MutationForm.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import { TERMS, type Terms } from '../documents/terms.ts';

// The terms a contact and an invoice share (documents/terms.ts).
export { TERMS };

/** What the form edits, the address under one name whatever the API calls it. */
export interface ContactBody {
  display_name: string;
  email: string | null;
  company_name: string | null;
  phone: string | null;
  address: string | null;
  notes: string;
  payment_terms: Terms;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function ContactForm<Saved>({
  initial,
  addressLabel,
  addressField,
  submitLabel,
  written,
  save,
  onSaved,
  onReload,
}: {
  initial: Partial<Record<keyof ContactBody, string | null>>;
  addressLabel: string;
  /** The API's name of the address field, where its refusals are reported. */
  addressField: string;
  submitLabel: string;
  /** The resource the save writes (what it makes stale is the invalidation map's). */
  written: 'customers' | 'vendors';
  save: (body: ContactBody) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  onReload?: () => void;
}) {
  const form = useForm({
    initialValues: {
      display_name: initial.display_name ?? '',
      email: initial.email ?? '',
      company_name: initial.company_name ?? '',
      phone: initial.phone ?? '',
      address: initial.address ?? '',
      notes: initial.notes ?? '',
      payment_terms: initial.payment_terms ?? 'net_30',
    },
  });
  const mutation = useFormMutation(form, {
    save: (values) =>
      save({
        display_name: values.display_name.trim(),
        email: orNull(values.email),
        company_name: orNull(values.company_name),
        phone: orNull(values.phone),
        address: orNull(values.address),
        notes: values.notes,
        payment_terms: values.payment_terms as Terms,
      }),
    written,
    onSaved,
    onRefused: (error) => {
      const address = error instanceof ApiError ? error.fields[addressField] : undefined;
      if (address) form.setFieldError('address', address.join('; '));
    },
  });
  return (
    <MutationForm form={form} mutation={mutation} submit={submitLabel} onReload={onReload}>
      <TextInput label="Display name" required data-autofocus {...form.getInputProps('display_name')} />
      <TextInput label="Email" type="email" {...form.getInputProps('email')} />
      <TextInput label="Company name" {...form.getInputProps('company_name')} />
      <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
      <Textarea label={addressLabel} autosize minRows={2} {...form.getInputProps('address')} />
      <Select
        label="Payment terms"
        data={TERMS}
        allowDeselect={false}
        {...form.getInputProps('payment_terms')}
      />
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
    </MutationForm>
  );
}
