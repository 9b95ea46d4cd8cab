// A period close that commits while a posting waits for the organization's change counter: the
// posting must see it (migration 0003: the lock date is read from the counter row it locks).
// PostgreSQL only: PGlite runs one transaction at a time, so the two cannot interleave there.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setBooksClosedThrough } from '../../src/app/organizations/organizations.ts';
import {
  call,
  countRows,
  errorCode,
  onPostgres,
  signUp,
  today,
  useHarness,
  waitForLockWait,
} from '../helpers/harness.ts';

const harness = useHarness();

describe('period close racing a posting', {
  skip: onPostgres ? false : 'needs concurrent transactions (PostgreSQL)',
}, () => {
  test('a close that commits while the post waits for the change counter refuses the post with 409 period_closed and writes nothing', async () => {
    const books = await signUp(harness);
    const draft = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
      txn_date: today,
      lines: [
        { account: books.accounts['1000'], debit: '25.00' },
        { account: books.accounts['3000'], credit: '25.00' },
      ],
    });
    assert.equal(draft.statusCode, 201, draft.body);
    const id = draft.json().id as string;
    const changesBefore = await countRows(harness, 'changes', books.organizationId);

    let post: Promise<Awaited<ReturnType<typeof call>>> | undefined;
    // The close, as POST /periods/close does it, held open until the post is queued behind it.
    await harness.db.transaction(async (tx) => {
      await setBooksClosedThrough(tx, books.organizationId, today);
      post = call(harness, 'POST', `/api/v1/journal-entries/${id}/post`, books.headers);
      await waitForLockWait(harness);
    });
    const refused = await post!;
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(errorCode(refused), 'period_closed');
    assert.equal(refused.json().error.detail.books_closed_through, today);

    const read = await call(harness, 'GET', `/api/v1/journal-entries/${id}`, books.headers);
    assert.equal(read.json().status, 'draft');
    assert.equal(read.json().version, 1);
    assert.equal(read.json().entry_number, null);
    assert.equal(await countRows(harness, 'changes', books.organizationId), changesBefore);
    const [balances] = await harness.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM account_balances WHERE organization_id = $1',
      [books.organizationId],
    );
    assert.equal(balances?.n, 0);

    // The refused post gave its number back: after reopening, the entry posts as JE-000001.
    const reopen = await call(harness, 'POST', '/api/v1/periods/reopen', books.headers, { through: null });
    assert.equal(reopen.statusCode, 200, reopen.body);
    const posted = await call(harness, 'POST', `/api/v1/journal-entries/${id}/post`, books.headers);
    assert.equal(posted.statusCode, 200, posted.body);
    assert.equal(posted.json().entry_number, 'JE-000001');
  });
});
