// Create or edit a vendor (D53): the shared contact form (customers and vendors are shaped alike).
import { api, data } from '../../api/client.ts';
import type { components } from '../../api/schema';
import { ContactForm } from '../customers/ContactForm.tsx';

type Vendor = components['schemas']['Vendor'];

export function VendorForm({
  vendor,
  onSaved,
  onReload,
}: {
  vendor?: Vendor;
  onSaved: (vendor: Vendor) => void;
  onReload?: () => void;
}) {
  return (
    <ContactForm
      initial={vendor ?? {}}
      addressLabel="Address"
      addressField="address"
      submitLabel={vendor ? 'Save' : 'Create vendor'}
      written="vendors"
      save={async (body) =>
        vendor
          ? data(
              await api.PATCH('/api/v1/vendors/{id}', {
                params: { path: { id: vendor.id } },
                body: { ...body, version: vendor.version },
              }),
            )
          : data(await api.POST('/api/v1/vendors', { body }))
      }
      onSaved={onSaved}
      onReload={onReload}
    />
  );
}
