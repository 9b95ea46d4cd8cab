// fast-check arbitraries from a route's own JSON Schema. Three modes: `valid` (every value obeys the
// schema, ids name real records, so writes reach deep code), `boundary` (some values sit on an edge
// the schema allows or just leaves) and `hostile` (some values are NUL, huge, deep, of the wrong
// type, far dates, tampered cursors).
import fc from 'fast-check';
import { coherentLines } from './coherence.ts';
import type { Schema } from './operations.ts';
import { CURSOR_VARIANTS, CursorRef, IdRef, KINDS, type Kind, kindOfField, type Mangle } from './refs.ts';
import {
  BOUNDARY_DATES,
  BOUNDARY_MONEY,
  BOUNDARY_QUANTITIES,
  BOUNDARY_RATES,
  deepValue,
  HOSTILE_DATES,
  HOSTILE_MONEY,
  hostileString,
  INTEGER_EDGES,
  WRONG_TYPES,
} from './values.ts';

export type Mode = 'valid' | 'boundary' | 'hostile';

/** Where a value goes: its field name, and for a path `id` the kind of record the route serves. */
export interface Field {
  name: string;
  kind?: Kind;
}

const ENTITY_TYPES = [
  'account',
  'customer',
  'ar_invoice',
  'payment_received',
  'journal_entry',
  'tax_rate',
  'tax_group',
  'tracking_category',
  'tracking_option',
];
const DATE_NAME = /(^|_)(date|from|to|as_of|through)$/;
const MONEY_PATTERN = '^-?[0-9]{1,15}(\\.[0-9]{1,4})?$';
const QUANTITY_PATTERN = '^[0-9]{1,11}(\\.[0-9]{1,4})?$';
const RATE_PATTERN = '^[0-9]{1,3}(\\.[0-9]{1,4})?$';

type Shape =
  | 'anyOf'
  | 'enum'
  | 'object'
  | 'array'
  | 'boolean'
  | 'integer'
  | 'money'
  | 'quantity'
  | 'rate'
  | 'date'
  | 'datetime'
  | 'id'
  | 'cursor'
  | 'email'
  | 'currency'
  | 'version'
  | 'entity_types'
  | 'source_type'
  | 'text';

function shapeOf(schema: Schema, field: Field): Shape {
  if (schema.anyOf) return 'anyOf';
  if (schema.enum) return 'enum';
  if (schema.type === 'object') return 'object';
  if (schema.type === 'array') return 'array';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'integer' || schema.type === 'number') return 'integer';
  if (schema['x-folio-money'] || schema.pattern === MONEY_PATTERN) return 'money';
  if (schema.pattern === QUANTITY_PATTERN) return 'quantity';
  if (schema.pattern === RATE_PATTERN) return 'rate';
  if (schema.pattern === '^[0-9]{1,9}$' || field.name === 'If-Match') return 'version';
  if (schema.format === 'date' || DATE_NAME.test(field.name)) return 'date';
  if (schema.format === 'date-time') return 'datetime';
  if (field.name === 'cursor') return 'cursor';
  if (schema.format === 'uuid' || field.kind || kindOfField(field.name) || field.name === 'source_id')
    return 'id';
  if (schema.format === 'email') return 'email';
  if (field.name === 'currency') return 'currency';
  if (field.name === 'entity_types') return 'entity_types';
  if (field.name === 'source_type') return 'source_type';
  return 'text';
}

/** The arbitrary for one value of `schema` in `mode`. */
export function arbitraryOf(schema: Schema, field: Field, mode: Mode): fc.Arbitrary<unknown> {
  const valid = validOf(schema, field, mode);
  if (mode === 'valid') return valid;
  if (mode === 'boundary') return fc.oneof({ weight: 3, arbitrary: valid }, boundaryOf(schema, field));
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 1, arbitrary: boundaryOf(schema, field) },
    { weight: 2, arbitrary: hostileOf(schema, field) },
  );
}

function pad(value: number, width: number) {
  return String(value).padStart(width, '0');
}

export function dateIn(fromYear: number, years: number): fc.Arbitrary<string> {
  return fc
    .integer({ min: 0, max: years * 365 })
    .map((days) => new Date(Date.UTC(fromYear, 0, 1) + days * 86_400_000).toISOString().slice(0, 10));
}

