// One bill (D54): the shared document page with the bill's descriptor.
import { DocumentPage } from '../documents/DocumentPage.tsx';
import { billKind } from './billKind.tsx';

export default function BillPage() {
  return <DocumentPage kind={billKind} />;
}
