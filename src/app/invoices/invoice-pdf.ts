// The invoice as a PDF (pdfkit, built-in Helvetica: no font files, no network): the rendering of a
// view, attached to its email (D62) and downloaded with GET /invoices/{id}/pdf.
import PDFDocument from 'pdfkit';
import { type PaymentTerms, termDays } from '../../domain/invoice.ts';
import type { Actor, Deps } from '../context.ts';
import { type InvoiceView, readInvoice } from './read-invoices.ts';

/** GET /invoices/{id}/pdf: the invoice of these books as a PDF, with the file name to save it as. */
export async function invoicePdf(deps: Deps, actor: Actor, id: string) {
  const invoice = await readInvoice(deps.db, actor, id);
  const bytes = await renderInvoicePdf(invoice, actor.organization.name);
  return { bytes, filename: `invoice-${invoice.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf` };
}

const money = (value: string, currency: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${currency} ${whole}.${fraction.slice(0, 2).padEnd(2, '0')}`;
};

/** How the document names terms: "Net 30", "Due on receipt". */
export function termsLabel(terms: PaymentTerms): string {
  return terms === 'due_on_receipt' ? 'Due on receipt' : `Net ${termDays(terms)}`;
}

export function renderInvoicePdf(invoice: InvoiceView, organizationName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.number}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(20).text(organizationName);
    const status = invoice.status === 'draft' ? ' (draft)' : invoice.status === 'void' ? ' (void)' : '';
    doc.moveDown(0.5).fontSize(14).text(`Invoice ${invoice.number}${status}`);
    doc.fontSize(10).moveDown();
    doc.text(`Bill to: ${invoice.customer_name}`);
    doc.text(`Issue date: ${invoice.issue_date}`);
    doc.text(
      `Due date: ${invoice.due_date}${invoice.payment_terms ? ` (${termsLabel(invoice.payment_terms)})` : ''}`,
    );
    if (invoice.reference) doc.text(`Reference: ${invoice.reference}`);
    doc.moveDown();
    for (const line of invoice.lines) {
      const quantity = line.quantity.replace(/\.?0+$/, '');
      doc.text(
        `${line.description || 'Item'}  ${quantity} x ${money(line.unit_price, invoice.currency)}  = ${money(line.amount, invoice.currency)}${line.is_taxable ? ` (tax ${money(line.tax_amount, invoice.currency)})` : ''}`,
      );
    }
    doc.moveDown();
    doc.text(`Subtotal: ${money(invoice.subtotal, invoice.currency)}`, { align: 'right' });
    doc.text(`Tax: ${money(invoice.tax_total, invoice.currency)}`, { align: 'right' });
    doc.text(`Total: ${money(invoice.total, invoice.currency)}`, { align: 'right' });
    doc.text(`Paid: ${money(invoice.amount_paid, invoice.currency)}`, { align: 'right' });
    if (invoice.amount_credited !== '0.0000') {
      doc.text(`Credited: ${money(invoice.amount_credited, invoice.currency)}`, { align: 'right' });
    }
    doc.fontSize(12).text(`Balance due: ${money(invoice.balance_due, invoice.currency)}`, { align: 'right' });
    if (invoice.memo) doc.moveDown().fontSize(10).text(invoice.memo);
    doc.end();
  });
}
