import { describe, expect, test } from 'vitest';
import { ariaSort, nextSort, readSortParam, sortParam, withSortParam } from './sorting.ts';

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

describe('the order in the screen’s address', () => {
  test('set, replaced and removed, every other parameter kept', () => {
    const start = new URLSearchParams('customer=c1&status=sent');
    const sorted = withSortParam(start, { key: 'total', descending: true });
    expect(sorted.toString()).toBe('customer=c1&status=sent&sort=-total');
    expect(withSortParam(sorted, { key: 'number', descending: false }).toString()).toBe(
      'customer=c1&status=sent&sort=number',
    );
    expect(withSortParam(sorted, null).toString()).toBe('customer=c1&status=sent');
    expect(start.toString()).toBe('customer=c1&status=sent');
  });
  test('read back: an order the list does not offer is its own order, silently', () => {
    const keys = ['name'];
    const address = withSortParam(new URLSearchParams(), { key: 'name', descending: true });
    expect(readSortParam(address.get('sort'), keys)).toEqual({ key: 'name', descending: true });
    expect(readSortParam(new URLSearchParams('sort=-balance').get('sort'), keys)).toBeNull();
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
