// Vendor credits (D87): the shared document list with the vendor credit's descriptor.
import { DocumentList } from '../documents/DocumentList.tsx';
import { vendorCreditKind } from './vendorCreditKind.tsx';

export default function VendorCredits() {
  return <DocumentList kind={vendorCreditKind} />;
}
