import { describe, expect, test } from 'vitest';
import { matchesOf, optionFor, optionsOf, unpickedReason } from './picker.ts';

const accounts = optionsOf([
  { value: 'a1', label: '1000 Business Checking' },
  { value: 'a2', label: '6420 Rent' },
  { value: 'a3', label: '16420 Storage' },
  { value: 'a4', label: '4100 Sales' },
  { value: 'a5', label: '6400 Rent deposits' },
]);

describe('Enter and Tab take what the typed text names (issue 21)', () => {
  test('the one match of "1000" is taken', () => {
    expect(optionFor(accounts, '1000', '')?.value).toBe('a1');
  });

  test('text that names one option whole wins over labels that merely hold it', () => {
    expect(matchesOf(accounts, '6420')).toHaveLength(2);
    expect(optionFor(accounts, '6420', '')?.value).toBe('a2');
    expect(optionFor(accounts, ' 6420 rent ', '')?.value).toBe('a2');
  });

  test('several matches and none named whole: nothing is taken', () => {
    expect(optionFor(accounts, 'rent', '')).toBeUndefined();
    expect(optionFor(accounts, '64', '')).toBeUndefined();
  });

  test('a highlighted option is taken, whatever the text', () => {
    expect(optionFor(accounts, 'rent', '', 'a5')?.value).toBe('a5');
    expect(optionFor(accounts, 'rent', '', 'gone')).toBeUndefined();
  });

  test('text matching nothing takes nothing', () => {
    expect(optionFor(accounts, '9999', '')).toBeUndefined();
  });

  test('empty text, or the label already picked, asks for nothing new', () => {
    expect(optionFor(accounts, '', '')).toBeUndefined();
    expect(optionFor(accounts, '   ', '6420 Rent')).toBeUndefined();
    expect(optionFor(accounts, '6420 Rent', '6420 Rent', 'a1')).toBeUndefined();
  });

  test('strings and groups are options too', () => {
    expect(optionsOf(['ACH', { group: 'Cards', items: [{ value: 'v', label: 'Visa' }] }])).toEqual([
      { value: 'ACH', label: 'ACH' },
      { value: 'v', label: 'Visa' },
    ]);
  });
});

describe('the reason a form waits for its pickers', () => {
  test.each([
    [[], null],
    [['Account of line 2'], 'Account of line 2 is typed but not picked from the list.'],
    [
      ['Customer', 'Account of line 1', 'Tax rate of line 3'],
      'Customer, Account of line 1 and Tax rate of line 3 are typed but not picked from the list.',
    ],
  ])('%j', (labels, reason) => {
    expect(unpickedReason(labels)).toBe(reason);
  });
});
