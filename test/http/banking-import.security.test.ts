// Banking and who may do what (D77, D29, D10): viewers read and never write, sales neither reads nor
// writes, keys act with their role, other books' records are 404 and their accounts refused, the feed
// shows bank_transaction records only to those who read banking, and sandbox books import as live
// books do while bank connections stay refused there.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixture, importFixture, importRaw, OFX } from '../helpers/banking.ts';
import { changesSince, feedCursor } from '../helpers/feed.ts';
import { addMember, call, countRows, createKey, signUp, useHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import { assertEnvelope, refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

const READS = ['/api/v1/bank-transactions', '/api/v1/bank-statements', '/api/v1/bank-statement-mappings'];

describe('banking roles (D77)', () => {
  test('a viewer reads banking and writes none of it; sales does neither', async () => {
    const books = await signUp(harness);
    await importFixture(harness, books, 'checking-ofx1.ofx', OFX);
    const viewer = await addMember(harness, books, 'viewer');
    const sales = await addMember(harness, books, 'sales');
    for (const url of READS) {
      assert.equal((await call(harness, 'GET', url, viewer.headers)).statusCode, 200, url);
      assertEnvelope(await call(harness, 'GET', url, sales.headers), 'permission_denied');
    }
    for (const member of [viewer, sales]) {
      await refusedUnchanged(
        harness,
        books,
        () =>
          importRaw(
            harness,
            member.headers,
            { account: books.accounts['1000']! },
            fixture('checking-ofx2.ofx'),
            OFX,
          ),
        'permission_denied',
      );
      await refusedUnchanged(
        harness,
        books,
        () =>
          call(harness, 'POST', '/api/v1/bank-transactions', member.headers, {
            account: books.accounts['1000'],
            transactions: [{ date: '2026-11-01', amount: '1.00', bank_reference: 'x' }],
          }),
        'permission_denied',
      );
      await refusedUnchanged(
        harness,
        books,
        () =>
          call(harness, 'POST', '/api/v1/bank-statement-mappings', member.headers, {
            name: 'x',
            date_column: 'Date',
            amount_column: 'Amount',
            date_format: 'YYYY-MM-DD',
          }),
        'permission_denied',
      );
    }
  });

  test('API keys act with their role: accountant imports, viewer reads only, sales is refused', async () => {
    const books = await signUp(harness);
    const accountant = await createKey(harness, books, 'accountant');
    const viewer = await createKey(harness, books, 'viewer');
    const sales = await createKey(harness, books, 'sales');
    const imported = ok(
      await importRaw(
        harness,
        accountant.headers,
        { account: books.accounts['1000']! },
        fixture('checking-ofx1.ofx'),
        OFX,
      ),
      201,
    );
    assert.equal(imported.lines_imported, 4);
    assert.equal(
      ok(await call(harness, 'GET', '/api/v1/bank-transactions', viewer.headers)).results.length,
      4,
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        importRaw(
          harness,
          viewer.headers,
          { account: books.accounts['1000']! },
          fixture('checking-ofx2.ofx'),
          OFX,
        ),
      'permission_denied',
    );
    assertEnvelope(
      await call(harness, 'GET', '/api/v1/bank-transactions', sales.headers),
      'permission_denied',
    );
    // Bank connections stay internal (D29): a key gets not_part_of_public_api.
    assertEnvelope(
      await call(harness, 'GET', '/api/v1/bank-connections', accountant.headers),
      'not_part_of_public_api',
    );
  });
});

describe('banking across books', () => {
  test('another organization’s transactions, statements and mappings are 404; its account is refused; lists stay apart', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const statement = await importFixture(harness, other, 'checking-ofx1.ofx', OFX);
    const [line] = ok(await call(harness, 'GET', '/api/v1/bank-transactions', other.headers)).results;
    const mapping = ok(
      await call(harness, 'POST', '/api/v1/bank-statement-mappings', other.headers, {
        name: 'x',
        date_column: 'Date',
        amount_column: 'Amount',
        date_format: 'YYYY-MM-DD',
      }),
      201,
    );
    for (const url of [
      `/api/v1/bank-transactions/${line.id}`,
      `/api/v1/bank-statements/${statement.id}`,
      `/api/v1/bank-statement-mappings/${mapping.id}`,
    ]) {
      assertEnvelope(await call(harness, 'GET', url, books.headers), 'not_found');
    }
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `/api/v1/bank-statement-mappings/${mapping.id}`, books.headers, {
          name: 'mine',
        }),
      'not_found',
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'DELETE', `/api/v1/bank-statement-mappings/${mapping.id}`, books.headers),
      'not_found',
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/bank-transactions', books.headers, {
          account: other.accounts['1000'],
          transactions: [{ date: '2026-11-01', amount: '1.00', bank_reference: 'x' }],
        }),
      'validation_error',
      ['account'],
    );
    for (const url of READS) assert.deepEqual(ok(await call(harness, 'GET', url, books.headers)).results, []);
    // The same references in other books are other lines: exactly once is per bank account.
    const mine = await importFixture(harness, books, 'checking-ofx1.ofx', OFX);
    assert.equal(mine.lines_imported, 4);
    assert.equal(await countRows(harness, 'bank_transactions', other.organizationId), 4);
  });

  test('the feed shows bank_transaction records to readers of banking only', async () => {
    const books = await signUp(harness);
    const viewer = await addMember(harness, books, 'viewer');
    const sales = await addMember(harness, books, 'sales');
    const viewerCursor = await feedCursor(harness, viewer.headers);
    const salesCursor = await feedCursor(harness, sales.headers);
    await importFixture(harness, books, 'checking-ofx1.ofx', OFX);
    assert.equal((await changesSince(harness, viewer.headers, viewerCursor, 'bank_transaction')).length, 4);
    assert.deepEqual(await changesSince(harness, sales.headers, salesCursor), []);
  });

  test('sandbox books import and list statements as live books do; their bank connections are refused', async () => {
    const books = await signUp(harness);
    const imported = ok(
      await importRaw(
        harness,
        books.sandboxHeaders,
        { account: (await sandboxAccount(books.sandboxHeaders))! },
        fixture('checking-ofx1.ofx'),
        OFX,
      ),
      201,
    );
    assert.equal(imported.lines_imported, 4);
    assert.equal(await countRows(harness, 'bank_transactions', books.sandboxId), 4);
    assert.equal(await countRows(harness, 'bank_transactions', books.organizationId), 0);
    const refused = await call(harness, 'POST', '/api/v1/bank-connections', books.sandboxHeaders, {
      account: imported.account,
      source: 'file',
      institution_name: 'First National',
    });
    assertEnvelope(refused, 'sandbox_restricted');
    assert.equal(await countRows(harness, 'bank_connections', books.sandboxId), 0);
  });
});

async function sandboxAccount(headers: Record<string, string>) {
  const accounts = ok(await call(harness, 'GET', '/api/v1/accounts', headers)).results as {
    id: string;
    number: string;
  }[];
  return accounts.find((account) => account.number === '1000')?.id;
}
