// The pure rules of creating from a bank line and of bank rules (D74, D75): the tax-inclusive split
// (property-based: exact, and the invoice line's tax wherever one exists), the entry's lines, and
// which rules take which lines (case-insensitive text, exact absolute amounts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { bankLinePostingLines, splitTaxInclusive } from '../../src/domain/bank-line.ts';
import { type BankRule, checkRuleShape, firstMatchingRule, ruleMatches } from '../../src/domain/bank-rule.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { MONEY_ABS_MAX, parseMoney, percentOf } from '../../src/domain/money.ts';

describe('splitTaxInclusive', () => {
  test('net + tax is the total; the tax is the invoice line’s tax of the net when some net gives the total, else off by one minor unit at most', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: MONEY_ABS_MAX }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.constantFrom(0, 2, 3),
        (units, percent, decimals) => {
          const unit = 10n ** BigInt(4 - decimals);
          const total = units - (units % unit);
          const { net, tax } = splitTaxInclusive(total, percent, decimals);
          assert.equal(net + tax, total);
          assert.equal(net % unit, 0n);
          const invoiceTax = percentOf(net, percent, decimals);
          const difference = tax - invoiceTax;
          assert.ok(difference <= unit && difference >= -unit, `${total} ${percent}`);
          // Where a net exists whose invoice tax makes the total, the split finds one.
          const reachable = [net - unit, net, net + unit].some(
            (candidate) => candidate >= 0n && candidate + percentOf(candidate, percent, decimals) === total,
          );
          if (reachable) assert.equal(tax, invoiceTax);
        },
      ),
    );
  });

  test('examples at 8.25%', () => {
    const p = parseMoney('8.25');
    assert.deepEqual(splitTaxInclusive(parseMoney('108.25'), p, 2), {
      net: parseMoney('100'),
      tax: parseMoney('8.25'),
    });
    assert.deepEqual(splitTaxInclusive(parseMoney('0.20'), p, 2), {
      net: parseMoney('0.18'),
      tax: parseMoney('0.02'),
    });
    assert.deepEqual(splitTaxInclusive(0n, p, 2), { net: 0n, tax: 0n });
  });
});

describe('bankLinePostingLines', () => {
  test('spend debits the account and tax, credits the bank; receive the mirror; each balanced', () => {
    const split = { net: parseMoney('100'), tax: parseMoney('8.25') };
    const spend = bankLinePostingLines({
      kind: 'spend',
      bankAccountId: 'bank',
      amount: -parseMoney('108.25'),
      accountId: 'expense',
      tax: { split, accountId: 'tax' },
      description: 'Staples',
      trackingOptionIds: [],
    });
    assert.deepEqual(
      spend.map((line) => [line.accountId, line.debit, line.credit, line.description]),
      [
        ['expense', parseMoney('100'), 0n, 'Staples'],
        ['tax', parseMoney('8.25'), 0n, 'Tax on purchases'],
        ['bank', 0n, parseMoney('108.25'), 'Staples'],
      ],
    );
    const receive = bankLinePostingLines({
      kind: 'receive',
      bankAccountId: 'bank',
      amount: parseMoney('108.25'),
      accountId: 'income',
      tax: { split, accountId: 'tax' },
      description: 'Sale',
      trackingOptionIds: [],
    });
    assert.deepEqual(
      receive.map((line) => [line.accountId, line.debit, line.credit]),
      [
        ['bank', parseMoney('108.25'), 0n],
        ['income', 0n, parseMoney('100')],
        ['tax', 0n, parseMoney('8.25')],
      ],
    );
  });
});

function rule(overrides: Partial<BankRule> = {}): BankRule {
  return {
    id: 'r1',
    name: 'r1',
    priority: 1,
    accountId: null,
    direction: 'any',
    match: 'all',
    conditions: [{ field: 'description', operator: 'contains', value: 'Staples' }],
    action: { kind: 'spend', account: 'expense', tax_rate: null, tracking_options: [], memo: null },
    ...overrides,
  };
}

const line = (amount: string, description = 'STAPLES #12', payee: string | null = null) => ({
  accountId: 'bank',
  amount: parseMoney(amount),
  description,
  payee,
  reference: 'FIT-1',
});

describe('bank rules', () => {
  test('text ignores case; amounts compare the absolute amount exactly; all and any', () => {
    assert.ok(ruleMatches(rule(), line('-5.00')));
    assert.ok(!ruleMatches(rule(), line('5.00')), 'spend never proposes for money in');
    const amount = (operator: 'gt' | 'lt' | 'equals', value: string) =>
      rule({ conditions: [{ field: 'amount', operator, value }] });
    assert.ok(ruleMatches(amount('equals', '100.0001'), line('-100.0001')));
    assert.ok(!ruleMatches(amount('equals', '100'), line('-100.0001')));
    assert.ok(ruleMatches(amount('gt', '100'), line('-100.0001')));
    assert.ok(!ruleMatches(amount('lt', '100'), line('-100.00')));
    assert.ok(ruleMatches(amount('lt', '0.10'), line('-0.09')));
    const either = rule({
      match: 'any',
      conditions: [
        { field: 'payee', operator: 'equals', value: 'acme' },
        { field: 'reference', operator: 'starts_with', value: 'fit-' },
      ],
    });
    assert.ok(ruleMatches(either, line('-1.00', 'x', 'ACME')));
    assert.ok(ruleMatches(either, line('-1.00', 'x', null)));
    assert.ok(!ruleMatches({ ...either, match: 'all' }, line('-1.00', 'x', null)));
  });

  test('account, direction, zero lines and transfers to the line’s own account', () => {
    assert.ok(!ruleMatches(rule({ accountId: 'other' }), line('-1.00')));
    assert.ok(!ruleMatches(rule({ direction: 'in' }), line('-1.00')));
    assert.ok(!ruleMatches(rule(), line('0.00')));
    const transfer = rule({
      action: { kind: 'transfer', account: 'bank', tax_rate: null, tracking_options: [], memo: null },
    });
    assert.ok(!ruleMatches(transfer, line('-1.00')));
  });

  test('the first matching rule in the order given wins', () => {
    const first = rule({
      id: 'a',
      conditions: [{ field: 'description', operator: 'contains', value: 'nothing' }],
    });
    const second = rule({ id: 'b' });
    const third = rule({ id: 'c' });
    assert.equal(firstMatchingRule([first, second, third], line('-1.00'))?.id, 'b');
  });

  test('shape: operators fit their fields, amounts are exact non-negative strings, the action fits the direction', () => {
    const refused = (
      conditions: BankRule['conditions'],
      field: string,
      direction: 'in' | 'out' | 'any' = 'any',
    ) =>
      assert.throws(
        () => checkRuleShape({ direction, conditions, action: { kind: 'spend' } }),
        (error: unknown) =>
          error instanceof DomainError && Object.keys((error.detail.fields ?? {}) as object)[0] === field,
      );
    refused([{ field: 'amount', operator: 'contains', value: '1' }], 'conditions/0/operator');
    refused([{ field: 'description', operator: 'gt', value: '1' }], 'conditions/0/operator');
    refused([{ field: 'amount', operator: 'gt', value: '1.5e3' }], 'conditions/0/value');
    refused([{ field: 'amount', operator: 'gt', value: '-1.00' }], 'conditions/0/value');
    refused([{ field: 'payee', operator: 'equals', value: '   ' }], 'conditions/0/value');
    refused([], 'conditions');
    refused([{ field: 'payee', operator: 'equals', value: 'x' }], 'action/kind', 'in');
  });
});