/** Most records the fuzzer writes to are at version 1, so a valid version is mostly 1. */
const versionNumber = fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, fc.integer({ min: 2, max: 5 }));

const validMoney = fc
  .tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 99 }), fc.boolean())
  .map(([units, cents, whole]) => (whole ? String(units) : `${units}.${pad(cents, 2)}`));

/** A real record's id: of the kind the field names (in valid mode only that), or of any kind. */
function idRef(field: Field, mode: Mode = 'hostile'): fc.Arbitrary<IdRef> {
  const kind = field.kind ?? kindOfField(field.name);
  const any = fc.tuple(fc.constantFrom(...KINDS), fc.nat({ max: 40 })).map(([k, i]) => new IdRef(k, i));
  if (!kind) return any;
  const own = fc.nat({ max: 40 }).map((index) => new IdRef(kind, index));
  return mode === 'valid' ? own : fc.oneof({ weight: 8, arbitrary: own }, { weight: 1, arbitrary: any });
}

function textOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 30));
  if (schema.pattern && schema.pattern !== '\\S') {
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern, { size: 'xsmall' })
      .filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
  }
  return fc
    .string({ unit: 'grapheme', minLength, maxLength })
    .filter((text) => !text.includes('\u0000') && (schema.pattern !== '\\S' || /\S/.test(text)));
}

function validOf(schema: Schema, field: Field, mode: Mode): fc.Arbitrary<unknown> {
  switch (shapeOf(schema, field)) {
    case 'anyOf':
      return fc.oneof(...(schema.anyOf ?? []).map((branch) => validOf(branch, field, mode)));
    case 'enum':
      return fc.constantFrom(...(schema.enum ?? []));
    case 'object':
      return objectOf(schema, mode, false);
    case 'array': {
      const amounts = mode === 'valid' ? validMoney : fc.constantFrom(...BOUNDARY_MONEY);
      const items = schema.items && mode !== 'hostile' ? arbitraryOf(schema.items, field, mode) : undefined;
      const lines = items && coherentLines(schema.items!, items, amounts);
      // Ids of one kind: one is always valid (tracking options allow one per category).
      const idsMax = shapeOf(schema.items ?? {}, field) === 'id' && !schema.uniqueItems ? 1 : 4;
      const max = Math.min(schema.maxItems ?? idsMax, idsMax);
      return lines ?? arrayOf(schema, field, mode, schema.minItems ?? 0, max);
    }
    case 'boolean':
      return fc.boolean();
    case 'integer':
      if (field.name === 'limit') return fc.integer({ min: 1, max: 1000 });
      if (field.name === 'version') return versionNumber;
      return fc.integer({ min: schema.minimum ?? 1, max: Math.max(schema.minimum ?? 1, 5) });
    case 'money':
      return validMoney;
    case 'quantity':
      return fc.constantFrom('1', '2', '0.5', '3.25', '10');
    case 'rate':
      return fc.constantFrom('0', '5', '8.25', '12.5', '20.0000');
    case 'version':
      return versionNumber.map((n) => (field.name === 'If-Match' ? `"${n}"` : String(n)));
    case 'date':
      return dateIn(2025, 3);
    case 'datetime':
      return dateIn(2027, 2).map((date) => `${date}T12:00:00Z`);
    case 'cursor':
      return fc.nat({ max: 20 }).map((index) => new CursorRef('issued', index));
    case 'id':
      return idRef(field, mode);
    case 'email':
      return fc.constantFrom('a@example.test', 'billing@customer.test', 'x.y+z@mail.example.com');
    case 'currency':
      return fc.constant('USD');
    case 'entity_types':
      return fc.subarray(ENTITY_TYPES, { minLength: 1 }).map((types) => types.join(','));
    case 'source_type':
      return fc.constantFrom('manual', 'invoice', 'payment', 'ar_invoice', 'payment_received');
    case 'text':
      return textOf(schema);
  }
}

function objectOf(schema: Schema, mode: Mode, allKeys: boolean): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    model[name] = arbitraryOf(child, { name }, mode);
  const requiredKeys = allKeys ? Object.keys(model) : (schema.required ?? []);
  return fc.record(model, { requiredKeys });
}

function arrayOf(schema: Schema, field: Field, mode: Mode, minLength: number, maxLength: number) {
  const items = arbitraryOf(schema.items ?? {}, field, mode);
  if (!schema.uniqueItems) return fc.array(items, { minLength, maxLength });
  return fc.uniqueArray(items, { minLength, maxLength, selector: (item) => fc.stringify(item) });
}

