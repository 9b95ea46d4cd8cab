// A payment received on its own page (`/payments/<id>`, issue 21).
import { PaymentPage } from './PaymentPage.tsx';
import { paymentReceivedKind } from './paymentKinds.tsx';

export default function PaymentReceivedPage() {
  return <PaymentPage kind={paymentReceivedKind} />;
}
