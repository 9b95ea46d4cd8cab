import { describe, expect, test } from 'vitest';
import { documentNoun, documentPagePath, documentPath } from './links.ts';

describe('a report line opens the document that posted it', () => {
  const line = (source_type: string) => ({ source_type, source_id: 'doc-1', journal_entry: 'je-1' });

  test('documents with a page of their own open it, their voids too', () => {
    expect(documentPath(line('invoice_void'))).toBe('/invoices/doc-1');
    expect(documentPath(line('vendor_credit'))).toBe('/vendor-credits/doc-1');
    expect(documentPath(line('vendor_credit_void'))).toBe('/vendor-credits/doc-1');
    expect(documentPath(line('bill_payment'))).toBe('/bill-payments/doc-1');
  });

  test('deposits, adjustments and manual entries open the entry', () => {
    expect(documentPath(line('inventory_adjustment'))).toBe('/journal/je-1');
    expect(documentPath(line('manual'))).toBe('/journal/je-1');
    expect(documentPath({ source_type: 'invoice', source_id: null, journal_entry: 'je-2' })).toBe(
      '/journal/je-2',
    );
    expect(documentNoun('vendor_credit')).toBe('vendor credit');
    expect(documentNoun('reversal')).toBe('journal entry');
  });

  test('a stock movement opens its bill or invoice; an adjustment has no page of its own', () => {
    expect(documentPagePath('bill', 'b-1')).toBe('/bills/b-1');
    expect(documentPagePath('bill_void', 'b-1')).toBe('/bills/b-1');
    expect(documentPagePath('invoice', 'i-1')).toBe('/invoices/i-1');
    expect(documentPagePath('inventory_adjustment', 'a-1')).toBeNull();
    expect(documentPagePath('invoice', null)).toBeNull();
  });
});
