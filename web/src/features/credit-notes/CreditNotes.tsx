// Credit notes (D60): the shared document list with the credit note's descriptor.
import { DocumentList } from '../documents/DocumentList.tsx';
import { creditNoteKind } from './creditNoteKind.tsx';

export default function CreditNotes() {
  return <DocumentList kind={creditNoteKind} />;
}
