// What purchase documents (a bill, a vendor credit: D54, D87) share: the vendor's own reference,
// lines priced at their unit cost, and the body their API takes.
import type { DocumentLine, Draft, HeaderField } from './kind.ts';

/** A purchase document's lines (a bill, a vendor credit) in the editor's shape: its unit cost as the price. */
export const purchaseLines = (doc: {
  lines: (Omit<DocumentLine, 'unit_price' | 'income_account'> & { unit_cost: string; account: string })[];
}): DocumentLine[] =>
  doc.lines.map((line) => ({ ...line, unit_price: line.unit_cost, income_account: line.account }));

/** A purchase document's "Vendor reference": the vendor's own number for it. */
export const vendorReferenceField = <Doc extends { vendor_reference: string }>(
  placeholder: string,
): HeaderField<Doc> => ({
  name: 'vendor_reference',
  label: 'Vendor reference',
  type: 'text',
  initial: '',
  from: (doc) => doc.vendor_reference,
  placeholder,
  w: { base: '100%', xs: 200 },
});

/** A purchase document's body (a bill, a vendor credit): the vendor, their reference, memo and lines; a kind adds its date. */
export const purchaseBody = ({ party, values, lines }: Draft) => ({
  vendor: party,
  vendor_reference: values.vendor_reference ?? '',
  memo: values.memo ?? '',
  lines: lines.purchaseBody(),
});
