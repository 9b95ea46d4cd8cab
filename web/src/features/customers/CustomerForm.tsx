// Create or edit a customer: the shared contact form, with the customer's billing address.
import { api, data } from '../../api/client.ts';
import type { components } from '../../api/schema';
import { ContactForm } from './ContactForm.tsx';

export { TERMS } from './ContactForm.tsx';

type Customer = components['schemas']['Customer'];

export function CustomerForm({
  customer,
  onSaved,
  onReload,
}: {
  customer?: Customer;
  onSaved: (customer: Customer) => void;
  onReload?: () => void;
}) {
  return (
    <ContactForm
      initial={{ ...customer, address: customer?.billing_address }}
      addressLabel="Billing address"
      addressField="billing_address"
      submitLabel={customer ? 'Save' : 'Create customer'}
      written="customers"
      save={async ({ address, ...fields }) => {
        const body = { ...fields, billing_address: address };
        return customer
          ? data(
              await api.PATCH('/api/v1/customers/{id}', {
                params: { path: { id: customer.id } },
                body: { ...body, version: customer.version },
              }),
            )
          : data(await api.POST('/api/v1/customers', { body }));
      }}
      onSaved={onSaved}
      onReload={onReload}
    />
  );
}
