// Vendors (D53): the shared contact list with the vendor's descriptor (edit and deactivate on the rows).
import { ContactList } from '../contacts/ContactList.tsx';
import { vendorKind } from './vendorKind.tsx';

export default function Vendors() {
  return <ContactList kind={vendorKind} />;
}
