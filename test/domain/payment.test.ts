import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { DomainError } from '../../src/domain/errors.ts';
import { parseMoney } from '../../src/domain/money.ts';
import { assertPaymentPosted, assertWithinUnapplied, takePaymentOff } from '../../src/domain/payment.ts';

const m = parseMoney;

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
}

describe('payments after they are recorded (D61)', () => {
  test('only a posted payment is applied or voided', () => {
    assert.equal(
      codeOf(() => assertPaymentPosted({ number: 'PMT-000001', status: 'posted' }, 'voided')),
      undefined,
    );
    assert.equal(
      codeOf(() => assertPaymentPosted({ number: 'PMT-000001', status: 'void' }, 'voided')),
      'invalid_state',
    );
  });

  test('a later application spends at most the unapplied amount', () => {
    const payment = (unapplied: string) => ({ id: 'p', number: 'PMT-000001', unapplied: m(unapplied) });
    const cases: [unapplied: string, applied: string, code: string | undefined][] = [
      ['100.00', '100.00', undefined],
      ['100.00', '99.99', undefined],
      ['100.00', '100.01', 'application_exceeds_balance'],
      ['0.00', '0.01', 'application_exceeds_balance'],
    ];
    for (const [unapplied, applied, code] of cases) {
      assert.equal(
        codeOf(() => assertWithinUnapplied(payment(unapplied), m(applied))),
        code,
        `${applied} of ${unapplied}`,
      );
    }
  });

  test('taking a payment off an invoice lowers amount_paid by exactly that and leaves it sent (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (removed, rest) => {
          const amountPaid = removed + rest;
          for (const status of ['sent', 'paid'] as const) {
            const next = takePaymentOff({ number: 'INV-000001', status, amountPaid }, removed);
            assert.equal(next.amountPaid, rest);
            assert.equal(next.status, 'sent');
          }
        },
      ),
    );
  });

  test('taking off more than was paid, nothing, or from a draft or void invoice is a bug, not a refusal', () => {
    assert.throws(() => takePaymentOff({ number: 'INV-1', status: 'sent', amountPaid: m('10') }, m('10.01')));
    assert.throws(() => takePaymentOff({ number: 'INV-1', status: 'sent', amountPaid: m('10') }, 0n));
    for (const status of ['draft', 'void'] as const)
      assert.throws(() => takePaymentOff({ number: 'INV-1', status, amountPaid: m('10') }, m('1')));
  });
});
