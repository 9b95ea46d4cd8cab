// A bill payment on its own page (`/bill-payments/<id>`, issue 21).
import { PaymentPage } from '../payments/PaymentPage.tsx';
import { billPaymentKind } from '../payments/paymentKinds.tsx';

export default function BillPaymentPage() {
  return <PaymentPage kind={billPaymentKind} />;
}
