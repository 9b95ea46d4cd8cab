import { describe, expect, test } from 'vitest';
import { ariaSort, nextSort, readSortParam, sortParam } from './sorting.ts';

describe('a sortable header cycles ascending, descending, then the list’s own order', () => {
  test('a click on an unsorted column sorts it ascending', () => {
    expect(nextSort(null, 'total')).toEqual({ key: 'total', descending: false });
    expect(nextSort({ key: 'number', descending: true }, 'total')).toEqual({
      key: 'total',
      descending: false,
    });
  });
  test('a second click descends, a third returns to no sort', () => {
    expect(nextSort({ key: 'total', descending: false }, 'total')).toEqual({
      key: 'total',
      descending: true,
    });
    expect(nextSort({ key: 'total', descending: true }, 'total')).toBeNull();
  });
});

describe('the API’s ?sort= value', () => {
  test.each([
    [null, undefined],
    [{ key: 'issue_date', descending: false }, 'issue_date'],
    [{ key: 'balance_due', descending: true }, '-balance_due'],
  ])('%j -> %s', (sort, param) => {
    expect(sortParam(sort)).toBe(param);
  });
  test('read back from the address, only for the keys the list offers', () => {
    const keys = ['number', 'total'];
    expect(readSortParam('-total', keys)).toEqual({ key: 'total', descending: true });
    expect(readSortParam('number', keys)).toEqual({ key: 'number', descending: false });
    expect(readSortParam('memo', keys)).toBeNull();
    expect(readSortParam('--total', keys)).toBeNull();
    expect(readSortParam('', keys)).toBeNull();
    expect(readSortParam(null, keys)).toBeNull();
  });
});

describe('aria-sort names the direction of the sorted column only', () => {
  test.each([
    [null, 'total', 'none'],
    [{ key: 'total', descending: false }, 'total', 'ascending'],
    [{ key: 'total', descending: true }, 'total', 'descending'],
    [{ key: 'total', descending: true }, 'number', 'none'],
  ] as const)('%j on %s is %s', (sort, key, expected) => {
    expect(ariaSort(sort, key)).toBe(expected);
  });
});
