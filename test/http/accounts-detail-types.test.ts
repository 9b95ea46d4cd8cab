// An account's detail_type must be one of its type's (src/domain/chart.ts DETAIL_TYPES, listed in
// docs/decisions.md); the detail type of an account the service depends on (a system role) is fixed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DETAIL_TYPES, SEEDED_CHART } from '../../src/domain/chart.ts';
import type { ErrorCode } from '../../src/domain/errors.ts';
import { type Books, call, signUp, useHarness } from '../helpers/harness.ts';
import { ok, refusedNothingWritten } from '../helpers/receivables.ts';

const harness = useHarness();

const READ_BACK = ['/api/v1/accounts'];

async function refused(
  books: Books,
  method: 'POST' | 'PATCH',
  url: string,
  body: unknown,
  status: number,
  code: ErrorCode,
) {
  const send = () => call(harness, method, url, books.headers, body);
  return refusedNothingWritten(harness, books, READ_BACK, send, status, code);
}

describe('account detail types', () => {
  test('every seeded account has a detail type allowed for its type', () => {
    for (const account of SEEDED_CHART) {
      assert.ok(DETAIL_TYPES[account.type].includes(account.detailType), account.number);
    }
  });

  test('POST: a detail type of another type or an unknown one is 400 validation_error on detail_type listing the allowed ones, nothing written', async () => {
    const books = await signUp(harness);
    for (const [type, detailType] of [
      ['income', 'bank'],
      ['asset', 'credit_card'],
      ['expense', 'accounts_receivable'],
      ['asset', 'made_up'],
    ] as const) {
      const error = await refused(
        books,
        'POST',
        '/api/v1/accounts',
        { number: '7777', name: 'Mismatch', type, detail_type: detailType },
        400,
        'validation_error',
      );
      assert.ok(error.detail.fields.detail_type, JSON.stringify(error));
      assert.match(error.message, new RegExp(DETAIL_TYPES[type].join(', ')), `${type}/${detailType}`);
    }
  });

  test('POST: an allowed detail type is kept, and none defaults to other_<type>', async () => {
    const books = await signUp(harness);
    const cash = ok(
      await call(harness, 'POST', '/api/v1/accounts', books.headers, {
        number: '1020',
        name: 'Petty Cash',
        type: 'asset',
        detail_type: 'cash',
      }),
      201,
    );
    assert.equal(cash.detail_type, 'cash');
    assert.equal(cash.system_role, null);
    const plain = ok(
      await call(harness, 'POST', '/api/v1/accounts', books.headers, {
        number: '6999',
        name: 'Sundry',
        type: 'expense',
      }),
      201,
    );
    assert.equal(plain.detail_type, 'other_expense');
  });

  test('PATCH: a detail type outside the account type is 400 validation_error; an allowed one is kept', async () => {
    const books = await signUp(harness);
    const savings = books.accounts['1050']!;
    const error = await refused(
      books,
      'PATCH',
      `/api/v1/accounts/${savings}`,
      { detail_type: 'sales' },
      400,
      'validation_error',
    );
    assert.ok(error.detail.fields.detail_type);
    const patched = ok(
      await call(harness, 'PATCH', `/api/v1/accounts/${savings}`, books.headers, { detail_type: 'cash' }),
    );
    assert.equal(patched.detail_type, 'cash');
  });

  test('PATCH: the detail type of a system account (1100, 1010, 2200) is 409 invalid_state, nothing written; the same value passes', async () => {
    const books = await signUp(harness);
    for (const [number, detailType] of [
      ['1100', 'other_current_asset'],
      ['1010', 'bank'],
      ['2200', 'other_current_liability'],
    ] as const) {
      const url = `/api/v1/accounts/${books.accounts[number]}`;
      const error = await refused(books, 'PATCH', url, { detail_type: detailType }, 409, 'invalid_state');
      assert.ok(error.detail.system_role, JSON.stringify(error));
    }
    const same = ok(
      await call(harness, 'PATCH', `/api/v1/accounts/${books.accounts['1100']}`, books.headers, {
        detail_type: 'accounts_receivable',
        name: 'Trade Receivables',
      }),
    );
    assert.equal(same.name, 'Trade Receivables');
    assert.equal(same.system_role, 'accounts_receivable');
  });
});
