// Vendors (D53): contacts whose address is `address` and whose standing is what is owed on their
// open bills less the remaining credit of their issued vendor credits (D87).
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { VendorStanding } from '../../storage/stores/vendors.ts';
import * as vendors from '../../storage/stores/vendors.ts';
import { type ContactCommand, type ContactKind, type ContactPatch, contactUseCases } from './contacts.ts';

export const VENDOR: ContactKind<'address', VendorStanding, VendorStandingView> = {
  what: 'vendor',
  address: 'address',
  store: vendors,
  standings: vendors.standings,
  describeStanding: (standing) => ({
    balance: formatMoney(parseMoney(standing?.balance ?? '0')),
    open_bill_count: standing?.open_bill_count ?? 0,
  }),
};

interface VendorStandingView {
  balance: string;
  open_bill_count: number;
}

export type CreateVendorCommand = ContactCommand<'address'>;
export type UpdateVendorCommand = ContactPatch<'address'>;

export const {
  list: listVendors,
  read: readVendor,
  create: createVendor,
  update: updateVendor,
  deactivate: deactivateVendor,
} = contactUseCases(VENDOR);
