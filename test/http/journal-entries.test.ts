import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Books, call, countRows, errorCode, signUp, today, useHarness } from '../helpers/harness.ts';

const harness = useHarness();

function payRun(books: Books) {
  const a = books.accounts;
  return {
    txn_date: today,
    memo: 'Pay run, first half of the month',
    lines: [
      { account: a['6600'], debit: '10000.00' },
      { account: a['6610'], debit: '765.00' },
      { account: a['6620'], debit: '400.00' },
      { account: a['1000'], credit: '7200.00' },
      { account: a['2310'], credit: '2530.00' },
      { account: a['2320'], credit: '835.00' },
      { account: a['2340'], credit: '600.00' },
    ],
  };
}

describe('journal entries', () => {
  test('the pay-run example posts: draft, post, numbered, balances move', async () => {
    const books = await signUp(harness);
    const created = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, payRun(books));
    assert.equal(created.statusCode, 201, created.body);
    const draft = created.json();
    assert.equal(draft.status, 'draft');
    assert.equal(draft.entry_number, null);
    assert.equal(draft.total_debit, '11165.0000');
    assert.equal(draft.total_credit, '11165.0000');
    assert.equal(draft.lines[0].account_number, '6600');
    assert.equal(draft.lines[0].debit, '10000.0000');
    assert.equal(draft.lines[0].credit, '0.0000');

    const posted = await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, books.headers);
    assert.equal(posted.statusCode, 200, posted.body);
    assert.equal(posted.json().status, 'posted');
    assert.equal(posted.json().entry_number, 'JE-000001');
    assert.equal(posted.json().version, 2);

    const bank = await call(harness, 'GET', `/api/v1/accounts/${books.accounts['1000']}`, books.headers);
    assert.equal(bank.json().balance, '-7200.0000');
    const wages = await call(harness, 'GET', `/api/v1/accounts/${books.accounts['6600']}`, books.headers);
    assert.equal(wages.json().balance, '10000.0000');
    const federal = await call(harness, 'GET', `/api/v1/accounts/${books.accounts['2310']}`, books.headers);
    assert.equal(federal.json().balance, '2530.0000');
  });

  test('refuses an unbalanced entry with 400 unbalanced_entry and writes nothing', async () => {
    const books = await signUp(harness);
    const body = payRun(books);
    body.lines[0]!.debit = '10000.01';
    const response = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, body);
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'unbalanced_entry');
    assert.equal(response.json().error.detail.total_debit, '11165.0100');
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });

  test('refuses a JSON number amount with 400 invalid_money naming the field, and writes nothing', async () => {
    const books = await signUp(harness);
    const body = payRun(books) as { lines: Record<string, unknown>[] };
    body.lines[1]!.debit = 765;
    const response = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, body);
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'invalid_money');
    assert.ok(response.json().error.detail.fields['lines/1/debit']);
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
  });

  test('refuses amounts with exponents, five decimals, empty strings or a minus sign', async () => {
    const books = await signUp(harness);
    for (const bad of ['1e3', '1.00001', '', '-5.00']) {
      const body = payRun(books);
      body.lines[0]!.debit = bad;
      const response = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, body);
      assert.equal(response.statusCode, 400, bad);
      assert.equal(errorCode(response), 'invalid_money', bad);
    }
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
  });

  test('refuses a line with both debit and credit, or an unknown account, with validation_error', async () => {
    const books = await signUp(harness);
    const both = payRun(books) as { lines: Record<string, unknown>[] };
    both.lines[0]!.credit = '1.00';
    let response = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, both);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['lines/0']);
    const other = await signUp(harness);
    const foreign = payRun(books);
    foreign.lines[0]!.account = other.accounts['6600']!;
    response = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, foreign);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['lines/0/account']);
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
  });

  test('a posted entry answers 409 immutable_entry to PATCH and DELETE and stays unchanged', async () => {
    const books = await signUp(harness);
    const draft = (
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, payRun(books))
    ).json();
    await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, books.headers);
    const patch = await call(harness, 'PATCH', `/api/v1/journal-entries/${draft.id}`, books.headers, {
      memo: 'edited',
    });
    assert.equal(patch.statusCode, 409);
    assert.equal(errorCode(patch), 'immutable_entry');
    const del = await call(harness, 'DELETE', `/api/v1/journal-entries/${draft.id}`, books.headers);
    assert.equal(errorCode(del), 'immutable_entry');
    const read = await call(harness, 'GET', `/api/v1/journal-entries/${draft.id}`, books.headers);
    assert.equal(read.json().memo, 'Pay run, first half of the month');
    assert.equal(read.json().version, 2);
    const again = await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, books.headers);
    assert.equal(again.statusCode, 409);
    assert.equal(errorCode(again), 'invalid_state');
  });

  test('drafts can be changed sparsely and deleted; deleting leaves no gap in numbers', async () => {
    const books = await signUp(harness);
    const first = (
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, payRun(books))
    ).json();
    const patched = await call(harness, 'PATCH', `/api/v1/journal-entries/${first.id}`, books.headers, {
      memo: 'renamed',
    });
    assert.equal(patched.statusCode, 200);
    assert.equal(patched.json().memo, 'renamed');
    assert.equal(patched.json().lines.length, 7);
    assert.equal(patched.json().version, 2);
    const deleted = await call(harness, 'DELETE', `/api/v1/journal-entries/${first.id}`, books.headers);
    assert.equal(deleted.statusCode, 204);
    assert.equal(
      (await call(harness, 'GET', `/api/v1/journal-entries/${first.id}`, books.headers)).statusCode,
      404,
    );
    const second = (
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, payRun(books))
    ).json();
    const posted = await call(harness, 'POST', `/api/v1/journal-entries/${second.id}/post`, books.headers);
    assert.equal(posted.json().entry_number, 'JE-000001');
  });

  test('reverse posts the mirror entry, links both, and nets the balances to zero', async () => {
    const books = await signUp(harness);
    const draft = (
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, payRun(books))
    ).json();
    await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, books.headers);
    const reversal = await call(
      harness,
      'POST',
      `/api/v1/journal-entries/${draft.id}/reverse`,
      books.headers,
      {},
    );
    assert.equal(reversal.statusCode, 201, reversal.body);
    assert.equal(reversal.json().entry_number, 'JE-000002');
    assert.equal(reversal.json().reverses_entry, draft.id);
    assert.equal(reversal.json().source_type, 'reversal');
    assert.equal(reversal.json().lines[0].credit, '10000.0000');
    const original = await call(harness, 'GET', `/api/v1/journal-entries/${draft.id}`, books.headers);
    assert.equal(original.json().reversed_by_entry, reversal.json().id);
    const bank = await call(harness, 'GET', `/api/v1/accounts/${books.accounts['1000']}`, books.headers);
    assert.equal(bank.json().balance, '0.0000');
    const twice = await call(
      harness,
      'POST',
      `/api/v1/journal-entries/${draft.id}/reverse`,
      books.headers,
      {},
    );
    assert.equal(errorCode(twice), 'invalid_state');
  });

  test('filters by source_type and source_id', async () => {
    const books = await signUp(harness);
    const draft = (
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, payRun(books))
    ).json();
    await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, books.headers);
    await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/reverse`, books.headers, {});
    const reversals = await call(
      harness,
      'GET',
      `/api/v1/journal-entries?source_type=reversal&source_id=${draft.id}`,
      books.headers,
    );
    assert.equal(reversals.json().results.length, 1);
    assert.equal(reversals.json().results[0].reverses_entry, draft.id);
    const manual = await call(harness, 'GET', '/api/v1/journal-entries?source_type=manual', books.headers);
    assert.equal(manual.json().results.length, 1);
    const bad = await call(harness, 'GET', '/api/v1/journal-entries?source_id=nope', books.headers);
    assert.equal(errorCode(bad), 'validation_error');
  });

  test('entries of another organization answer 404 not_found', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const draft = (
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, payRun(books))
    ).json();
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/post'],
    ] as const) {
      const response = await call(
        harness,
        method,
        `/api/v1/journal-entries/${draft.id}${suffix}`,
        other.headers,
        method === 'PATCH' ? { memo: 'x' } : undefined,
      );
      assert.equal(response.statusCode, 404, `${method} ${suffix}`);
      assert.equal(errorCode(response), 'not_found');
    }
    assert.equal(
      (await call(harness, 'GET', '/api/v1/journal-entries/not-a-uuid', books.headers)).statusCode,
      404,
    );
  });

  test('a date in a closed period answers 409 period_closed on create and on post', async () => {
    const books = await signUp(harness);
    const draft = (
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, payRun(books))
    ).json();
    const close = await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: today });
    assert.equal(close.statusCode, 200, close.body);
    const create = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, payRun(books));
    assert.equal(create.statusCode, 409);
    assert.equal(errorCode(create), 'period_closed');
    const post = await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, books.headers);
    assert.equal(errorCode(post), 'period_closed');
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 1);
    assert.equal(
      (await call(harness, 'GET', `/api/v1/journal-entries/${draft.id}`, books.headers)).json().status,
      'draft',
    );
    const reopen = await call(harness, 'POST', '/api/v1/periods/reopen', books.headers, { through: null });
    assert.equal(reopen.json().books_closed_through, null);
    const retry = await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, books.headers);
    assert.equal(retry.statusCode, 200);
  });
});
