// Vendor credits (D87) in the domain: the credit state machine under its own noun, and what a credit
// makes of a bill (applyBillCredit: the refusals a payment gets, the bill paid once payments and
// credits cover it), table-driven, with a property that payments and credits never settle past a
// bill's total.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { applyBillCredit, applyBillPayment, billBalanceDue } from '../../src/domain/bill.ts';
import {
  assertApplicable,
  assertIssuable,
  assertWithinCredit,
  remainingCredit,
} from '../../src/domain/document.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { parseMoney } from '../../src/domain/money.ts';
import { VENDOR_CREDIT } from '../../src/domain/vendor-credit.ts';

const m = parseMoney;

function code(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    assert.ok(error instanceof DomainError);
    return error.code;
  }
}

describe('vendor credit: the credit state machine (D87)', () => {
  test('only a draft is issued and only an issued credit is applied, each refusal naming a vendor credit', () => {
    assert.equal(
      code(() => assertIssuable(VENDOR_CREDIT, { number: null, status: 'draft' })),
      'ok',
    );
    assert.throws(
      () => assertIssuable(VENDOR_CREDIT, { number: 'VC-000001', status: 'issued' }),
      /vendor credit VC-000001 is issued; only a draft can be issued/,
    );
    assert.equal(
      code(() => assertApplicable(VENDOR_CREDIT, { number: 'VC-000001', status: 'issued' })),
      'ok',
    );
    assert.throws(
      () => assertApplicable(VENDOR_CREDIT, { number: null, status: 'draft' }),
      /the vendor credit is draft; only an issued vendor credit can be applied/,
    );
  });

  test('remaining credit is total - applied while issued, else 0; more than it is application_exceeds_balance', () => {
    assert.equal(remainingCredit(m('60'), m('45'), 'issued'), m('15'));
    assert.equal(remainingCredit(m('60'), 0n, 'draft'), 0n);
    assert.equal(remainingCredit(m('60'), 0n, 'void'), 0n);
    const credit = { number: 'VC-000001', status: 'issued' as const, remaining: m('15') };
    assert.equal(
      code(() => assertWithinCredit(VENDOR_CREDIT, credit, m('15'))),
      'ok',
    );
    assert.equal(
      code(() => assertWithinCredit(VENDOR_CREDIT, credit, m('15.01'))),
      'application_exceeds_balance',
    );
  });
});

describe('vendor credit onto a bill (applyBillCredit)', () => {
  const bill = (status: 'draft' | 'open' | 'paid' | 'void', paid: string, credited: string) => ({
    id: 'b1',
    number: 'BILL-000001',
    status,
    total: m('100'),
    amountPaid: m(paid),
    amountCredited: m(credited),
  });
  const table: [string, ReturnType<typeof bill>, string, string][] = [
    ['an open bill takes part of its balance', bill('open', '0', '0'), '40', 'open 40.0000'],
    ['the rest of a part-paid bill pays it', bill('open', '70', '10'), '20', 'paid 30.0000'],
    ['more than the balance due', bill('open', '70', '10'), '20.01', 'application_exceeds_balance'],
    ['a paid bill has nothing due', bill('paid', '100', '0'), '0.01', 'application_exceeds_balance'],
    ['a draft bill', bill('draft', '0', '0'), '1', 'invalid_state'],
    ['a void bill', bill('void', '0', '0'), '1', 'invalid_state'],
  ];
  for (const [name, before, amount, expected] of table) {
    test(name, () => {
      let answer: string;
      try {
        const next = applyBillCredit(before, m(amount), 0);
        answer = `${next.status} ${(Number(next.amountCredited) / 10_000).toFixed(4)}`;
      } catch (error) {
        answer = (error as DomainError).code;
      }
      assert.equal(answer, expected);
    });
  }

  test('property: payments and credits in any order never settle past the total, and paid means nothing due', () => {
    const step = fc.record({
      by: fc.constantFrom('payment', 'credit'),
      amount: fc.bigInt({ min: 1n, max: 60_0000n }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), (steps) => {
        let state = bill('open', '0', '0');
        for (const { by, amount } of steps) {
          try {
            state =
              by === 'payment'
                ? { ...state, ...applyBillPayment(state, amount, 0) }
                : { ...state, ...applyBillCredit(state, amount, 0) };
          } catch (error) {
            assert.equal((error as DomainError).code, 'application_exceeds_balance');
          }
          const due = billBalanceDue(state.total, state.amountPaid, state.status, state.amountCredited);
          assert.ok(due >= 0n);
          assert.equal(state.status === 'paid', due === 0n);
        }
      }),
    );
  });
});
