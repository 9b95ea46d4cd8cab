// One vendor (D53): the shared contact page with the vendor's descriptor ("New bill", their bills).
import { ContactPage } from '../contacts/ContactPage.tsx';
import { vendorKind } from './vendorKind.tsx';

export default function VendorPage() {
  return <ContactPage kind={vendorKind} />;
}
