// Hand-picked boundary and hostile values, by the kind of field they go into.
import fc from 'fast-check';
import { RawBody } from './refs.ts';

export const BOUNDARY_DATES = [
  '0001-01-01',
  '9999-12-31',
  '9999-12-01',
  '2000-02-29',
  '1970-01-01',
  '2026-12-31',
];
export const HOSTILE_DATES = [
  '0000-01-01',
  '10000-01-01',
  '-0001-01-01',
  '+275760-09-13',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '20261123',
  '2026-11-23T00:00:00Z',
  '2026-11-23 ',
  '1e3',
];

export const BOUNDARY_MONEY = [
  '999999999999999.9999',
  '-999999999999999.9999',
  '999999999999999',
  '100000000000000.0000',
  '0',
  '0.0000',
  '0.0001',
  '-0.0001',
  '-0',
  '0.01',
];
export const HOSTILE_MONEY = [
  '1e5',
  '0x10',
  ' 1',
  '1.',
  '.5',
  '1.23456',
  '1234567890123456',
  '-',
  '+1',
  '１２',
  '9'.repeat(400),
  '1,000.00',
  'NaN',
  'Infinity',
];

export const BOUNDARY_QUANTITIES = ['99999999999.9999', '99999999999', '0', '0.0001', '1.0000'];
export const BOUNDARY_RATES = ['100', '100.0000', '999.9999', '0', '0.0001', '100.0001'];

/** Values of the wrong JSON type for any field. */
export const WRONG_TYPES: unknown[] = [
  0,
  -1,
  1.5,
  1e21,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  null,
  [],
  ['x'],
  [[]],
  {},
  { a: 1 },
  'x',
  '',
];

export const INTEGER_EDGES = [
  0,
  -1,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  1e300,
  0.5,
];

/** Strings no field should choke on: NUL, lone surrogates, controls, huge, odd Unicode, injections. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      'a\u0000b',
      '\u0000',
      '\ud800',
      'x\udfffy',
      '\udc00\ud800',
      '\u202e\u0007\u001b[31m',
      '\ufeff',
      ' ',
      '\n\t',
      "'; DROP TABLE accounts; --",
      '%00',
      '../../etc/passwd',
      '\\u0000',
      '😀'.repeat(3),
      'A'.repeat(100_000),
      'é'.repeat(70_000),
      '\u0000'.repeat(1000),
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }).map((text) => `${text}\u0000${text}`),
  );
}

/** An object or array nested `depth` levels (as a value: JSON.stringify handles these depths). */
export function nested(depth: number, arrays: boolean): unknown {
  let value: unknown = arrays ? [1] : { a: 1 };
  for (let level = 1; level < depth; level++) value = arrays ? [value] : { a: value };
  return value;
}

export function deepValue(): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(33, 40, 64, 200), fc.boolean())
    .map(([depth, arrays]) => nested(depth, arrays));
}

/** Whole bodies that are not one JSON object, or are too deep or too big to build as a value. */
export function hostileRawBody(): fc.Arbitrary<RawBody> {
  const deep = (depth: number) =>
    new RawBody(`{"a": x${depth}`, '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
  const deepArray = (depth: number) => new RawBody(`[ x${depth}`, '['.repeat(depth) + ']'.repeat(depth));
  return fc.constantFrom(
    deep(33),
    deep(1_000),
    deep(100_000),
    deepArray(50),
    deepArray(200_000),
    new RawBody('empty', ''),
    new RawBody('array', '[]'),
    new RawBody('string', '"x"'),
    new RawBody('number', '123'),
    new RawBody('null', 'null'),
    new RawBody('truncated', '{"a":'),
    new RawBody('trailing comma', '{"a":1,}'),
    new RawBody('duplicate keys', '{"memo":"a","memo":"b","name":"x","name":"y"}'),
    new RawBody('__proto__', '{"__proto__":{"is_admin":true},"constructor":{"prototype":{"x":1}}}'),
    new RawBody('lone surrogate escape', '{"name":"\\ud800","memo":"\\u0000"}'),
    new RawBody(
      'invalid utf-8',
      Buffer.from([0x7b, 0x22, 0x6d, 0x65, 0x6d, 0x6f, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]),
    ),
    new RawBody('2 MiB', `{"memo":"${'x'.repeat(2 * 1024 * 1024)}"}`),
  );
}
