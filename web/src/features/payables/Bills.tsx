// Bills (D54): the shared document list with the bill's descriptor (a vendor's bills by `?vendor=`).
import { DocumentList } from '../documents/DocumentList.tsx';
import { billKind } from './billKind.tsx';

export default function Bills() {
  return <DocumentList kind={billKind} />;
}
