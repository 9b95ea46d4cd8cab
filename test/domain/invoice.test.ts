import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  assertDraftEditable,
  documentPostingLines,
  type VoidKind,
  voidKindOf,
} from '../../src/domain/document.ts';
import { DomainError, type ErrorCode } from '../../src/domain/errors.ts';
import {
  applyPayment,
  assertEmailable,
  assertSendable,
  balanceDue,
  computeInvoice,
  daysOverdue,
  dueDateFor,
  dueDateOf,
  INVOICE,
  INVOICE_STATUSES,
  type InvoiceStatus,
  PAYMENT_TERMS,
  termDays,
  voidDate,
} from '../../src/domain/invoice.ts';
import { assertBalanced } from '../../src/domain/journal.ts';
import { formatMoney, parseMoney } from '../../src/domain/money.ts';

const m = parseMoney;

describe('invoice math (D8)', () => {
  const cases: {
    name: string;
    decimals: number;
    lines: [quantity: string, unitPrice: string, taxPercent: string | null][];
    amounts: string[];
    taxes: string[];
    subtotal: string;
    taxTotal: string;
    total: string;
  }[] = [
    {
      name: 'the contract example: two service lines, one taxed at 8.25%',
      decimals: 2,
      lines: [
        ['10', '120.00', '8.2500'],
        ['2', '75.50', null],
      ],
      amounts: ['1200.0000', '151.0000'],
      taxes: ['99.0000', '0.0000'],
      subtotal: '1351.0000',
      taxTotal: '99.0000',
      total: '1450.0000',
    },
    {
      name: 'a line amount rounds half away from zero to cents',
      decimals: 2,
      lines: [['1.5', '0.0100', null]],
      amounts: ['0.0200'],
      taxes: ['0.0000'],
      subtotal: '0.0200',
      taxTotal: '0.0000',
      total: '0.0200',
    },
    {
      name: 'a line amount just under the half rounds down',
      decimals: 2,
      lines: [['1.4999', '0.0100', null]],
      amounts: ['0.0100'],
      taxes: ['0.0000'],
      subtotal: '0.0100',
      taxTotal: '0.0000',
      total: '0.0100',
    },
    {
      name: 'tax is per line and rounded per line, not on the subtotal',
      decimals: 2,
      lines: [
        ['1', '0.10', '5.0000'],
        ['1', '0.10', '5.0000'],
        ['1', '0.10', '5.0000'],
      ],
      // 0.005 each rounds to 0.01; tax on the subtotal would have been 0.015 -> 0.02
      amounts: ['0.1000', '0.1000', '0.1000'],
      taxes: ['0.0100', '0.0100', '0.0100'],
      subtotal: '0.3000',
      taxTotal: '0.0300',
      total: '0.3300',
    },
    {
      name: 'JPY has no minor unit',
      decimals: 0,
      lines: [['3', '333.50', '10.0000']],
      amounts: ['1001.0000'],
      taxes: ['100.0000'],
      subtotal: '1001.0000',
      taxTotal: '100.0000',
      total: '1101.0000',
    },
    {
      name: 'KWD keeps three decimals',
      decimals: 3,
      lines: [['0.3333', '1.0000', '7.5000']],
      amounts: ['0.3330'],
      taxes: ['0.0250'],
      subtotal: '0.3330',
      taxTotal: '0.0250',
      total: '0.3580',
    },
  ];

  for (const example of cases) {
    test(example.name, () => {
      const result = computeInvoice(
        example.lines.map(([quantity, unitPrice, tax]) => ({
          quantity: m(quantity),
          unitPrice: m(unitPrice),
          taxPercents: tax === null ? [] : [m(tax)],
        })),
        example.decimals,
      );
      assert.deepEqual(
        result.lines.map((line) => formatMoney(line.amount)),
        example.amounts,
      );
      assert.deepEqual(
        result.lines.map((line) => formatMoney(line.taxAmount)),
        example.taxes,
      );
      assert.equal(formatMoney(result.subtotal), example.subtotal);
      assert.equal(formatMoney(result.taxTotal), example.taxTotal);
      assert.equal(formatMoney(result.total), example.total);
    });
  }

  test('a tax group taxes the line at each rate, each rounded on its own (D90)', () => {
    // 10.00 at 6.25% and 1.75%: 0.625 -> 0.63 and 0.175 -> 0.18, 0.81; 8% rounded once would be 0.80.
    const [line] = computeInvoice(
      [{ quantity: m('1'), unitPrice: m('10.00'), taxPercents: [m('6.25'), m('1.75')] }],
      2,
    ).lines;
    assert.deepEqual(line!.taxes.map(formatMoney), ['0.6300', '0.1800']);
    assert.equal(formatMoney(line!.taxAmount), '0.8100');
    const [once] = computeInvoice(
      [{ quantity: m('1'), unitPrice: m('10.00'), taxPercents: [m('8')] }],
      2,
    ).lines;
    assert.equal(formatMoney(once!.taxAmount), '0.8000');
  });

  test('property: a line taxed at several rates is the sum of the lines taxed at each (D90)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(0, 2, 3),
        (unitPrice, percents, decimals) => {
          const quantity = m('1');
          const [grouped] = computeInvoice([{ quantity, unitPrice, taxPercents: percents }], decimals).lines;
          const single = percents.map(
            (percent) =>
              computeInvoice([{ quantity, unitPrice, taxPercents: [percent] }], decimals).lines[0]!.taxAmount,
          );
          assert.deepEqual(grouped!.taxes, single);
          assert.equal(
            grouped!.taxAmount,
            single.reduce((sum, tax) => sum + tax, 0n),
          );
        },
      ),
    );
  });

  const line = fc.record({
    quantity: fc.bigInt({ min: 0n, max: 10n ** 10n }),
    unitPrice: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    taxPercents: fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { maxLength: 3 }),
  });

  test('property: total = subtotal + tax_total, every amount a bigint on the minor unit', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        fc.constantFrom(0, 2, 3),
        (lines, decimals) => {
          const result = computeInvoice(lines, decimals);
          assert.equal(result.total, result.subtotal + result.taxTotal);
          const step = 10n ** BigInt(4 - decimals);
          for (const value of [
            result.subtotal,
            result.taxTotal,
            result.total,
            ...result.lines.flatMap((l) => [l.amount, l.taxAmount, ...l.taxes]),
          ]) {
            assert.equal(typeof value, 'bigint');
            assert.equal(value % step, 0n);
            assert.ok(value >= 0n);
          }
        },
      ),
    );
  });

  test('property: a line amount is within half a minor unit of the exact product', () => {
    fc.assert(
      fc.property(line, fc.constantFrom(0, 2, 3), (input, decimals) => {
        const [computed] = computeInvoice([input], decimals).lines;
        const exactAtScale8 = input.quantity * input.unitPrice;
        const difference = computed!.amount * 10n ** 4n - exactAtScale8;
        const half = 10n ** BigInt(8 - decimals) / 2n;
        assert.ok(difference <= half && difference >= -half);
      }),
    );
  });

  test('property: the posting of any invoice balances and debits receivable with the total', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), (lines) => {
        const result = computeInvoice(lines, 2);
        fc.pre(result.total > 0n);
        const posting = documentPostingLines(
          INVOICE,
          'ar',
          result.lines.map((computed, index) => ({
            accountId: `income-${index % 2}`,
            description: '',
            amount: computed.amount,
            taxes: computed.taxes.map((amount, rate) => ({ accountId: `tax-${(index + rate) % 3}`, amount })),
            trackingOptionIds: [],
          })),
        );
        const totals = assertBalanced(posting);
        assert.equal(totals.totalDebit, result.total);
        assert.equal(posting[0]!.accountId, 'ar');
        assert.ok(posting.every((l) => l.debit + l.credit > 0n));
      }),
    );
  });
});

