import { describe, expect, it } from 'vitest';
import { emailDefaults } from './emailDefaults.ts';

const invoice = {
  number: 'INV-000007',
  customer_name: 'Acme Ltd',
  balance_due: '1250.5000',
  due_date: '2026-12-26',
  currency: 'USD',
};

describe('emailDefaults', () => {
  it('names the invoice, the amount due, the due date and the organization', () => {
    const { subject, message } = emailDefaults(invoice, 'Folio Books');
    expect(subject).toBe('Invoice INV-000007 from Folio Books');
    expect(message).toContain('Hello Acme Ltd,');
    expect(message).toContain('invoice INV-000007 for $1,250.50, due Dec 26, 2026.');
    expect(message.endsWith('Folio Books')).toBe(true);
  });

  it('says a paid invoice is paid rather than asking for nothing', () => {
    const { message } = emailDefaults({ ...invoice, balance_due: '0.0000' }, 'Folio Books');
    expect(message).toContain('paid in full');
    expect(message).not.toContain('due Dec');
  });
});
