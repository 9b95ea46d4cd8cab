// Every kind of document through the one table-driven model (src/domain/document.ts): its entry, who
// may edit it and how it is voided, one row per kind and status.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { BILL } from '../../src/domain/bill.ts';
import { CREDIT_NOTE } from '../../src/domain/credit-note.ts';
import {
  type AppliedField,
  assertDraftEditable,
  type DocumentKind,
  documentPostingLines,
  type VoidKind,
  voidKindOf,
} from '../../src/domain/document.ts';
import { DomainError, type ErrorCode } from '../../src/domain/errors.ts';
import { INVOICE } from '../../src/domain/invoice.ts';
import { assertBalanced } from '../../src/domain/journal.ts';
import { formatMoney, parseMoney } from '../../src/domain/money.ts';
import { VENDOR_CREDIT } from '../../src/domain/vendor-credit.ts';

const m = parseMoney;
const KINDS = {
  invoice: INVOICE,
  credit_note: CREDIT_NOTE,
  bill: BILL,
  vendor_credit: VENDOR_CREDIT,
} as Record<string, DocumentKind>;

function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    assert.ok(error instanceof DomainError, `not a DomainError: ${error}`);
    return error.code;
  }
}

const lines = [
  {
    accountId: 'a1',
    description: 'one',
    amount: m('100'),
    taxes: [{ accountId: 't', amount: m('8') }],
    trackingOptionIds: ['o'],
  },
  {
    accountId: 'a1',
    description: 'two',
    amount: m('50'),
    taxes: [{ accountId: 't', amount: m('4') }],
    trackingOptionIds: [],
  },
  {
    accountId: 'a2',
    description: 'zero',
    amount: 0n,
    taxes: [],
    trackingOptionIds: [],
  },
];

describe('posting by side (D25, D54, D60)', () => {
  // [account, debit, credit, description] of the entry each kind posts from the same lines.
  const expected: Record<string, [string, string, string, string][]> = {
    invoice: [
      ['counter', '162.0000', '0.0000', ''],
      ['a1', '0.0000', '100.0000', 'one'],
      ['a1', '0.0000', '50.0000', 'two'],
      ['t', '0.0000', '12.0000', 'Sales tax'],
    ],
    credit_note: [
      ['counter', '0.0000', '162.0000', ''],
      ['a1', '100.0000', '0.0000', 'one'],
      ['a1', '50.0000', '0.0000', 'two'],
      ['t', '12.0000', '0.0000', 'Sales tax'],
    ],
    bill: [
      ['a1', '100.0000', '0.0000', 'one'],
      ['a1', '50.0000', '0.0000', 'two'],
      ['t', '12.0000', '0.0000', 'Tax on purchases'],
      ['counter', '0.0000', '162.0000', ''],
    ],
    vendor_credit: [
      ['a1', '0.0000', '100.0000', 'one'],
      ['a1', '0.0000', '50.0000', 'two'],
      ['t', '0.0000', '12.0000', 'Tax on purchases'],
      ['counter', '162.0000', '0.0000', ''],
    ],
  };
  for (const [name, kind] of Object.entries(KINDS)) {
    test(`${name} (${kind.side}): entry ${kind.entry}, tax summed per account, zero lines left out`, () => {
      const posting = documentPostingLines(kind, 'counter', lines);
      assert.deepEqual(
        posting.map((l) => [l.accountId, formatMoney(l.debit), formatMoney(l.credit), l.description]),
        expected[name],
      );
      assert.deepEqual(posting.find((l) => l.description === 'one')?.trackingOptionIds, ['o']);
    });

    test(`${name}: property: any posting balances and the counter account takes the total`, () => {
      const line = fc.record({
        accountId: fc.constantFrom('a1', 'a2'),
        description: fc.constant(''),
        amount: fc.bigInt({ min: 0n, max: 10n ** 12n }),
        // None, one rate, or a group's rates (D90), possibly two on one account.
        taxes: fc.array(
          fc.record({
            accountId: fc.constantFrom('t1', 't2', 't3'),
            amount: fc.bigInt({ min: 0n, max: 10n ** 10n }),
          }),
          { maxLength: 3 },
        ),
        trackingOptionIds: fc.constant([] as string[]),
      });
      fc.assert(
        fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), (taxed) => {
          const total = taxed.reduce(
            (sum, l) => sum + l.amount + l.taxes.reduce((tax, t) => tax + t.amount, 0n),
            0n,
          );
          fc.pre(total > 0n);
          const posting = documentPostingLines(kind, 'counter', taxed);
          assert.equal(assertBalanced(posting).totalDebit, total);
          const counter = posting.filter((l) => l.accountId === 'counter');
          assert.deepEqual(
            counter.map((l) => (kind === BILL || kind === CREDIT_NOTE ? l.credit : l.debit)),
            [total],
          );
          assert.ok(posting.every((l) => l.debit + l.credit > 0n));
        }),
      );
    });
  }

  test("a vendor credit's entry is a bill's mirrored (D87)", () => {
    assert.deepEqual(
      documentPostingLines(VENDOR_CREDIT, 'ap', lines).map((l) => [l.accountId, l.debit, l.credit]),
      documentPostingLines(BILL, 'ap', lines).map((l) => [l.accountId, l.credit, l.debit]),
    );
  });

  test("a credit note's entry is an invoice's mirrored", () => {
    assert.deepEqual(
      documentPostingLines(CREDIT_NOTE, 'ar', lines).map((l) => [l.accountId, l.debit, l.credit]),
      documentPostingLines(INVOICE, 'ar', lines).map((l) => [l.accountId, l.credit, l.debit]),
    );
  });
});