function boundaryOf(schema: Schema, field: Field): fc.Arbitrary<unknown> {
  const shape = shapeOf(schema, field);
  switch (shape) {
    case 'anyOf':
      return fc.oneof(...(schema.anyOf ?? []).map((branch) => boundaryOf(branch, field)));
    case 'object':
      return objectOf(schema, 'boundary', true);
    case 'array': {
      const max = schema.maxItems ?? 10;
      return fc.oneof(
        fc.constant([]),
        arrayOf(schema, field, 'valid', max, max),
        arrayOf(schema, field, 'valid', max + 1, max + 1),
      );
    }
    case 'integer':
      return fc.constantFrom(schema.minimum ?? 0, (schema.minimum ?? 0) - 1, 1000, 1001, ...INTEGER_EDGES);
    case 'money':
      return fc.constantFrom(...BOUNDARY_MONEY);
    case 'quantity':
      return fc.constantFrom(...BOUNDARY_QUANTITIES);
    case 'rate':
      return fc.constantFrom(...BOUNDARY_RATES);
    case 'date':
      return fc.constantFrom(...BOUNDARY_DATES);
    case 'datetime':
      return fc.constantFrom('9999-12-31T23:59:59.999Z', '0001-01-01T00:00:00Z', '2026-11-23T00:00:00+14:00');
    case 'version':
      return fc.constantFrom('0', '999999999', '"999999999"', '*', 'W/"1"', '1000000000');
    case 'currency':
      return fc.constantFrom('usd', 'EUR', 'JPY', 'XXX', '');
    case 'cursor':
      return fc
        .tuple(fc.constantFrom(...CURSOR_VARIANTS), fc.nat({ max: 20 }))
        .map(([v, i]) => new CursorRef(v, i));
    default:
      return lengthEdges(schema).chain((edges) =>
        edges.length > 0 ? fc.constantFrom(...edges) : validOf(schema, field, 'valid'),
      );
  }
}

/** Strings at and just past the schema's length limits (ASCII, two-byte and astral characters). */
function lengthEdges(schema: Schema): fc.Arbitrary<string[]> {
  const edges: string[] = [];
  if (schema.maxLength !== undefined) {
    for (const unit of ['a', 'é', '😀'])
      edges.push(unit.repeat(schema.maxLength), unit.repeat(schema.maxLength + 1));
  }
  if (schema.minLength !== undefined && schema.minLength > 0) edges.push('a'.repeat(schema.minLength), '');
  return fc.constant(edges);
}

function hostileOf(schema: Schema, field: Field): fc.Arbitrary<unknown> {
  const shape = shapeOf(schema, field);
  const common = [
    { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 2, arbitrary: hostileString() },
    { weight: 1, arbitrary: deepValue() },
  ];
  const specific: fc.Arbitrary<unknown>[] = [];
  if (shape === 'money' || shape === 'quantity' || shape === 'rate')
    specific.push(fc.constantFrom(...HOSTILE_MONEY));
  if (shape === 'date' || shape === 'datetime') specific.push(fc.constantFrom(...HOSTILE_DATES));
  if (shape === 'datetime')
    specific.push(fc.constantFrom('0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '2026-11-23T25:00:00Z'));
  if (shape === 'cursor') {
    specific.push(
      fc.tuple(fc.constantFrom(...CURSOR_VARIANTS), fc.nat({ max: 20 })).map(([v, i]) => new CursorRef(v, i)),
    );
  }
  if (shape === 'id') {
    specific.push(
      fc.uuid(),
      fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid', 'x'.repeat(300)),
      fc
        .tuple(idRef(field), fc.constantFrom<Mangle>('upper', 'suffix', 'nul'))
        .map(([ref, mangle]) => new IdRef(ref.kind, ref.index, mangle)),
    );
  }
  if (shape === 'object')
    specific.push(fc.constant({}), objectOf(schema, 'hostile', false).map(withStranger));
  return fc.oneof(...common, ...specific.map((arbitrary) => ({ weight: 3, arbitrary })));
}

function withStranger(value: Record<string, unknown>) {
  return { ...value, unknown_field: 'x', organization_id: '00000000-0000-0000-0000-000000000000' };
}
