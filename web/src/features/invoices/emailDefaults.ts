// The invoice email dialog's first words (issue 21): a subject and a message naming the invoice,
// what is due and when, signed by the organization. The bookkeeper edits them before sending.
import { formatDate } from '../../ui/dates.ts';
import { formatAmount, parseMoney } from '../../ui/money.ts';

export interface EmailedInvoice {
  number: string | null;
  customer_name: string;
  balance_due: string;
  due_date: string;
  currency: string;
}

export function emailDefaults(invoice: EmailedInvoice, organization: string) {
  const number = invoice.number ?? '';
  const due = parseMoney(invoice.balance_due) > 0n;
  return {
    subject: `Invoice ${number} from ${organization}`,
    message: [
      `Hello ${invoice.customer_name},`,
      due
        ? `Please find attached invoice ${number} for ${formatAmount(invoice.balance_due, invoice.currency)}, due ${formatDate(invoice.due_date)}.`
        : `Please find attached invoice ${number}. It is paid in full; thank you.`,
      `Thank you for your business,\n${organization}`,
    ].join('\n\n'),
  };
}