describe('invoice dates and balances (D20, D23, D24)', () => {
  test('due date follows the payment terms', () => {
    const expected: Record<string, string> = {
      due_on_receipt: '2026-01-31',
      net_7: '2026-02-07',
      net_15: '2026-02-15',
      net_30: '2026-03-02',
      net_60: '2026-04-01',
      net_90: '2026-05-01',
    };
    for (const terms of PAYMENT_TERMS)
      assert.equal(dueDateFor('2026-01-31', terms, 'issue_date'), expected[terms], terms);
    assert.equal(termDays('net_30'), 30);
    assert.equal(dueDateFor('2028-02-28', 'net_7', 'bill_date'), '2028-03-06');
  });

  test('a due date past 9999-12-31 is refused on the document’s own date field', () => {
    for (const field of ['issue_date', 'bill_date'] as const)
      assert.throws(
        () => dueDateFor('9999-12-31', 'net_30', field),
        (error: { code?: string; detail?: { fields?: object } }) =>
          error.code === 'validation_error' && Object.keys(error.detail?.fields ?? {}).join() === field,
      );
  });

  test('dueDateOf: a date sent wins and keeps only the terms that give it; no terms keep the stored date', () => {
    const base = { documentDate: '2026-01-31', dateField: 'issue_date' } as const;
    const cases: [Partial<Parameters<typeof dueDateOf>[0]>, string, string | null][] = [
      [{ terms: 'net_30' }, '2026-03-02', 'net_30'],
      [{ terms: 'net_30', kept: '2026-12-31' }, '2026-03-02', 'net_30'],
      [{ terms: 'net_7', sent: '2026-02-07' }, '2026-02-07', 'net_7'],
      [{ terms: 'net_7', sent: '2026-02-08' }, '2026-02-08', null],
      [{ terms: 'due_on_receipt', sent: '2026-01-31' }, '2026-01-31', 'due_on_receipt'],
      [{ terms: null, kept: '2026-02-20' }, '2026-02-20', null],
      [{ terms: null, kept: '2026-02-20', sent: '2026-03-01' }, '2026-03-01', null],
    ];
    for (const [choice, dueDate, terms] of cases)
      assert.deepEqual(
        dueDateOf({ ...base, terms: null, ...choice }),
        { dueDate, terms },
        JSON.stringify(choice),
      );
  });

  test('dueDateOf refuses a due date before the document’s date, sent or kept, on due_date', () => {
    const onDueDate = (error: { code?: string; detail?: { fields?: object } }) =>
      error.code === 'validation_error' && Object.keys(error.detail?.fields ?? {}).join() === 'due_date';
    const base = { documentDate: '2026-01-31', dateField: 'issue_date' } as const;
    assert.throws(() => dueDateOf({ ...base, terms: 'net_30', sent: '2026-01-30' }), onDueDate);
    assert.throws(() => dueDateOf({ ...base, terms: null, kept: '2026-01-30' }), onDueDate);
    assert.throws(() => dueDateOf({ ...base, terms: null, sent: '2026-02-30' }), onDueDate);
    assert.throws(
      () =>
        dueDateOf({
          documentDate: '2026-03-01',
          dateField: 'bill_date',
          terms: 'net_15',
          sent: '2026-02-01',
        }),
      (error: { message?: string }) => /before the bill date/.test(error.message ?? ''),
    );
  });

  test('days overdue counts only sent invoices past due, never negative', () => {
    assert.equal(daysOverdue('sent', '2026-03-01', '2026-03-11'), 10);
    assert.equal(daysOverdue('sent', '2026-03-01', '2026-03-01'), 0);
    assert.equal(daysOverdue('sent', '2026-03-01', '2026-02-01'), 0);
    assert.equal(daysOverdue('draft', '2026-03-01', '2026-03-11'), 0);
    assert.equal(daysOverdue('paid', '2026-03-01', '2026-03-11'), 0);
    assert.equal(daysOverdue('void', '2026-03-01', '2026-03-11'), 0);
  });

  test('balance due is total less paid, and zero once void', () => {
    assert.equal(balanceDue(m('100'), m('40'), 'sent'), m('60'));
    assert.equal(balanceDue(m('100'), 0n, 'void'), 0n);
  });

  test('the posting sums tax per liability account and leaves zero lines out', () => {
    const posting = documentPostingLines(INVOICE, 'ar', [
      {
        accountId: 'i1',
        description: 'a',
        amount: m('100'),
        taxes: [{ accountId: 't', amount: m('8') }],
        trackingOptionIds: [],
      },
      {
        accountId: 'i1',
        description: 'b',
        amount: m('50'),
        taxes: [{ accountId: 't', amount: m('4') }],
        trackingOptionIds: [],
      },
      {
        accountId: 'i2',
        description: 'c',
        amount: 0n,
        taxes: [],
        trackingOptionIds: [],
      },
    ]);
    assert.deepEqual(
      posting.map((l) => [l.accountId, formatMoney(l.debit), formatMoney(l.credit)]),
      [
        ['ar', '162.0000', '0.0000'],
        ['i1', '0.0000', '100.0000'],
        ['i1', '0.0000', '50.0000'],
        ['t', '0.0000', '12.0000'],
      ],
    );
  });
});

