// Vendors (D53): contacts whose address is `address` and whose standing is what is owed on their
// open bills less the remaining credit of their issued vendor credits (D87).
import type { VendorStanding } from '../../storage/stores/vendors.ts';
import * as vendors from '../../storage/stores/vendors.ts';
import { type ContactKind, contactUseCases } from './contacts.ts';

/** Vendors: besides the balance, their open bills. */
export const VENDOR = {
  what: 'vendor',
  address: 'address',
  store: vendors,
  describeStanding: (standing) => ({ open_bill_count: standing?.open_bill_count ?? 0 }),
} satisfies ContactKind<'address', VendorStanding, object>;

export const {
  list: listVendors,
  read: readVendor,
  create: createVendor,
  update: updateVendor,
  deactivate: deactivateVendor,
} = contactUseCases(VENDOR);
