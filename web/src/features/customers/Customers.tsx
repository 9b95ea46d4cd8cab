// Customers: the shared contact list with the customer's descriptor.
import { ContactList } from '../contacts/ContactList.tsx';
import { customerKind } from './customerKind.tsx';

export default function Customers() {
  return <ContactList kind={customerKind} />;
}
