// Creating from bank lines and bank rules across roles and books (D77, D10): viewers and sales never
// create, accept or change rules (banking:write); a viewer reads rules; another organization's bank
// transactions and rules are 404, and its accounts, customers and tax rates are not these books'.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bankLine, bankLines, createFrom, saveRule } from '../helpers/banking.ts';
import { addMember, call, createKey, signUp, useHarness } from '../helpers/harness.ts';
import { createCustomer, createTaxRate, ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

describe('create and rules across roles and books', () => {
  test('viewer, sales and a viewer key are refused every write; a viewer reads rules; an accountant key writes', async () => {
    const books = await signUp(harness);
    const rule = await saveRule(harness, books);
    const [line] = await bankLines(harness, books, [['-9.00', 'sec', 'staples']]);
    const viewer = await addMember(harness, books, 'viewer');
    const sales = await addMember(harness, books, 'sales');
    const key = await createKey(harness, books, 'viewer');
    const spend = { kind: 'spend', account: books.accounts['6300'] };
    for (const headers of [viewer.headers, sales.headers, key.headers]) {
      const writes = [
        () => createFrom(harness, headers, line!.id, spend),
        () =>
          call(harness, 'POST', '/api/v1/bank-transactions/accept-suggestions', headers, { ids: [line!.id] }),
        () => call(harness, 'POST', '/api/v1/bank-rules', headers, { ...rule, id: undefined }),
        () => call(harness, 'PATCH', `/api/v1/bank-rules/${rule.id}`, headers, { priority: 1 }),
        () => call(harness, 'DELETE', `/api/v1/bank-rules/${rule.id}`, headers),
      ];
      for (const write of writes) await refusedUnchanged(harness, books, write, 'permission_denied');
    }
    assert.equal(ok(await call(harness, 'GET', `/api/v1/bank-rules/${rule.id}`, viewer.headers)).id, rule.id);
    assert.equal(ok(await call(harness, 'GET', '/api/v1/bank-rules', key.headers)).results.length, 1);
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'GET', '/api/v1/bank-rules', sales.headers),
      'permission_denied',
    );
    const accountant = await createKey(harness, books, 'accountant');
    const created = ok(await createFrom(harness, accountant.headers, line!.id, spend), 201);
    assert.equal(created.bank_transaction.status, 'matched');
  });

  test('another organization’s transaction and rules are 404; its accounts, customers and tax rates are not these books’', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const theirLine = await bankLine(harness, other, '-5.00', 'theirs');
    const theirRule = await saveRule(harness, other);
    const theirCustomer = await createCustomer(harness, other.headers);
    const theirRate = await createTaxRate(harness, other.headers, '5.0000');
    const mine = await bankLine(harness, books, '-5.00', 'mine');
    const moneyIn = await bankLine(harness, books, '5.00', 'mine-in');
    const spend = { kind: 'spend', account: books.accounts['6300'] };
    await refusedUnchanged(
      harness,
      books,
      () => createFrom(harness, books.headers, theirLine.id, spend),
      'not_found',
    );
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      await refusedUnchanged(
        harness,
        books,
        () =>
          call(
            harness,
            method,
            `/api/v1/bank-rules/${theirRule.id}`,
            books.headers,
            method === 'PATCH' ? { priority: 1 } : undefined,
          ),
        'not_found',
      );
    }
    assert.deepEqual(ok(await call(harness, 'GET', '/api/v1/bank-rules', books.headers)).results, []);
    await refusedUnchanged(
      harness,
      books,
      () => createFrom(harness, books.headers, mine.id, { kind: 'spend', account: other.accounts['6300'] }),
      'validation_error',
      ['account'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => createFrom(harness, books.headers, mine.id, { ...spend, tax_rate: theirRate.id }),
      'validation_error',
      ['tax_rate'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => createFrom(harness, books.headers, moneyIn.id, { kind: 'payment', customer: theirCustomer.id }),
      'validation_error',
      ['customer'],
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        createFrom(harness, books.headers, mine.id, { kind: 'transfer', account: other.accounts['1050'] }),
      'validation_error',
      ['account'],
    );
    // Their rule never suggests anything for these books' lines.
    assert.equal(
      ok(await call(harness, 'GET', `/api/v1/bank-transactions/${mine.id}`, books.headers)).suggestion,
      null,
    );
  });
});