/** The error code `run` throws, or 'ok'. */
function outcome(run: () => unknown): ErrorCode | 'ok' {
  try {
    run();
    return 'ok';
  } catch (error) {
    assert.ok(error instanceof DomainError, `not a DomainError: ${error}`);
    return error.code;
  }
}

describe('invoice state machine (D23, D25, D29)', () => {
  const transitions: Record<
    InvoiceStatus,
    { edit: ErrorCode | 'ok'; send: ErrorCode | 'ok'; email: ErrorCode | 'ok' }
  > = {
    draft: { edit: 'ok', send: 'ok', email: 'ok' },
    sent: { edit: 'immutable_entry', send: 'invalid_state', email: 'ok' },
    paid: { edit: 'immutable_entry', send: 'invalid_state', email: 'invalid_state' },
    void: { edit: 'immutable_entry', send: 'invalid_state', email: 'invalid_state' },
  };
  for (const status of INVOICE_STATUSES) {
    test(`a ${status} invoice: edit ${transitions[status].edit}, send ${transitions[status].send}, email ${transitions[status].email}`, () => {
      const invoice = { number: 'INV-000001', status };
      assert.equal(
        outcome(() => assertDraftEditable(INVOICE, invoice)),
        transitions[status].edit,
      );
      assert.equal(
        outcome(() => assertSendable(invoice)),
        transitions[status].send,
      );
      assert.equal(
        outcome(() => assertEmailable(invoice)),
        transitions[status].email,
      );
    });
  }

  test('an edit refusal names the invoice and its status', () => {
    assert.throws(
      () => assertDraftEditable(INVOICE, { number: 'INV-000007', status: 'sent' }),
      (error: DomainError) =>
        error.message.includes('INV-000007 is sent') &&
        (error.detail as { number: string }).number === 'INV-000007',
    );
  });

  const voids: {
    name: string;
    status: InvoiceStatus;
    paid: string;
    hasEntry: boolean;
    expected: VoidKind | ErrorCode;
    reason?: string;
  }[] = [
    {
      name: 'a draft voids without a ledger effect',
      status: 'draft',
      paid: '0',
      hasEntry: false,
      expected: 'draft',
    },
    {
      name: 'a sent invoice with nothing paid reverses its entry',
      status: 'sent',
      paid: '0',
      hasEntry: true,
      expected: 'reverse_entry',
    },
    {
      name: 'a partly paid invoice is refused',
      status: 'sent',
      paid: '10',
      hasEntry: true,
      expected: 'invalid_state',
      reason: 'a payment is applied to it',
    },
    {
      name: 'a paid invoice is refused',
      status: 'paid',
      paid: '100',
      hasEntry: true,
      expected: 'invalid_state',
      reason: 'it is paid',
    },
    {
      name: 'a void invoice is refused',
      status: 'void',
      paid: '0',
      hasEntry: true,
      expected: 'invalid_state',
      reason: 'it is void',
    },
  ];
  for (const row of voids) {
    test(`void: ${row.name}`, () => {
      const invoice = {
        number: 'INV-000002',
        status: row.status,
        applied: { amount_paid: m(row.paid) },
        hasEntry: row.hasEntry,
      };
      if (row.expected === 'draft' || row.expected === 'reverse_entry') {
        assert.equal(voidKindOf(INVOICE, invoice), row.expected);
        return;
      }
      assert.throws(
        () => voidKindOf(INVOICE, invoice),
        (error: DomainError) => error.code === row.expected && error.message.includes(row.reason ?? ''),
      );
    });
  }

  test('a void is dated today, never before the issue date', () => {
    assert.equal(voidDate('2026-03-01', '2026-04-02'), '2026-04-02');
    assert.equal(voidDate('2026-05-01', '2026-04-02'), '2026-05-01');
    assert.equal(voidDate('2026-04-02', '2026-04-02'), '2026-04-02');
  });
});

