// The vendor (D53) as a contact kind: what the books owe them on open bills less their credit left (D87),
// "New bill" for them, their vendor credits, and edit or deactivate from the list.
import { Text } from '@mantine/core';
import { postAction } from '../../api/queries/actions.ts';
import { type Vendor, vendorQuery, vendorsQuery } from '../../api/queries/contacts.ts';
import type { ContactKind } from '../contacts/kind.ts';
import { PURCHASE } from '../documents/sides.ts';
import { VendorCreditsLeft } from './VendorCreditsLeft.tsx';
import { VendorForm } from './VendorForm.tsx';

export const vendorKind: ContactKind<Vendor> = {
  side: PURCHASE,
  plural: 'Vendors',
  written: 'vendors',
  list: {
    query: vendorsQuery,
    openCount: { header: 'Open bills', count: (vendor) => vendor.open_bill_count },
    minWidth: 640,
    none: 'No vendors yet. Create one to enter their bills.',
    afterCreate: 'stay',
    rowActions: {
      deactivate: (vendor) => postAction('/api/v1/vendors/{id}/deactivate', vendor),
      deactivated: (vendor) => `${vendor.display_name} deactivated: no new bills for them.`,
    },
  },
  one: vendorQuery,
  Form: VendorForm,
  page: {
    figures: (vendor) => [
      { label: 'Balance (what the books owe)', amount: vendor.balance },
      { label: 'Open bills', value: <Text fw={600}>{vendor.open_bill_count}</Text> },
    ],
    newDocument: (vendor) =>
      vendor.is_active ? { label: 'New bill', path: `/bills/new?vendor=${vendor.id}` } : null,
    everyDocument: (vendor) => ({
      label: `Every bill of ${vendor.display_name}`,
      path: `/bills?vendor=${vendor.id}`,
    }),
    noneOpen: 'Nothing owed: no open bill from this vendor.',
    Sections: ({ contact }) => <VendorCreditsLeft vendor={contact} />,
  },
};
