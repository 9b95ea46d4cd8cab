// Writers of one organization serialize on its counters (D21, D32); writers of different
// organizations must never wait on each other, however hot one organization's accounts are.
// PostgreSQL only: PGlite runs one transaction at a time, so nothing can be held open beside a request.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type Books,
  call,
  onPostgres,
  signUp,
  today,
  useHarness,
  waitForLockWait,
} from '../helpers/harness.ts';

const harness = useHarness();

async function draft(books: Books, amount: string): Promise<string> {
  const response = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
    txn_date: today,
    lines: [
      { account: books.accounts['1000'], debit: amount },
      { account: books.accounts['4000'], credit: amount },
    ],
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().id;
}

describe('organizations do not wait on each other', {
  skip: onPostgres ? false : 'needs concurrent transactions (PostgreSQL)',
}, () => {
  test("a post in one organization completes while another's counters and balance rows are locked; the other's own post waits for them", async () => {
    const busy = await signUp(harness);
    const other = await signUp(harness);
    const firstBusy = await draft(busy, '10.00');
    assert.equal(
      (await call(harness, 'POST', `/api/v1/journal-entries/${firstBusy}/post`, busy.headers)).statusCode,
      200,
    );
    const waitingBusy = await draft(busy, '20.00');
    const otherDraft = await draft(other, '30.00');

    let busyPost: ReturnType<typeof call> | undefined;
    await harness.db.transaction(async (tx) => {
      // What a long posting in `busy` holds until it commits: every counter and the balance rows.
      await tx.query('SELECT 1 FROM sequences WHERE organization_id = $1 FOR UPDATE', [busy.organizationId]);
      const locked = await tx.query('SELECT 1 FROM account_balances WHERE organization_id = $1 FOR UPDATE', [
        busy.organizationId,
      ]);
      assert.ok(locked.length > 0);

      const otherPost = await call(
        harness,
        'POST',
        `/api/v1/journal-entries/${otherDraft}/post`,
        other.headers,
      );
      assert.equal(otherPost.statusCode, 200, otherPost.body);
      assert.equal(otherPost.json().entry_number, 'JE-000001');

      busyPost = call(harness, 'POST', `/api/v1/journal-entries/${waitingBusy}/post`, busy.headers);
      await waitForLockWait(harness);
    });
    const posted = await busyPost!;
    assert.equal(posted.statusCode, 200, posted.body);
    assert.equal(posted.json().entry_number, 'JE-000002');
  });
});
