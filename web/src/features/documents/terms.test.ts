import { describe, expect, test } from 'vitest';
import { dueDateFor, followTerms, termsLabel } from './terms.ts';

describe('payment terms in the invoice editor', () => {
  test('the due date is the issue date plus the terms, across months and leap days', () => {
    expect(dueDateFor('2026-01-31', 'net_30')).toBe('2026-03-02');
    expect(dueDateFor('2028-02-15', 'net_15')).toBe('2028-03-01');
    expect(dueDateFor('2026-02-10', 'net_90')).toBe('2026-05-11');
    expect(dueDateFor('2026-02-10', 'due_on_receipt')).toBe('2026-02-10');
    expect(dueDateFor('', 'net_7')).toBeNull();
    expect(dueDateFor('2026-02-', 'net_7')).toBeNull();
    expect(termsLabel('net_60')).toBe('Net 60');
    expect(termsLabel(null)).toBe('');
  });

  test('terms, issue date and customer compute the due date; a typed date the terms do not give is custom', () => {
    const start = { issue_date: '2026-01-31', payment_terms: '', due_date: '' };
    const chosen = followTerms(start, 'party', 'net_30');
    expect(chosen).toEqual({ issue_date: '2026-01-31', payment_terms: 'net_30', due_date: '2026-03-02' });
    const net15 = followTerms({ ...chosen, payment_terms: 'net_15' }, 'payment_terms', 'net_30');
    expect(net15.due_date).toBe('2026-02-15');
    const redated = followTerms({ ...net15, issue_date: '2026-02-01' }, 'issue_date', 'net_30');
    expect(redated.due_date).toBe('2026-02-16');
    const typed = followTerms({ ...redated, due_date: '2026-03-10' }, 'due_date', 'net_30');
    expect(typed).toEqual({ issue_date: '2026-02-01', payment_terms: '', due_date: '2026-03-10' });
    // A custom due date stays when the issue date moves (the server keeps it too).
    expect(followTerms({ ...typed, issue_date: '2026-02-05' }, 'issue_date', 'net_30').due_date).toBe(
      '2026-03-10',
    );
    // Typing the very date the terms give keeps them.
    expect(followTerms({ ...redated, due_date: '2026-02-16' }, 'due_date', 'net_30').payment_terms).toBe(
      'net_15',
    );
  });
});
