// The lines of sales documents: invoices and credit notes price their lines the same way (D60: a
// credit note is "like an invoice") and store them in tables of the same shape, each line under its
// document (document-store.ts reads, writes and deletes them).
import { linesTable, type NewPricedLine, pricedLineColumns, type StoredLineTaxes } from './document-store.ts';

/** A line to store; amounts as NUMERIC text. is_taxable is stored as "has a tax rate or group". */
export interface NewSalesLine extends NewPricedLine {
  unitPrice: string;
  incomeAccountId: string;
  /** D48: the item the line sells (invoices only). */
  itemId: string | null;
}

/** A stored line, under its document's column (`invoice_id` or `credit_note_id`). */
export type SalesLineRow<Parent extends string> = Record<Parent, string> &
  StoredLineTaxes & {
    line_no: number;
    description: string;
    quantity: string;
    unit_price: string;
    amount: string;
    income_account_id: string;
    is_taxable: boolean;
    tax_rate_id: string | null;
    tax_amount: string;
    tracking_options: string[];
    item_id: string | null;
  };

const COLUMNS = pricedLineColumns<NewSalesLine>(
  { name: 'unit_price', type: 'numeric', value: (line) => line.unitPrice },
  { name: 'income_account_id', type: 'uuid', value: (line) => line.incomeAccountId },
);
const computed = { is_taxable: '(r.tax_rate_id IS NOT NULL OR r.tax_group_id IS NOT NULL)' };

/** Each sales kind's lines, by kind. */
export const SALES_LINES = {
  invoice: linesTable<SalesLineRow<'invoice_id'>, NewSalesLine, 'invoice_id'>({
    table: 'invoice_lines',
    parent: 'invoice_id',
    columns: COLUMNS,
    taxes: 'invoice_line_taxes',
    computed,
  }),
  credit_note: linesTable<SalesLineRow<'credit_note_id'>, NewSalesLine, 'credit_note_id'>({
    table: 'credit_note_lines',
    parent: 'credit_note_id',
    columns: COLUMNS,
    taxes: 'credit_note_line_taxes',
    computed,
  }),
};
export type SalesDocument = keyof typeof SALES_LINES;