describe('editing and voiding, every kind and status (D23, D54, D60)', () => {
  // [kind, status, edit, void with nothing applied]
  const table: [string, string, ErrorCode | 'ok', VoidKind | ErrorCode][] = [
    ['invoice', 'draft', 'ok', 'draft'],
    ['invoice', 'sent', 'immutable_entry', 'reverse_entry'],
    ['invoice', 'paid', 'immutable_entry', 'invalid_state'],
    ['invoice', 'void', 'immutable_entry', 'invalid_state'],
    ['credit_note', 'draft', 'ok', 'invalid_state'],
    ['credit_note', 'issued', 'immutable_entry', 'reverse_entry'],
    ['credit_note', 'void', 'immutable_entry', 'invalid_state'],
    ['bill', 'draft', 'ok', 'draft'],
    ['bill', 'open', 'immutable_entry', 'reverse_entry'],
    ['bill', 'paid', 'immutable_entry', 'invalid_state'],
    ['bill', 'void', 'immutable_entry', 'invalid_state'],
    ['vendor_credit', 'draft', 'ok', 'invalid_state'],
    ['vendor_credit', 'issued', 'immutable_entry', 'reverse_entry'],
    ['vendor_credit', 'void', 'immutable_entry', 'invalid_state'],
  ];
  for (const [name, status, edit, voided] of table) {
    test(`a ${status} ${name}: edit ${edit}, void ${voided}`, () => {
      const kind = KINDS[name]!;
      const document = { number: 'DOC-000001', status };
      assert.equal(
        outcome(() => {
          assertDraftEditable(kind, document);
          return 'ok';
        }),
        edit,
      );
      assert.equal(
        outcome(() => voidKindOf(kind, { ...document, applied: {}, hasEntry: status !== 'draft' })),
        voided,
      );
    });
  }

  // [kind, the money applied, the reason a posted document's void is refused]
  const blocked: [string, AppliedField, string][] = [
    [
      'invoice',
      'amount_paid',
      'invoice DOC-000001 cannot be voided: a payment is applied to it; it can no longer be voided',
    ],
    [
      'invoice',
      'amount_credited',
      'invoice DOC-000001 cannot be voided: a credit note is applied to it; it can no longer be voided',
    ],
    [
      'credit_note',
      'amount_applied',
      'credit note DOC-000001 cannot be voided: 1.0000 of it is applied to invoices; an applied credit note cannot be voided',
    ],
    [
      'bill',
      'amount_paid',
      'bill DOC-000001 cannot be voided: a payment is applied to it (void the payment first)',
    ],
    ['bill', 'amount_credited', 'bill DOC-000001 cannot be voided: a vendor credit is applied to it'],
    [
      'vendor_credit',
      'amount_applied',
      'vendor credit DOC-000001 cannot be voided: 1.0000 of it is applied to bills; an applied vendor credit cannot be voided',
    ],
  ];
  for (const [name, field, message] of blocked) {
    test(`a posted ${name} with ${field} is not voided, and the refusal says why`, () => {
      const kind = KINDS[name]!;
      const facts = {
        number: 'DOC-000001',
        status: kind.void.posted,
        applied: { [field]: m('1') },
        hasEntry: true,
      };
      assert.throws(
        () => voidKindOf(kind, facts),
        (error: DomainError) =>
          error.code === 'invalid_state' &&
          error.message === message &&
          (error.detail as Record<string, unknown>).status === kind.void.posted,
      );
    });
  }

  test('an edit refusal names the document, its status and what to do instead', () => {
    const messages = Object.values(KINDS).map((kind) =>
      outcomeMessage(() => assertDraftEditable(kind, { number: 'DOC-000009', status: 'void' })),
    );
    assert.deepEqual(messages, [
      'invoice DOC-000009 is void; only drafts can be edited (void it, or issue a credit)',
      'credit note DOC-000009 is void; only drafts can be changed or deleted (void it instead)',
      'bill DOC-000009 is void; only drafts can be edited (void it and enter it again)',
      'vendor credit DOC-000009 is void; only drafts can be changed or deleted (void it instead)',
    ]);
    assert.equal(
      outcomeMessage(() =>
        voidKindOf(CREDIT_NOTE, { number: null, status: 'draft', applied: {}, hasEntry: false }),
      ),
      'the credit note cannot be voided: it is draft; only an issued credit note can be voided',
    );
  });
});

function outcomeMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'ok';
}
