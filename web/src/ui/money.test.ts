import { describe, expect, test } from 'vitest';
import {
  balanceSentence,
  entryBalance,
  formatAmount,
  formatTypedAmount,
  invoiceTotals,
  isBlankAmount,
  lineAmount,
  readAmount,
  sumAmounts,
} from './money.ts';

describe('formatAmount shows exact amounts with the currency', () => {
  test.each([
    ['0', 'USD', '$0.00'],
    ['1234567.5', 'USD', '$1,234,567.50'],
    ['-12', 'USD', '-$12.00'],
    ['0.0001', 'USD', '$0.0001'],
    ['9999999999999999.9999', 'USD', '$9,999,999,999,999,999.9999'],
    ['1500', 'JPY', '¥1,500'],
    ['12.5', 'EUR', '€12.50'],
    ['1.234', 'KWD', 'KWD 1.234'],
  ])('%s %s reads %s', (amount, currency, expected) => {
    expect(formatAmount(amount, currency)).toBe(expected);
  });

  test('0.1 + 0.2 is exactly 0.3 (no float on the way)', () => {
    const sum = (readAmount('0.1') ?? 0n) + (readAmount('0.2') ?? 0n);
    expect(formatAmount(sum, 'USD')).toBe('$0.30');
  });
});

describe('line totals follow the server rules (D8)', () => {
  test('quantity times unit price is rounded half away from zero to cents', () => {
    expect(lineAmount('3', '0.335', 'USD')).toBe(10100n); // 1.005 -> 1.01
    expect(lineAmount('1', '-0.005', 'USD')).toBe(-100n); // -0.005 -> -0.01
    expect(lineAmount('2', 'abc', 'USD')).toBeNull();
  });

  test('invoice totals round tax per line and add it to the subtotal', () => {
    const totals = invoiceTotals(
      [
        { quantity: '1', unitPrice: '10.00', taxPercents: ['8.25'] },
        { quantity: '3', unitPrice: '0.335', taxPercents: [] },
      ],
      'USD',
    );
    expect(totals).toEqual({ subtotal: 110100n, taxTotal: 8300n, total: 118400n });
  });

  test('a line taxed at a tax group rounds each rate on its own (D90)', () => {
    // 10.00 at 6.25% and 1.75%: 0.63 + 0.18 = 0.81 (8% rounded once would be 0.80).
    const totals = invoiceTotals(
      [{ quantity: '1', unitPrice: '10.00', taxPercents: ['6.25', '1.75'] }],
      'USD',
    );
    expect(totals).toEqual({ subtotal: 100000n, taxTotal: 8100n, total: 108100n });
  });

  test('a line that is not a number gives no total rather than a wrong one', () => {
    expect(invoiceTotals([{ quantity: '1', unitPrice: '1,0,0.x', taxPercents: [] }], 'USD')).toBeNull();
  });
});

describe('the balance indicator of the debit/credit grid', () => {
  test('a balanced entry says so', () => {
    const balance = entryBalance([
      { debit: '100.10', credit: '' },
      { debit: '', credit: '100.1' },
    ]);
    expect(balance.difference).toBe(0n);
    expect(balanceSentence(balance, 'USD')).toBe('Balanced.');
  });

  test('an unbalanced entry says by how much and which side is heavier', () => {
    const balance = entryBalance([
      { debit: '5000', credit: '' },
      { debit: '', credit: '4000.01' },
    ]);
    expect(balanceSentence(balance, 'USD')).toBe('Out of balance by $999.99 (debits exceed credits).');
  });

  test('amounts that are not numbers are named by line', () => {
    const balance = entryBalance([
      { debit: '1', credit: '' },
      { debit: '', credit: 'ten' },
    ]);
    expect(balanceSentence(balance, 'USD')).toBe('Line 2 has an amount that is not a number.');
  });

  test('an empty grid asks for amounts', () => {
    expect(balanceSentence(entryBalance([{ debit: '', credit: '' }]), 'USD')).toBe(
      'Enter debits and credits.',
    );
  });
});

describe('an amount input shows its amount formatted once left (issue 21)', () => {
  test.each([
    ['1234.5', 'USD', '1,234.50'],
    ['1234567', 'USD', '1,234,567.00'],
    ['0.125', 'USD', '0.125'],
    ['-42', 'USD', '-42.00'],
    ['1,234.5', 'USD', '1,234.50'],
    ['1500', 'JPY', '1,500'],
    ['', 'USD', ''],
    ['ten', 'USD', 'ten'],
  ])('%s in %s shows %s', (typed, currency, shown) => {
    expect(formatTypedAmount(typed, currency)).toBe(shown);
  });

  test('a line at zero is blank; a line with an amount is not', () => {
    expect(isBlankAmount('')).toBe(true);
    expect(isBlankAmount(' 0.00 ')).toBe(true);
    expect(isBlankAmount('0.01')).toBe(false);
    expect(isBlankAmount('abc')).toBe(false);
  });

  test('typed amounts add up exactly, and not at all when one is not a number', () => {
    expect(sumAmounts(['0.1', '', '0.2'])).toBe(readAmount('0.3'));
    expect(sumAmounts(['1', 'x'])).toBeNull();
  });
});
