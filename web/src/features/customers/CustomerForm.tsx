// Create or edit a customer: the shared contact form, with the customer's billing address.
import { saveRecord } from '../../api/queries/actions.ts';
import type { components } from '../../api/schema';
import type { ContactFormProps } from '../contacts/kind.ts';
import { ContactForm } from './ContactForm.tsx';

export { TERMS } from './ContactForm.tsx';

type Customer = components['schemas']['Customer'];

export function CustomerForm({ contact: customer, onSaved, onReload }: ContactFormProps<Customer>) {
  return (
    <ContactForm
      initial={{ ...customer, address: customer?.billing_address }}
      addressLabel="Billing address"
      addressField="billing_address"
      submitLabel={customer ? 'Save' : 'Create customer'}
      written="customers"
      save={({ address, ...fields }) =>
        saveRecord('/api/v1/customers', customer, { ...fields, billing_address: address })
      }
      onSaved={onSaved}
      onReload={onReload}
    />
  );
}
