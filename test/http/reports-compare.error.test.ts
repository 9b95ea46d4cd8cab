// D93's refusals: compare and periods out of their range, one without the other, a range longer than
// the compared unit, from after to, dates that are not dates: 400 validation_error on the parameter,
// in the envelope, and nothing written.
import { describe, test } from 'node:test';
import { type Books, call, signUp, useHarness } from '../helpers/harness.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

const get = (books: Books, url: string) => call(harness, 'GET', url, books.headers);

describe('comparison report refusals (D93)', () => {
  test('periods 0, 13 or not a number, compare not a unit: 400 on the parameter', async () => {
    const books = await signUp(harness);
    for (const report of ['profit-and-loss', 'balance-sheet']) {
      for (const [query, field] of [
        ['compare=month&periods=0', 'query/periods'],
        ['compare=month&periods=13', 'query/periods'],
        ['compare=month&periods=two', 'query/periods'],
        ['compare=month&periods=1.5', 'query/periods'],
        ['compare=week&periods=2', 'query/compare'],
        ['compare=&periods=2', 'query/compare'],
        ['periods=3', 'query/periods'],
        ['compare=quarter', 'query/periods'],
      ] as const) {
        await refusedUnchanged(
          harness,
          books,
          () => get(books, `/api/v1/reports/${report}?${query}`),
          'validation_error',
          [field],
        );
      }
    }
  });

  test('bad dates, from after to, and a range longer than the compared unit: 400 on the date', async () => {
    const books = await signUp(harness);
    for (const [url, field] of [
      ['/api/v1/reports/profit-and-loss?from=2026-02-30&to=2026-03-31&compare=month&periods=2', 'query/from'],
      ['/api/v1/reports/profit-and-loss?to=2026-13-01&compare=month&periods=2', 'query/to'],
      ['/api/v1/reports/profit-and-loss?from=2026-04-01&to=2026-03-31&compare=month&periods=2', 'query/from'],
      ['/api/v1/reports/profit-and-loss?from=2026-01-01&to=2026-03-31&compare=month&periods=2', 'query/from'],
      ['/api/v1/reports/profit-and-loss?from=2025-01-01&to=2026-01-01&compare=year&periods=2', 'query/from'],
      ['/api/v1/reports/balance-sheet?as_of=31-03-2026&compare=month&periods=2', 'query/as_of'],
      ['/api/v1/reports/balance-sheet?as_of=0002-01-31&compare=year&periods=12', 'query/periods'],
    ] as const) {
      await refusedUnchanged(harness, books, () => get(books, url), 'validation_error', [field]);
    }
  });
});
