// The deposit's pure rules (D88), table by table: which payment a deposit takes and how each refusal
// is worded, which deposit is voided, what blocks a payment's void, and the entry's lines.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  assertDepositable,
  assertDepositPosted,
  assertNotDeposited,
  type DepositablePayment,
  depositLines,
} from '../../src/domain/deposit.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { assertBalanced } from '../../src/domain/journal.ts';

const UF = 'uf-account';
const payment = (overrides: Partial<DepositablePayment> = {}): DepositablePayment => ({
  id: 'p1',
  number: 'PMT-000001',
  status: 'posted',
  paymentDate: '2026-11-20',
  amount: 1_000_000n,
  depositAccountId: UF,
  depositId: null,
  depositNumber: null,
  ...overrides,
});

function refusal(run: () => void): DomainError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof DomainError);
    return error;
  }
  assert.fail('expected a refusal');
}

describe('assertDepositable', () => {
  const deposit = { date: '2026-11-25', undepositedFundsId: UF };
  test('a posted payment into Undeposited Funds, in no deposit, received by the date, is taken', () => {
    assertDepositable(payment(), 0, deposit);
    assertDepositable(payment({ paymentDate: '2026-11-25' }), 0, deposit);
  });
  const cases: [string, Partial<DepositablePayment>, string, RegExp][] = [
    ['into a bank', { depositAccountId: 'bank' }, 'validation_error', /not received into Undeposited Funds/],
    ['after the date', { paymentDate: '2026-11-26' }, 'validation_error', /after the deposit's date/],
    ['void', { status: 'void' }, 'invalid_state', /is void/],
    ['deposited', { depositId: 'd1', depositNumber: 'DEP-000007' }, 'invalid_state', /DEP-000007/],
  ];
  for (const [what, overrides, code, message] of cases) {
    test(`a payment ${what} is ${code} on payments/2`, () => {
      const error = refusal(() => assertDepositable(payment(overrides), 2, deposit));
      assert.equal(error.code, code);
      assert.match(error.message, message);
      assert.ok((error.detail.fields as Record<string, string[]>)['payments/2']);
    });
  }
});

describe('voids', () => {
  test('only a posted deposit is voided', () => {
    assertDepositPosted({ number: 'DEP-000001', status: 'posted' }, 'voided');
    assert.equal(
      refusal(() => assertDepositPosted({ number: 'DEP-000001', status: 'void' }, 'voided')).code,
      'invalid_state',
    );
  });
  test("a deposited payment's void names its deposit", () => {
    assertNotDeposited({ number: 'PMT-000001', depositId: null }, null);
    const error = refusal(() => assertNotDeposited({ number: 'PMT-000001', depositId: 'd1' }, 'DEP-000003'));
    assert.equal(error.code, 'invalid_state');
    assert.match(error.message, /DEP-000003; void the deposit first/);
  });
});

describe('depositLines', () => {
  test('debit the bank with the sum, credit Undeposited Funds once per payment, balanced', () => {
    const { lines, total } = depositLines('bank', UF, [
      { number: 'PMT-000002', amount: 2_505_000n, customerName: 'Blue Heron' },
      { number: 'PMT-000001', amount: 1_000_000n, customerName: 'Osprey' },
    ]);
    assert.equal(total, 3_505_000n);
    assert.deepEqual(
      lines.map((line) => [line.accountId, line.debit, line.credit]),
      [
        ['bank', 3_505_000n, 0n],
        [UF, 0n, 2_505_000n],
        [UF, 0n, 1_000_000n],
      ],
    );
    assert.equal(lines[1]!.description, 'PMT-000002 Blue Heron');
    assert.equal(assertBalanced(lines).totalDebit, 3_505_000n);
  });
  test('no payments is a programming error, not a posting', () => {
    assert.throws(() => depositLines('bank', UF, []), /at least one payment/);
  });
});
