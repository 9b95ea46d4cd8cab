// Reconciliation and who may see or do it (D77, D10): banking:write reconciles (owner, admin,
// accountant and their keys), banking:read reads reconciliations and the report (not sales); another
// organization's account and reconciliation are none of these books; the feed shows
// bank_reconciliation changes only to those who may read them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changesSince, feedCursor } from '../helpers/feed.ts';
import { addMember, call, createKey, signUp, useHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import { matchedPair, type ReconciliationBody, reconcile } from '../helpers/reconcile.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

describe('reconciliation across roles and books', () => {
  test('viewer, sales and a viewer key may not reconcile; an accountant key may; nothing is written by a refusal', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    await matchedPair(harness, books, { bank: '2026-11-02', ledger: '2026-11-02' }, '12.00', 'sec-1');
    const viewer = await addMember(harness, books, 'viewer');
    const sales = await addMember(harness, books, 'sales');
    const viewerKey = await createKey(harness, books, 'viewer');
    for (const headers of [viewer.headers, sales.headers, viewerKey.headers]) {
      await refusedUnchanged(
        harness,
        books,
        () => reconcile(harness, headers, checking, '2026-11-30', '12.00'),
        'permission_denied',
      );
    }
    const accountant = await createKey(harness, books, 'accountant');
    const created: ReconciliationBody = ok(
      await reconcile(harness, accountant.headers, checking, '2026-11-30', '12.00'),
      201,
    );
    const report = `/api/v1/reports/bank-reconciliation?account=${checking}&as_of=2026-11-30`;
    for (const headers of [viewer.headers, viewerKey.headers]) {
      assert.equal(
        ok(await call(harness, 'GET', `/api/v1/bank-reconciliations/${created.id}`, headers)).id,
        created.id,
      );
      assert.equal(ok(await call(harness, 'GET', '/api/v1/bank-reconciliations', headers)).results.length, 1);
      assert.equal(ok(await call(harness, 'GET', report, headers)).last_reconciliation, created.id);
    }
    for (const url of [
      `/api/v1/bank-reconciliations/${created.id}`,
      '/api/v1/bank-reconciliations',
      report,
    ]) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'GET', url, sales.headers),
        'permission_denied',
      );
    }
  });

  test('the feed shows bank_reconciliation changes to readers of banking, not to sales', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    await matchedPair(harness, books, { bank: '2026-11-02', ledger: '2026-11-02' }, '3.00', 'feed-1');
    const viewer = await addMember(harness, books, 'viewer');
    const sales = await addMember(harness, books, 'sales');
    const viewerCursor = await feedCursor(harness, viewer.headers);
    const salesCursor = await feedCursor(harness, sales.headers);
    const created: ReconciliationBody = ok(
      await reconcile(harness, books.headers, checking, '2026-11-30', '3.00'),
      201,
    );
    const seen = (await changesSince(harness, viewer.headers, viewerCursor)).map((c) => [
      c.entity_type,
      c.entity_id,
    ]);
    assert.ok(seen.some(([type, id]) => type === 'bank_reconciliation' && id === created.id));
    assert.deepEqual(await changesSince(harness, sales.headers, salesCursor), []);
  });

  test('another organization’s account is no account of these books; its reconciliation is 404', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const theirChecking = other.accounts['1000']!;
    await matchedPair(harness, other, { bank: '2026-11-02', ledger: '2026-11-02' }, '9.00', 'theirs');
    const theirs: ReconciliationBody = ok(
      await reconcile(harness, other.headers, theirChecking, '2026-11-30', '9.00'),
      201,
    );
    await refusedUnchanged(
      harness,
      books,
      () => reconcile(harness, books.headers, theirChecking, '2026-11-30', '9.00'),
      'validation_error',
      ['account'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'GET', `/api/v1/bank-reconciliations/${theirs.id}`, books.headers),
      'not_found',
    );
    assert.deepEqual(
      ok(await call(harness, 'GET', `/api/v1/bank-reconciliations?account=${theirChecking}`, books.headers))
        .results,
      [],
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'GET', `/api/v1/reports/bank-reconciliation?account=${theirChecking}`, books.headers),
      'validation_error',
      ['query/account'],
    );
    // The sandbox is other books too.
    await refusedUnchanged(
      harness,
      books,
      () => reconcile(harness, books.sandboxHeaders, books.accounts['1000']!, '2026-11-30', '0.00'),
      'validation_error',
      ['account'],
    );
  });
});
