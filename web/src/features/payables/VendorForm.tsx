// Create or edit a vendor (D53): the shared contact form (customers and vendors are shaped alike).
import { saveRecord } from '../../api/queries/actions.ts';
import type { components } from '../../api/schema';
import type { ContactFormProps } from '../contacts/kind.ts';
import { ContactForm } from '../customers/ContactForm.tsx';

type Vendor = components['schemas']['Vendor'];

export function VendorForm({ contact: vendor, onSaved, onReload }: ContactFormProps<Vendor>) {
  return (
    <ContactForm
      initial={vendor ?? {}}
      addressLabel="Address"
      addressField="address"
      submitLabel={vendor ? 'Save' : 'Create vendor'}
      written="vendors"
      save={(body) => saveRecord('/api/v1/vendors', vendor, body)}
      onSaved={onSaved}
      onReload={onReload}
    />
  );
}
