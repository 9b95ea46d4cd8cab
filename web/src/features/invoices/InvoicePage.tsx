// One invoice: the shared document page with the invoice's descriptor.
import { DocumentPage } from '../documents/DocumentPage.tsx';
import { invoiceKind } from './invoiceKind.tsx';

export default function InvoicePage() {
  return <DocumentPage kind={invoiceKind} />;
}
