// The sort orders a document list offers (issue 21): every key both ways, and what `?sort=` reads as.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BILL_SORT_KEYS,
  INVOICE_SORT_KEYS,
  parseSortOrder,
  sortValues,
} from '../../src/domain/list-order.ts';

describe('list sort orders', () => {
  test('each key is offered ascending and, after a minus, descending', () => {
    assert.deepEqual(sortValues(['number', 'total']), ['number', '-number', 'total', '-total']);
    assert.equal(sortValues(INVOICE_SORT_KEYS).length, 12);
    assert.equal(sortValues(BILL_SORT_KEYS).length, 12);
  });

  test('reads a key and its direction; no sort is no order of its own', () => {
    assert.deepEqual(parseSortOrder(INVOICE_SORT_KEYS, 'balance_due'), {
      key: 'balance_due',
      descending: false,
    });
    assert.deepEqual(parseSortOrder(INVOICE_SORT_KEYS, '-issue_date'), {
      key: 'issue_date',
      descending: true,
    });
    assert.equal(parseSortOrder(INVOICE_SORT_KEYS, undefined), undefined);
    assert.equal(parseSortOrder(INVOICE_SORT_KEYS, ''), undefined);
  });

  test('a key the list does not offer is a programming error (the route schema refuses it first)', () => {
    assert.throws(() => parseSortOrder(INVOICE_SORT_KEYS, 'vendor'), /not a sort of this list/);
    assert.throws(() => parseSortOrder(BILL_SORT_KEYS, '--total'), /not a sort of this list/);
  });
});
