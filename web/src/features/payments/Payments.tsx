// Payments received (D61): the shared payment list with the payment received's descriptor; "Record
// payment" applies one payment to several open invoices of a customer, the unapplied rest becoming
// their credit (applied later, or the payment voided).
import { PaymentList } from './PaymentList.tsx';
import { paymentReceivedKind } from './paymentKinds.tsx';

export default function Payments() {
  return <PaymentList kind={paymentReceivedKind} />;
}
