// Bank rules and accept-suggestions, refusals (D75): operators that do not fit their field, amounts
// that are not exact non-negative decimal strings, blank text, actions that could never apply or name
// accounts a bank line may not move, a version that moved on; accepting ids that are unknown, twice,
// matched or without a suggestion, or whose rule's account was deactivated since. All or nothing:
// each refusal names its field (`ids/N`) and writes nothing.
import { describe, test } from 'node:test';
import { bankLines, saveRule } from '../helpers/banking.ts';
import { type Books, call, signUp, useHarness } from '../helpers/harness.ts';
import { createAccount } from '../helpers/ledger.ts';
import { createTaxRate, ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

function ruleBody(books: Books, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Rule',
    priority: 1,
    conditions: [{ field: 'description', operator: 'contains', value: 'x' }],
    action: { kind: 'spend', account: books.accounts['6300'] },
    ...overrides,
  };
}

describe('bank rule refusals (D75)', () => {
  test('conditions, priorities and actions that do not hold: 400 naming the field, nothing written', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const rate = await createTaxRate(harness, books.headers, '5.0000');
    const cases: [Record<string, unknown>, string, 'validation_error' | 'invalid_money'][] = [
      [
        { conditions: [{ field: 'amount', operator: 'contains', value: '5' }] },
        'conditions/0/operator',
        'validation_error',
      ],
      [
        { conditions: [{ field: 'payee', operator: 'gt', value: '5' }] },
        'conditions/0/operator',
        'validation_error',
      ],
      [
        { conditions: [{ field: 'amount', operator: 'gt', value: '5.5.5' }] },
        'conditions/0/value',
        'invalid_money',
      ],
      [
        { conditions: [{ field: 'amount', operator: 'gt', value: '1e3' }] },
        'conditions/0/value',
        'invalid_money',
      ],
      [
        { conditions: [{ field: 'amount', operator: 'lt', value: '-10.00' }] },
        'conditions/0/value',
        'invalid_money',
      ],
      [
        { conditions: [{ field: 'description', operator: 'equals', value: '   ' }] },
        'conditions/0/value',
        'validation_error',
      ],
      [
        { conditions: [{ field: 'memo', operator: 'equals', value: 'x' }] },
        'conditions/0/field',
        'validation_error',
      ],
      [{ conditions: [] }, 'conditions', 'validation_error'],
      [{ priority: -1 }, 'priority', 'validation_error'],
      [{ priority: 1.5 }, 'priority', 'validation_error'],
      [{ name: '  ' }, 'name', 'validation_error'],
      [{ direction: 'sideways' }, 'direction', 'validation_error'],
      [{ direction: 'in' }, 'action/kind', 'validation_error'],
      [
        { direction: 'out', action: { kind: 'receive', account: books.accounts['4000'] } },
        'action/kind',
        'validation_error',
      ],
      [{ account: books.accounts['6300'] }, 'account', 'validation_error'],
      [{ account: other.accounts['1000'] }, 'account', 'validation_error'],
      [{ action: { kind: 'spend', account: books.accounts['1100'] } }, 'action/account', 'validation_error'],
      [{ action: { kind: 'spend', account: books.accounts['1010'] } }, 'action/account', 'validation_error'],
      [{ action: { kind: 'spend', account: other.accounts['6300'] } }, 'action/account', 'validation_error'],
      [
        { action: { kind: 'transfer', account: books.accounts['6300'] } },
        'action/account',
        'validation_error',
      ],
      [
        { account: books.accounts['1000'], action: { kind: 'transfer', account: books.accounts['1000'] } },
        'action/account',
        'validation_error',
      ],
      [
        { action: { kind: 'transfer', account: books.accounts['1050'], tax_rate: rate.id } },
        'action/tax_rate',
        'validation_error',
      ],
      [
        { action: { kind: 'spend', account: books.accounts['6300'], tax_rate: 'x' } },
        'action/tax_rate',
        'validation_error',
      ],
      [
        {
          action: {
            kind: 'spend',
            account: books.accounts['6300'],
            tracking_options: ['00000000-0000-4000-8000-000000000000'],
          },
        },
        'action/tracking_options/0',
        'validation_error',
      ],
    ];
    for (const [overrides, field, code] of cases) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'POST', '/api/v1/bank-rules', books.headers, ruleBody(books, overrides)),
        code,
        [field],
      );
    }
    const rule = await saveRule(harness, books);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `/api/v1/bank-rules/${rule.id}`, books.headers, { priority: 2, version: 7 }),
      'stale_write',
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `/api/v1/bank-rules/${rule.id}`, books.headers, {
          conditions: [{ field: 'amount', operator: 'starts_with', value: '1' }],
        }),
      'validation_error',
      ['conditions/0/operator'],
    );
    for (const method of ['PATCH', 'DELETE'] as const) {
      await refusedUnchanged(
        harness,
        books,
        () =>
          call(
            harness,
            method,
            '/api/v1/bank-rules/00000000-0000-4000-8000-000000000000',
            books.headers,
            method === 'PATCH' ? { priority: 1 } : undefined,
          ),
        'not_found',
      );
    }
  });
});

describe('accept-suggestions refusals (D75)', () => {
  test('ids unknown, repeated, without a suggestion, matched, or whose rule no longer holds: named ids/N, nothing written', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const expense = await createAccount(harness, books.headers);
    await saveRule(harness, books, { action: { kind: 'spend', account: expense.id } });
    const [a, b, none, matched] = await bankLines(harness, books, [
      ['-1.00', 'a', 'staples a'],
      ['-2.00', 'b', 'staples b'],
      ['-3.00', 'n', 'nothing'],
      ['-4.00', 'm', 'staples m'],
    ]);
    ok(
      await call(harness, 'POST', '/api/v1/bank-transactions/accept-suggestions', books.headers, {
        ids: [matched!.id],
      }),
      201,
    );
    const [theirs] = await bankLines(harness, other, [['-1.00', 'theirs', 'staples']]);
    const accept = (ids: string[]) =>
      call(harness, 'POST', '/api/v1/bank-transactions/accept-suggestions', books.headers, { ids });
    const cases: [string[], string, 'validation_error' | 'invalid_state'][] = [
      [[a!.id, none!.id], 'ids/1', 'validation_error'],
      [[a!.id, b!.id, a!.id], 'ids/2', 'validation_error'],
      [[a!.id, theirs!.id], 'ids/1', 'validation_error'],
      [['00000000-0000-4000-8000-000000000000'], 'ids/0', 'validation_error'],
      [['x'], 'ids/0', 'validation_error'],
      [[a!.id, matched!.id], 'ids/1', 'invalid_state'],
      [[], 'ids', 'validation_error'],
    ];
    for (const [ids, field, code] of cases) {
      await refusedUnchanged(harness, books, () => accept(ids), code, [field]);
    }
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/bank-transactions/accept-suggestions', books.headers, {
          ids: Array.from({ length: 1001 }, () => a!.id),
        }),
      'validation_error',
      ['ids'],
    );
    // The rule's account deactivated after it was saved: the suggestion stands, accepting it is refused.
    ok(await call(harness, 'PATCH', `/api/v1/accounts/${expense.id}`, books.headers, { is_active: false }));
    await refusedUnchanged(harness, books, () => accept([b!.id, a!.id]), 'validation_error', ['ids/0']);
    // A closed period: period_closed on ids/N.
    ok(await call(harness, 'PATCH', `/api/v1/accounts/${expense.id}`, books.headers, { is_active: true }));
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: '2026-11-30' }));
    await refusedUnchanged(harness, books, () => accept([a!.id]), 'period_closed', ['ids/0']);
  });
});
