// One vendor credit (D87): the shared document page with the vendor credit's descriptor.
import { DocumentPage } from '../documents/DocumentPage.tsx';
import { vendorCreditKind } from './vendorCreditKind.tsx';

export default function VendorCreditPage() {
  return <DocumentPage kind={vendorCreditKind} />;
}
