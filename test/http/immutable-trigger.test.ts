// The ledger's immutability triggers (defence in depth behind the use-case checks) raise their own
// SQLSTATE, FL001 (migration 0006), and the HTTP error mapping recognises them by that code: a
// posted entry changed behind the use cases' back answers 409 immutable_entry, whatever the message.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ERROR_STATUS, errorAnswer, IMMUTABLE_ENTRY_SQLSTATE, toDomainError } from '../../src/http/errors.ts';
import { sqlState } from '../../src/storage/db.ts';
import { call, type Harness, signUp, startHarness } from '../helpers/harness.ts';

let harness: Harness;
before(async () => {
  harness = await startHarness();
});
after(() => harness.close());

const today = new Date().toISOString().slice(0, 10);

async function postedEntry(): Promise<{ organizationId: string; id: string }> {
  const books = await signUp(harness);
  const draft = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
    txn_date: today,
    lines: [
      { account: books.accounts['1000'], debit: '10.00' },
      { account: books.accounts['3000'], credit: '10.00' },
    ],
  });
  assert.equal(draft.statusCode, 201, draft.body);
  const posted = await call(
    harness,
    'POST',
    `/api/v1/journal-entries/${draft.json().id}/post`,
    books.headers,
  );
  assert.equal(posted.statusCode, 200, posted.body);
  return { organizationId: books.organizationId, id: posted.json().id };
}

async function refusal(sql: string, params: string[]): Promise<unknown> {
  try {
    await harness.db.transaction((tx) => tx.query(sql, params));
  } catch (error) {
    return error;
  }
  assert.fail(`the trigger let through: ${sql}`);
}

test('a posted entry or line changed in SQL raises SQLSTATE FL001, answered 409 immutable_entry', async () => {
  const entry = await postedEntry();
  for (const [sql, params] of [
    ['UPDATE journal_entries SET memo = $3 WHERE organization_id = $1 AND id = $2', ['rewritten']],
    ['DELETE FROM journal_entries WHERE organization_id = $1 AND id = $2', []],
    [
      'UPDATE journal_lines SET description = $3 WHERE organization_id = $1 AND journal_entry_id = $2',
      ['rewritten'],
    ],
    ['DELETE FROM journal_lines WHERE organization_id = $1 AND journal_entry_id = $2', []],
  ] as const) {
    // By organization and id, as the service writes: on Citus a statement routes to one shard.
    const error = await refusal(sql, [entry.organizationId, entry.id, ...params]);
    assert.equal(sqlState(error), IMMUTABLE_ENTRY_SQLSTATE, sql);
    const domain = toDomainError(error);
    assert.equal(domain?.code, 'immutable_entry', sql);
    assert.equal(errorAnswer(domain!).status, ERROR_STATUS.immutable_entry);
    assert.deepEqual(JSON.parse(errorAnswer(domain!).text), {
      error: { code: 'immutable_entry', message: 'posted journal entries are immutable', detail: {} },
    });
  }
  const [row] = await harness.db.query<{ memo: string }>(
    'SELECT memo FROM journal_entries WHERE organization_id = $1 AND id = $2',
    [entry.organizationId, entry.id],
  );
  assert.equal(row?.memo, '');
});

test('recognised by its code, not its words: another P0001 mentioning "immutable" is not immutable_entry', () => {
  const lookalike = Object.assign(new Error('this row is immutable'), { code: 'P0001' });
  assert.equal(toDomainError(lookalike), undefined);
  const reworded = Object.assign(new Error('ledger rows never change'), { code: IMMUTABLE_ENTRY_SQLSTATE });
  assert.equal(toDomainError(reworded)?.code, 'immutable_entry');
});
