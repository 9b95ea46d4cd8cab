import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  applyCredit,
  assertApplicable,
  assertIssuable,
  assertWithinCredit,
  CREDIT_NOTE,
  CREDIT_NOTE_STATUSES,
  type CreditNoteStatus,
  remainingCredit,
} from '../../src/domain/credit-note.ts';
import { assertDraftEditable, documentPostingLines, voidKindOf } from '../../src/domain/document.ts';
import { DomainError, type ErrorCode } from '../../src/domain/errors.ts';
import { applyPayment, INVOICE, type InvoiceStatus } from '../../src/domain/invoice.ts';
import { assertBalanced } from '../../src/domain/journal.ts';
import { parseMoney } from '../../src/domain/money.ts';

const m = parseMoney;

function refusedWith(code: ErrorCode, run: () => unknown) {
  assert.throws(run, (error) => error instanceof DomainError && error.code === code);
}

describe('credit note posting (D60)', () => {
  const lines = [
    {
      accountId: 'income',
      description: 'refund',
      amount: m('120'),
      taxes: [{ accountId: 'tax', amount: m('9.90') }],
      trackingOptionIds: [],
    },
    {
      accountId: 'other',
      description: '',
      amount: m('80'),
      taxes: [],
      trackingOptionIds: [],
    },
  ];

  test("is exactly an invoice's entry with debits and credits swapped, and balances", () => {
    const note = documentPostingLines(CREDIT_NOTE, 'ar', lines);
    const invoice = documentPostingLines(INVOICE, 'ar', lines);
    assert.deepEqual(
      note.map((line) => [line.accountId, line.debit, line.credit]),
      invoice.map((line) => [line.accountId, line.credit, line.debit]),
    );
    assert.equal(assertBalanced(note).totalDebit, m('209.90'));
    assert.deepEqual(
      note.filter((line) => line.accountId === 'ar').map((line) => line.credit),
      [m('209.90')],
    );
  });
});

describe('credit note states', () => {
  const table: [
    CreditNoteStatus,
    { edit: boolean; issue: boolean; apply: boolean; voidNothingApplied: boolean },
  ][] = [
    ['draft', { edit: true, issue: true, apply: false, voidNothingApplied: false }],
    ['issued', { edit: false, issue: false, apply: true, voidNothingApplied: true }],
    ['void', { edit: false, issue: false, apply: false, voidNothingApplied: false }],
  ];
  for (const [status, allowed] of table) {
    test(`${status}: edit ${allowed.edit}, issue ${allowed.issue}, apply ${allowed.apply}, void ${allowed.voidNothingApplied}`, () => {
      const note = { number: status === 'draft' ? null : 'CN-000001', status };
      const check = (ok: boolean, code: ErrorCode, run: () => void) => (ok ? run() : refusedWith(code, run));
      check(allowed.edit, 'immutable_entry', () => assertDraftEditable(CREDIT_NOTE, note));
      check(allowed.issue, 'invalid_state', () => assertIssuable(note));
      check(allowed.apply, 'invalid_state', () => assertApplicable(note));
      check(allowed.voidNothingApplied, 'invalid_state', () =>
        voidKindOf(CREDIT_NOTE, { ...note, applied: {}, hasEntry: true }),
      );
    });
  }

  test('an issued note with credit applied cannot be voided', () => {
    refusedWith('invalid_state', () =>
      voidKindOf(CREDIT_NOTE, {
        number: 'CN-000001',
        status: 'issued',
        applied: { amount_applied: 1n },
        hasEntry: true,
      }),
    );
  });

  test('remaining credit is total - applied while issued, else zero', () => {
    assert.equal(remainingCredit(m('100'), m('40'), 'issued'), m('60'));
    for (const status of CREDIT_NOTE_STATUSES.filter((s) => s !== 'issued')) {
      assert.equal(remainingCredit(m('100'), 0n, status), 0n);
    }
  });

  test('applications beyond the remaining credit: application_exceeds_balance', () => {
    const note = { number: 'CN-000001', status: 'issued' as const, remaining: m('60') };
    assertWithinCredit(note, m('60'));
    refusedWith('application_exceeds_balance', () => assertWithinCredit(note, m('60.01')));
  });
});

describe('credit applied to an invoice', () => {
  const invoice = (status: InvoiceStatus, paid = '0', credited = '0') => ({
    id: 'i',
    number: 'INV-000001',
    status,
    total: m('100'),
    amountPaid: m(paid),
    amountCredited: m(credited),
  });

  test('draft and void invoices: invalid_state; a paid one has nothing due', () => {
    refusedWith('invalid_state', () => applyCredit(invoice('draft'), 1n, 0));
    refusedWith('invalid_state', () => applyCredit(invoice('void'), 1n, 0));
    refusedWith('application_exceeds_balance', () => applyCredit(invoice('paid', '100'), 1n, 0));
  });

  test('paid once payments and credits cover the total, never beyond it (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, 1_000_000n),
        fc.bigInt(0n, 1_000_000n),
        fc.bigInt(1n, 1_000_000n),
        (paid, credited, amount) => {
          const total = m('100');
          if (paid + credited >= total) return;
          const before = { ...invoice('sent'), amountPaid: paid, amountCredited: credited };
          const due = total - paid - credited;
          if (amount > due) {
            refusedWith('application_exceeds_balance', () => applyCredit(before, amount, 0));
            return;
          }
          const after = applyCredit(before, amount, 0);
          assert.equal(after.amountCredited, credited + amount);
          assert.equal(after.status, amount === due ? 'paid' : 'sent');
        },
      ),
    );
  });

  test('a payment sees the credit: it cannot pay what credit already settled', () => {
    refusedWith('application_exceeds_balance', () => applyPayment(invoice('sent', '0', '60'), m('40.01'), 0));
    assert.equal(applyPayment(invoice('sent', '0', '60'), m('40'), 0).status, 'paid');
  });

  test('an invoice with credit applied cannot be voided', () => {
    refusedWith('invalid_state', () =>
      voidKindOf(INVOICE, {
        number: 'INV-000001',
        status: 'sent',
        applied: { amount_credited: 1n },
        hasEntry: true,
      }),
    );
  });
});
