// A customer statement as a PDF (D92; pdfkit with its built-in Helvetica, as the invoice's): the
// rendering of the statement's JSON, downloaded with Accept: application/pdf and attached to its email.
import PDFDocument from 'pdfkit';
import type { customerStatement } from './customer-statement.ts';

export type Statement = Awaited<ReturnType<typeof customerStatement>>;

/** Two decimals for print; the amounts are exact four-decimal strings, cut (not rounded) like the invoice's. */
const money = (value: string, currency: string) => {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  return `${negative ? '-' : ''}${currency} ${whole}.${fraction.slice(0, 2).padEnd(2, '0')}`;
};

export function statementFilename(statement: Statement): string {
  const range = statement.from ? `${statement.from}-to-${statement.to}` : statement.to;
  const name = statement.customer_name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  return `statement-${name}-${statement.type}-${range}`;
}

export function renderStatementPdf(statement: Statement, organizationName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const title =
      statement.type === 'activity'
        ? `Statement of account ${statement.from} to ${statement.to}`
        : `Statement of outstanding balance as of ${statement.to}`;
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const c = statement.currency;
    const row = (cells: string[], widths: number[], bold = false) => {
      const y = doc.y;
      let x = 50;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      cells.forEach((cell, index) => {
        const width = widths[index] ?? 80;
        doc.text(cell, x, y, { width, align: index >= cells.length - 2 ? 'right' : 'left' });
        x += width;
      });
      doc.font('Helvetica');
      doc.x = 50;
      doc.moveDown(0.3);
    };

    doc.fontSize(20).text(organizationName);
    doc.moveDown(0.5).fontSize(14).text(title);
    doc.fontSize(10).moveDown();
    doc.text(`To: ${statement.customer_name}`);
    if (statement.customer_email) doc.text(statement.customer_email);
    doc.moveDown();
    if (statement.outstanding) {
      const o = statement.outstanding;
      const widths = [90, 70, 70, 90, 90, 85];
      row(['Invoice', 'Issued', 'Due', 'Overdue', 'Total', 'Open'], widths, true);
      for (const invoice of o.invoices) {
        row(
          [
            invoice.number,
            invoice.issue_date,
            invoice.due_date,
            invoice.days_overdue > 0 ? `${invoice.days_overdue} days` : '',
            money(invoice.total, c),
            money(invoice.open, c),
          ],
          widths,
        );
      }
      row(['', '', '', '', 'Invoices open', money(o.invoices_total, c)], widths, true);
      if (o.credits.length > 0) {
        doc.moveDown();
        row(['Credit', 'Date', '', '', 'Amount', 'Unapplied'], widths, true);
        for (const credit of o.credits) {
          const label = `${credit.kind === 'payment' ? 'Payment' : 'Credit note'} ${credit.number}`;
          row([label, credit.date, '', '', money(credit.amount, c), money(credit.unapplied, c)], widths);
        }
        row(['', '', '', '', 'Unapplied credit', money(o.credits_total, c)], widths, true);
      }
    }
    if (statement.activity) {
      const a = statement.activity;
      const widths = [75, 230, 95, 95];
      row(['Date', 'Description', 'Amount', 'Balance'], widths, true);
      row([statement.from ?? '', 'Opening balance', '', money(a.opening_balance, c)], widths);
      for (const line of a.lines) {
        row([line.date, line.description, money(line.amount, c), money(line.balance, c)], widths);
      }
      row([statement.to, 'Closing balance', '', money(a.closing_balance, c)], widths, true);
    }
    doc.moveDown();
    doc.fontSize(12).text(`Balance due: ${money(statement.balance, c)}`, 50, doc.y, { align: 'right' });
    doc.end();
  });
}
