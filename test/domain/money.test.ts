import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  currencyDecimals,
  divideRoundHalfAwayFromZero,
  formatMoney,
  isMoneyString,
  isSupportedCurrency,
  MONEY_PATTERN,
  multiplyMoney,
  parseMoney,
  percentOf,
  roundMoney,
  SUPPORTED_CURRENCIES,
} from '../../src/domain/money.ts';

const moneyText = fc
  .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,15}$/), fc.option(fc.stringMatching(/^[0-9]{1,4}$/)))
  .map(
    ([negative, whole, fraction]) =>
      `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`,
  );

describe('money', () => {
  test('every wire amount parses and formats back to the same value with four decimals', () => {
    fc.assert(
      fc.property(moneyText, (text) => {
        const units = parseMoney(text);
        const formatted = formatMoney(units);
        assert.match(formatted, /^-?\d+\.\d{4}$/);
        assert.equal(parseMoney(formatted), units);
      }),
    );
  });

  test('formatting then parsing any scaled integer is the identity', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 19n), max: 10n ** 19n }), (units) => {
        assert.equal(parseMoney(formatMoney(units)), units);
      }),
    );
  });

  test('the wire pattern refuses numbers-as-text forms that are not plain decimals', () => {
    for (const bad of ['1e5', '', '.5', '1.', '1.23456', '+1', ' 1', '1,00', '0x10', '1234567890123456']) {
      assert.equal(isMoneyString(bad), false, bad);
      assert.equal(new RegExp(MONEY_PATTERN).test(bad), false, bad);
    }
    for (const good of ['0', '120.00', '-5.5', '999999999999999.9999'])
      assert.equal(isMoneyString(good), true, good);
  });

  test('parse refuses anything that is not an exact decimal, never going through a float', () => {
    assert.throws(() => parseMoney('1e3'));
    assert.throws(() => parseMoney('abc'));
    assert.equal(parseMoney('0.1') + parseMoney('0.2'), parseMoney('0.3'));
  });

  test('rounding is half away from zero', () => {
    assert.equal(formatMoney(roundMoney(parseMoney('2.345'), 2)), '2.3500');
    assert.equal(formatMoney(roundMoney(parseMoney('-2.345'), 2)), '-2.3500');
    assert.equal(formatMoney(roundMoney(parseMoney('2.3449'), 2)), '2.3400');
    assert.equal(formatMoney(roundMoney(parseMoney('0.5'), 0)), '1.0000');
    assert.equal(formatMoney(roundMoney(parseMoney('-0.5'), 0)), '-1.0000');
  });

  test('rounding property: the result is within half a step and ties go away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (n, d) => {
          const q = divideRoundHalfAwayFromZero(n, d);
          const remainder = n - q * d;
          assert.ok(2n * (remainder < 0n ? -remainder : remainder) <= d);
          if (2n * (remainder < 0n ? -remainder : remainder) === d)
            assert.ok(n >= 0n ? remainder < 0n : remainder > 0n);
        },
      ),
    );
  });

  test('line amounts and tax round to the currency minor unit', () => {
    assert.equal(formatMoney(multiplyMoney(parseMoney('3'), parseMoney('33.335'), 2)), '100.0100');
    assert.equal(formatMoney(multiplyMoney(parseMoney('1.5'), parseMoney('0.99'), 2)), '1.4900');
    assert.equal(formatMoney(multiplyMoney(parseMoney('1'), parseMoney('100.5'), 0)), '101.0000');
    assert.equal(formatMoney(percentOf(parseMoney('100.00'), parseMoney('8.25'), 2)), '8.2500');
    assert.equal(formatMoney(percentOf(parseMoney('10.01'), parseMoney('8.25'), 2)), '0.8300');
    assert.equal(formatMoney(percentOf(parseMoney('1.000'), parseMoney('12.5'), 3)), '0.1250');
  });
});

describe('currencies (ISO 4217, issue 21)', () => {
  test('every active ISO 4217 currency with its minor unit; funds, metals and test codes are not currencies of books', () => {
    const cases: [string, number | null][] = [
      ['USD', 2],
      ['EUR', 2],
      ['HUF', 2],
      ['IDR', 2],
      ['XCD', 2],
      ['JPY', 0],
      ['VND', 0],
      ['XOF', 0],
      ['KWD', 3],
      ['IQD', 3],
      ['LYD', 3],
      ['CLF', null],
      ['XAU', null],
      ['XDR', null],
      ['XTS', null],
      ['HRK', null],
      ['usd', null],
      ['toString', null],
    ];
    for (const [code, decimals] of cases) {
      assert.equal(isSupportedCurrency(code), decimals !== null, code);
      if (decimals !== null) assert.equal(currencyDecimals(code), decimals, code);
    }
    assert.equal(SUPPORTED_CURRENCIES.length, 157);
    assert.deepEqual([...SUPPORTED_CURRENCIES].sort(), SUPPORTED_CURRENCIES);
    assert.equal(new Set(SUPPORTED_CURRENCIES).size, SUPPORTED_CURRENCIES.length);
    for (const code of SUPPORTED_CURRENCIES) assert.match(code, /^[A-Z]{3}$/);
  });
});
