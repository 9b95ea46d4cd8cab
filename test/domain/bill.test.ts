// Pure bill rules (D54, D55): opening, what a bill payment makes of a bill and what voiding one takes
// off. Posting, editing and voiding are the document model's, tested for every kind in document.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  applyBillPayment,
  assertBillOpenable,
  BILL,
  BILL_STATUSES,
  type BillStatus,
  billBalanceDue,
  takeBillPaymentOff,
} from '../../src/domain/bill.ts';
import { documentPostingLines } from '../../src/domain/document.ts';
import { DomainError, type ErrorCode } from '../../src/domain/errors.ts';
import { assertBalanced } from '../../src/domain/journal.ts';
import { parseMoney } from '../../src/domain/money.ts';

const m = parseMoney;

function outcome(run: () => unknown): ErrorCode | 'ok' {
  try {
    run();
    return 'ok';
  } catch (error) {
    assert.ok(error instanceof DomainError, `not a DomainError: ${error}`);
    return error.code;
  }
}

describe('bill states (D54)', () => {
  const openable: Record<BillStatus, ErrorCode | 'ok'> = {
    draft: 'ok',
    open: 'invalid_state',
    paid: 'invalid_state',
    void: 'invalid_state',
  };
  for (const status of BILL_STATUSES) {
    test(`a ${status} bill: open ${openable[status]}`, () => {
      assert.equal(
        outcome(() => assertBillOpenable({ number: 'BILL-000001', status })),
        openable[status],
      );
    });
  }

  test('balance due is total less paid, and zero once void', () => {
    assert.equal(billBalanceDue(m('100'), m('40'), 'open'), m('60'));
    assert.equal(billBalanceDue(m('100'), m('100'), 'paid'), 0n);
    assert.equal(billBalanceDue(m('100'), 0n, 'void'), 0n);
  });

  test('an inventory line debits its asset account like any other line', () => {
    const posting = documentPostingLines(BILL, 'ap', [
      {
        accountId: 'inventory',
        description: 'widgets',
        amount: m('30'),
        taxes: [],
        trackingOptionIds: [],
      },
    ]);
    assert.deepEqual(
      posting.map((l) => [l.accountId, l.debit, l.credit]),
      [
        ['inventory', m('30'), 0n],
        ['ap', 0n, m('30')],
      ],
    );
  });
});

describe('applying a bill payment (D55)', () => {
  const cases: {
    name: string;
    status: BillStatus;
    total: string;
    paid: string;
    amount: string;
    expected: { amountPaid: string; status: BillStatus } | ErrorCode;
    field?: string;
  }[] = [
    {
      name: 'part of an open bill leaves it open',
      status: 'open',
      total: '100',
      paid: '0',
      amount: '40',
      expected: { amountPaid: '40', status: 'open' },
    },
    {
      name: 'the rest of an open bill pays it',
      status: 'open',
      total: '100',
      paid: '40',
      amount: '60',
      expected: { amountPaid: '100', status: 'paid' },
    },
    {
      name: 'more than is due is refused',
      status: 'open',
      total: '100',
      paid: '40',
      amount: '60.01',
      expected: 'application_exceeds_balance',
      field: 'applications/2/amount',
    },
    {
      name: 'a paid bill has nothing due',
      status: 'paid',
      total: '100',
      paid: '100',
      amount: '0.01',
      expected: 'application_exceeds_balance',
      field: 'applications/2/amount',
    },
    {
      name: 'a draft is refused',
      status: 'draft',
      total: '100',
      paid: '0',
      amount: '1',
      expected: 'invalid_state',
      field: 'applications/2/bill_id',
    },
    {
      name: 'a void bill is refused',
      status: 'void',
      total: '100',
      paid: '0',
      amount: '1',
      expected: 'invalid_state',
      field: 'applications/2/bill_id',
    },
  ];
  for (const row of cases) {
    test(row.name, () => {
      const bill = {
        id: 'b',
        number: 'BILL-000002',
        status: row.status,
        total: m(row.total),
        amountPaid: m(row.paid),
      };
      if (typeof row.expected === 'object') {
        assert.deepEqual(applyBillPayment(bill, m(row.amount), 2), {
          amountPaid: m(row.expected.amountPaid),
          status: row.expected.status,
        });
        return;
      }
      assert.throws(
        () => applyBillPayment(bill, m(row.amount), 2),
        (error: DomainError) =>
          error.code === row.expected &&
          Object.keys((error.detail as { fields: object }).fields).join() === row.field,
      );
    });
  }

  test('property: paying then taking the payment off leaves the bill open with what it had paid', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (total, paidBefore, amount) => {
          fc.pre(paidBefore < total && amount <= total - paidBefore);
          const bill = {
            id: 'b',
            number: 'BILL-000003',
            status: 'open' as const,
            total,
            amountPaid: paidBefore,
          };
          const paid = applyBillPayment(bill, amount, 0);
          assert.equal(paid.status, paid.amountPaid === total ? 'paid' : 'open');
          const back = takeBillPaymentOff({ ...bill, ...paid }, amount);
          assert.deepEqual(back, { amountPaid: paidBefore, status: 'open' });
          assert.equal(billBalanceDue(total, back.amountPaid, back.status), total - paidBefore);
        },
      ),
    );
  });

  test('taking off more than was paid is a broken invariant, not a refusal', () => {
    assert.throws(
      () => takeBillPaymentOff({ number: 'BILL-000004', status: 'open', amountPaid: m('10') }, m('10.01')),
      (error) => !(error instanceof DomainError),
    );
    assert.throws(() =>
      takeBillPaymentOff({ number: 'BILL-000004', status: 'draft', amountPaid: 0n }, m('1')),
    );
  });

  test('the entry of a bill balances at any size', () => {
    const posting = documentPostingLines(BILL, 'ap', [
      {
        accountId: 'e',
        description: '',
        amount: m('99999999999.9999'),
        taxes: [{ accountId: 't', amount: m('1') }],
        trackingOptionIds: [],
      },
    ]);
    assert.equal(assertBalanced(posting).totalCredit, m('100000000000.9999'));
  });
});
