// Invoices: the shared document list with the invoice's descriptor.
import { DocumentList } from '../documents/DocumentList.tsx';
import { invoiceKind } from './invoiceKind.tsx';

export default function Invoices() {
  return <DocumentList kind={invoiceKind} />;
}
