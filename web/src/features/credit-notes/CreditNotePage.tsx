// One credit note (D60): the shared document page with the credit note's descriptor.
import { DocumentPage } from '../documents/DocumentPage.tsx';
import { creditNoteKind } from './creditNoteKind.tsx';

export default function CreditNotePage() {
  return <DocumentPage kind={creditNoteKind} />;
}
