// One customer: the shared contact page with the customer's descriptor (and their statement, D92).
import { ContactPage } from '../contacts/ContactPage.tsx';
import { customerKind } from './customerKind.tsx';

export default function CustomerPage() {
  return <ContactPage kind={customerKind} />;
}
