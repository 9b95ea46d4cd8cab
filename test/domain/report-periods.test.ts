import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DomainError } from '../../src/domain/errors.ts';
import {
  comparisonDates,
  comparisonRanges,
  shiftMonths,
  startOfUnit,
} from '../../src/domain/report-periods.ts';

describe('comparison periods (D93)', () => {
  test('a month-end stays a month-end; other days keep their number or clamp', () => {
    for (const [date, months, expected] of [
      ['2026-02-28', -1, '2026-01-31'],
      ['2026-03-31', -1, '2026-02-28'],
      ['2024-03-31', -1, '2024-02-29'],
      ['2026-03-30', -1, '2026-02-28'],
      ['2026-03-15', -3, '2025-12-15'],
      ['2026-01-01', -12, '2025-01-01'],
      ['2026-01-31', 1, '2026-02-28'],
      ['0001-03-01', -3, null],
    ] as const) {
      assert.equal(shiftMonths(date, months), expected, `${date} ${months}`);
    }
  });

  test('start of a calendar month, quarter and year', () => {
    assert.equal(startOfUnit('2026-08-19', 'month'), '2026-08-01');
    assert.equal(startOfUnit('2026-08-19', 'quarter'), '2026-07-01');
    assert.equal(startOfUnit('2026-03-31', 'quarter'), '2026-01-01');
    assert.equal(startOfUnit('2026-12-31', 'quarter'), '2026-10-01');
    assert.equal(startOfUnit('2026-08-19', 'year'), '2026-01-01');
  });

  test('ranges: whole months map to whole months, oldest first', () => {
    assert.deepEqual(comparisonRanges({ from: '2026-03-01', to: '2026-03-31' }, 'month', 3), [
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-03-01', to: '2026-03-31' },
    ]);
    assert.deepEqual(comparisonRanges({ from: '2026-04-01', to: '2026-06-30' }, 'quarter', 2), [
      { from: '2026-01-01', to: '2026-03-31' },
      { from: '2026-04-01', to: '2026-06-30' },
    ]);
    assert.deepEqual(comparisonRanges({ from: '2026-01-01', to: '2026-05-15' }, 'year', 2), [
      { from: '2025-01-01', to: '2025-05-15' },
      { from: '2026-01-01', to: '2026-05-15' },
    ]);
    assert.deepEqual(comparisonRanges({ from: '2026-03-05', to: '2026-03-05' }, 'month', 1), [
      { from: '2026-03-05', to: '2026-03-05' },
    ]);
  });

  test('a range longer than its unit would overlap its neighbour: refused on query/from', () => {
    for (const [from, to, unit] of [
      ['2026-01-01', '2026-02-01', 'month'],
      ['2026-01-01', '2026-04-01', 'quarter'],
      ['2025-06-30', '2026-06-30', 'year'],
    ] as const) {
      assert.throws(
        () => comparisonRanges({ from, to }, unit, 2),
        (error: unknown) => error instanceof DomainError && 'query/from' in (error.detail.fields as object),
      );
    }
  });

  test('balance sheet dates one unit apart; before 0001-01-01 is refused on query/periods', () => {
    assert.deepEqual(comparisonDates('2026-11-30', 'month', 3), ['2026-09-30', '2026-10-31', '2026-11-30']);
    assert.deepEqual(comparisonDates('2026-06-30', 'quarter', 4), [
      '2025-09-30',
      '2025-12-31',
      '2026-03-31',
      '2026-06-30',
    ]);
    assert.throws(
      () => comparisonDates('0003-01-01', 'year', 12),
      (error: unknown) => error instanceof DomainError && 'query/periods' in (error.detail.fields as object),
    );
  });
});
