// Shared TypeBox schemas. The same schemas validate requests and produce the OpenAPI document.
import { type TSchema, Type } from '@sinclair/typebox';
import { MONEY_PATTERN } from '../../domain/money.ts';
import { MONEY_KEYWORD } from '../errors.ts';

export const Uuid = (description?: string) => Type.String({ format: 'uuid', description });
export const DateString = (description?: string) =>
  Type.String({ format: 'date', description, examples: ['2026-11-23'] });
export const Timestamp = Type.String({ format: 'date-time' });

/** A request amount (D5): a decimal string; a JSON number answers invalid_money. */
export const MoneyInput = (description?: string) =>
  Type.String({ pattern: MONEY_PATTERN, [MONEY_KEYWORD]: true, description, examples: ['120.00'] });
/** A response amount (D7): exactly four decimals. */
export const MoneyOutput = (description?: string) =>
  Type.String({ pattern: '^-?[0-9]+\\.[0-9]{4}$', description, examples: ['120.0000'] });
/** Quantities (D6): decimal strings with up to 4 decimals. */
export const Quantity = Type.String({ pattern: '^[0-9]{1,11}(\\.[0-9]{1,4})?$', examples: ['2', '1.5'] });
export const Version = Type.Integer({ minimum: 1, description: 'Optimistic concurrency version (D34).' });

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Machine-readable error code: the contract.' }),
      message: Type.String({ description: 'Prose; not to be parsed.' }),
      detail: Type.Object({}, { additionalProperties: true }),
    }),
  },
  { $id: 'ErrorEnvelope', title: 'Error' },
);

export const ErrorRef = Type.Ref('ErrorEnvelope');

/** The page envelope of every list (D31). */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    next: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
    previous: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
    results: Type.Array(item),
  });

export const CursorQuery = {
  cursor: Type.Optional(Type.String({ description: 'Opaque cursor from a `next` or `previous` URL.' })),
};

export const IdParams = Type.Object({ id: Type.String() });

export const Deleted = Type.Object({ id: Type.String(), deleted: Type.Boolean() });
