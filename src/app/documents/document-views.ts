// What the views of documents share, field for field what their schemas share
// (http/schemas/common.ts's DocumentTotals and postingFields, invoices.ts's LineOutput,
// money-movements.ts's InvoiceApplicationOutput): a kind's view spreads these where they stand in its
// schema.
import { settledBalanceDue } from '../../domain/document.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { SalesLineRow } from '../../storage/stores/sales-lines.ts';
import { recordStamps } from '../views.ts';

/** The totals of a priced document (invoice, credit note, bill). */
export function documentTotals(row: { subtotal: string; tax_total: string; total: string }) {
  return { subtotal: row.subtotal, tax_total: row.tax_total, total: row.total };
}

/**
 * What a posted document answers after its money, as the schemas' postingFields(verb, postedAt): its
 * memo, the entry its posting made and its void's reversal, when it was posted (the column `postedAt`
 * names: sent_at, opened_at) and voided, then its stamps.
 */
export function describePosting<PostedAt extends string>(
  row: {
    memo: string;
    journal_entry_id: string | null;
    void_entry_id: string | null;
    voided_at: string | null;
  } & Record<PostedAt, string | null> &
    Parameters<typeof recordStamps>[0],
  postedAt: PostedAt,
) {
  const at: string | null = row[postedAt];
  const posted = { [postedAt]: at } as Record<PostedAt, string | null>;
  return {
    memo: row.memo,
    journal_entry: row.journal_entry_id,
    void_entry: row.void_entry_id,
    ...posted,
    voided_at: row.voided_at,
    ...recordStamps(row),
  };
}

/** A stored line's tax per rate (D90): `taxes: [{tax_rate, amount}]`, in the order the line took them. */
export function describeLineTaxes(line: { tax_rate_ids: string[]; tax_amounts: string[] }) {
  return line.tax_rate_ids.map((taxRate, index) => ({ tax_rate: taxRate, amount: line.tax_amounts[index]! }));
}

/**
 * The money of a settled document (an invoice, a bill) as answered: its totals, what payments and
 * credits took off it, and the balance due that leaves.
 */
export function settledMoney(row: {
  subtotal: string;
  tax_total: string;
  total: string;
  amount_paid: string;
  amount_credited: string;
  status: string;
}) {
  const due = settledBalanceDue(
    parseMoney(row.total),
    parseMoney(row.amount_paid),
    row.status,
    parseMoney(row.amount_credited),
  );
  return {
    ...documentTotals(row),
    amount_paid: row.amount_paid,
    amount_credited: row.amount_credited,
    balance_due: formatMoney(due),
  };
}

/** A line of a sales document (an invoice's or a credit note's). */
export function describeSalesLine(line: SalesLineRow<never>) {
  return {
    line_no: line.line_no,
    description: line.description,
    quantity: line.quantity,
    unit_price: line.unit_price,
    amount: line.amount,
    income_account: line.income_account_id,
    is_taxable: line.is_taxable,
    tax_rate: line.tax_rate_id,
    tax_group: line.tax_group_id,
    tax_amount: line.tax_amount,
    taxes: describeLineTaxes(line),
    tracking_options: line.tracking_options,
    item: line.item_id,
  };
}

/** Credit taken off an invoice: a payment's application or a credit note's (D33, D60). */
export function describeInvoiceApplication(application: {
  invoice_id: string;
  invoice_number: string;
  amount: string;
  applied_date: string;
}) {
  return {
    invoice_id: application.invoice_id,
    invoice_number: application.invoice_number,
    amount: application.amount,
    applied_date: application.applied_date,
  };
}
