import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, signUp, today, useHarness } from '../helpers/harness.ts';

const harness = useHarness();

describe('concurrent posting', () => {
  test('20 concurrent posts get JE-000001..JE-000020, unique and gapless, and the balance is the sum', async () => {
    const books = await signUp(harness);
    const drafts: string[] = [];
    let expected = 0n;
    for (let i = 1; i <= 20; i++) {
      const amount = `${i}.${String(i).padStart(2, '0')}`;
      expected += BigInt(i) * 100n + BigInt(i);
      const created = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
        txn_date: today,
        memo: `entry ${i}`,
        lines: [
          { account: books.accounts['1000'], debit: amount },
          { account: books.accounts['3000'], credit: amount },
        ],
      });
      assert.equal(created.statusCode, 201, created.body);
      drafts.push(created.json().id);
    }
    const posted = await Promise.all(
      drafts.map((id) => call(harness, 'POST', `/api/v1/journal-entries/${id}/post`, books.headers)),
    );
    for (const response of posted) assert.equal(response.statusCode, 200, response.body);
    const numbers = posted.map((response) => response.json().entry_number as string).sort();
    const wanted = Array.from({ length: 20 }, (_, i) => `JE-${String(i + 1).padStart(6, '0')}`);
    assert.deepEqual(numbers, wanted);

    const cents = String(expected).padStart(3, '0');
    const sum = `${cents.slice(0, -2)}.${cents.slice(-2)}00`;
    const bank = await call(harness, 'GET', `/api/v1/accounts/${books.accounts['1000']}`, books.headers);
    assert.equal(bank.json().balance, sum);
    const equity = await call(harness, 'GET', `/api/v1/accounts/${books.accounts['3000']}`, books.headers);
    assert.equal(equity.json().balance, sum);

    // The next number continues the sequence: nothing was skipped or reserved.
    const extra = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
      txn_date: today,
      lines: [
        { account: books.accounts['1000'], debit: '1.00' },
        { account: books.accounts['3000'], credit: '1.00' },
      ],
    });
    const next = await call(
      harness,
      'POST',
      `/api/v1/journal-entries/${extra.json().id}/post`,
      books.headers,
    );
    assert.equal(next.json().entry_number, 'JE-000021');
  });

  test('concurrent posts in two organizations number each independently', async () => {
    const first = await signUp(harness);
    const second = await signUp(harness);
    const draft = async (books: typeof first) =>
      (
        await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
          txn_date: today,
          lines: [
            { account: books.accounts['1000'], debit: '5.00' },
            { account: books.accounts['4000'], credit: '5.00' },
          ],
        })
      ).json().id as string;
    const jobs: { books: typeof first; id: string }[] = [];
    for (let i = 0; i < 5; i++) {
      jobs.push({ books: first, id: await draft(first) });
      jobs.push({ books: second, id: await draft(second) });
    }
    const posted = await Promise.all(
      jobs.map((job) => call(harness, 'POST', `/api/v1/journal-entries/${job.id}/post`, job.books.headers)),
    );
    for (const books of [first, second]) {
      const numbers = posted
        .filter((_, index) => jobs[index]!.books === books)
        .map((response) => response.json().entry_number)
        .sort();
      assert.deepEqual(numbers, ['JE-000001', 'JE-000002', 'JE-000003', 'JE-000004', 'JE-000005']);
    }
  });
});