describe('applying a payment (D33)', () => {
  const cases: {
    name: string;
    status: InvoiceStatus;
    total: string;
    paid: string;
    amount: string;
    expected: { status: InvoiceStatus; paid: string } | ErrorCode;
    field?: string;
  }[] = [
    {
      name: 'part of the balance leaves it sent',
      status: 'sent',
      total: '100',
      paid: '0',
      amount: '40',
      expected: { status: 'sent', paid: '40.0000' },
    },
    {
      name: 'the whole balance makes it paid',
      status: 'sent',
      total: '100',
      paid: '40',
      amount: '60',
      expected: { status: 'paid', paid: '100.0000' },
    },
    {
      name: 'more than the balance due is refused',
      status: 'sent',
      total: '100',
      paid: '40',
      amount: '60.01',
      expected: 'application_exceeds_balance',
      field: 'applications/3/amount',
    },
    {
      name: 'a draft takes no payment',
      status: 'draft',
      total: '100',
      paid: '0',
      amount: '1',
      expected: 'invalid_state',
      field: 'applications/3/invoice_id',
    },
    {
      name: 'a void invoice takes no payment',
      status: 'void',
      total: '100',
      paid: '0',
      amount: '1',
      expected: 'invalid_state',
      field: 'applications/3/invoice_id',
    },
    {
      name: 'a paid invoice has nothing due',
      status: 'paid',
      total: '100',
      paid: '100',
      amount: '0.01',
      expected: 'application_exceeds_balance',
      field: 'applications/3/amount',
    },
  ];
  for (const row of cases) {
    test(row.name, () => {
      const invoice = {
        id: 'i',
        number: 'INV-000003',
        status: row.status,
        total: m(row.total),
        amountPaid: m(row.paid),
      };
      if (typeof row.expected === 'object') {
        const next = applyPayment(invoice, m(row.amount), 3);
        assert.deepEqual({ status: next.status, paid: formatMoney(next.amountPaid) }, row.expected);
        return;
      }
      assert.throws(
        () => applyPayment(invoice, m(row.amount), 3),
        (error: DomainError) =>
          error.code === row.expected &&
          Object.keys((error.detail as { fields: Record<string, unknown> }).fields).join() === row.field,
      );
    });
  }

  test('applications never leave a negative balance or pay past the total', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (total, amount) => {
          const invoice = { id: 'i', number: 'INV-1', status: 'sent' as const, total, amountPaid: 0n };
          if (amount > total) {
            assert.throws(() => applyPayment(invoice, amount, 0));
            return;
          }
          const next = applyPayment(invoice, amount, 0);
          assert.ok(balanceDue(total, next.amountPaid, next.status) >= 0n);
          assert.equal(next.status === 'paid', next.amountPaid === total);
        },
      ),
    );
  });
});
