// Bill payments (D55): the shared payment list with the bill payment's descriptor; "Pay bills" pays
// open bills of one vendor from a bank, cash or card account, and "Pay bill" on a bill
// (`?pay=<bill>`) opens it with that bill's balance offered in full.
import { useQuery } from '@tanstack/react-query';
import { billReads } from '../../api/queries/bills.ts';
import { PaymentList } from '../payments/PaymentList.tsx';
import { billPaymentKind } from '../payments/paymentKinds.tsx';

function useBillToPay(id: string) {
  const bill = useQuery(billReads.one(id)).data;
  return bill && { party: bill.vendor, id: bill.id, balance_due: bill.balance_due };
}

export default function BillPayments() {
  return <PaymentList kind={billPaymentKind} usePreset={useBillToPay} />;
}
