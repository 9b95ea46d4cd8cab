// The lines of sales documents: invoices and credit notes price their lines the same way (D60: a
// credit note is "like an invoice") and store them in tables of the same shape, each line under its
// document. One place writes, reads and deletes them for both.
import type { Queryable } from '../db.ts';
import { insertRowsSql, SqlParams, uuidListColumn } from '../rows.ts';
import { childrenOf } from '../sql.ts';

/** Where a kind of document keeps its lines: the table and the column naming the document. */
const TABLES = {
  invoice: { table: 'invoice_lines', parent: 'invoice_id' },
  credit_note: { table: 'credit_note_lines', parent: 'credit_note_id' },
} as const;
export type SalesDocument = keyof typeof TABLES;

/** A line to store; amounts as NUMERIC text. is_taxable is stored as "has a tax rate". */
export interface NewSalesLine {
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  incomeAccountId: string;
  taxRateId: string | null;
  taxAmount: string;
  trackingOptionIds: string[];
  /** D48: the item the line sells (invoices only). */
  itemId: string | null;
}

/** A stored line, under its document's column (`invoice_id` or `credit_note_id`). */
export type SalesLineRow<Parent extends string> = Record<Parent, string> & {
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

/** The lines of the given documents of one kind, by document, in line order. */
export function salesLinesOf<Kind extends SalesDocument>(kind: Kind) {
  const { table, parent } = TABLES[kind];
  type Parent = (typeof TABLES)[Kind]['parent'];
  return childrenOf<SalesLineRow<Parent>, Parent>(
    `SELECT ${parent}, line_no, description, quantity::text AS quantity, unit_price::text AS unit_price,
            amount::text AS amount, income_account_id, is_taxable, tax_rate_id, tax_amount::text AS tax_amount,
            tracking_options::text[] AS tracking_options, item_id
       FROM ${table} WHERE organization_id = $1 AND ${parent} = ANY($2::uuid[])
      ORDER BY ${parent}, line_no`,
    parent as Parent,
  );
}

/** Every line of a document in one statement, numbered from 1 in the order given. */
export async function insertSalesLines(
  tx: Queryable,
  kind: SalesDocument,
  organizationId: string,
  documentId: string,
  lines: NewSalesLine[],
): Promise<void> {
  const { table, parent } = TABLES[kind];
  const params = new SqlParams();
  const sql = insertRowsSql(params, {
    table,
    fixed: { organization_id: params.add(organizationId), [parent]: params.add(documentId) },
    ordinalColumn: 'line_no',
    columns: [
      { name: 'description', type: 'text', values: lines.map((line) => line.description) },
      { name: 'quantity', type: 'numeric', values: lines.map((line) => line.quantity) },
      { name: 'unit_price', type: 'numeric', values: lines.map((line) => line.unitPrice) },
      { name: 'amount', type: 'numeric', values: lines.map((line) => line.amount) },
      { name: 'income_account_id', type: 'uuid', values: lines.map((line) => line.incomeAccountId) },
      { name: 'tax_rate_id', type: 'uuid', values: lines.map((line) => line.taxRateId) },
      { name: 'tax_amount', type: 'numeric', values: lines.map((line) => line.taxAmount) },
      { name: 'item_id', type: 'uuid', values: lines.map((line) => line.itemId) },
      uuidListColumn(
        'tracking_options',
        lines.map((line) => line.trackingOptionIds),
      ),
    ],
    computed: { is_taxable: 'r.tax_rate_id IS NOT NULL' },
  });
  await tx.query(sql, params.values);
}

/** Deletes a (draft) document's lines, to replace them or with the draft. */
export async function deleteSalesLines(
  tx: Queryable,
  kind: SalesDocument,
  organizationId: string,
  documentId: string,
): Promise<void> {
  const { table, parent } = TABLES[kind];
  await tx.query(`DELETE FROM ${table} WHERE organization_id = $1 AND ${parent} = $2`, [
    organizationId,
    documentId,
  ]);
}
