// Shared TypeBox schemas. The same schemas validate requests, type the handlers' answers and produce
// the OpenAPI document. A schema with an `$id` is a named component (`components.schemas`): routes
// take it by `$ref` (defineRoute), other schemas nest it with `ref(...)`. The schema files import
// these building blocks as one namespace, `import * as S from './common.ts'` (`S.MoneyOutput()`, as
// `Type.` and `z.` read), not as a list of names (issue 19).
import {
  type ObjectOptions,
  type SchemaOptions,
  type Static,
  type TLiteral,
  type TNull,
  type TProperties,
  type TSchema,
  type TString,
  type TUnion,
  Type,
} from '@sinclair/typebox';
import { sortValues } from '../../domain/list-order.ts';
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

/** A named component: an object schema whose `$id` and title are its name. */
export const Named = <T extends TProperties>(name: string, properties: T, options?: ObjectOptions) =>
  Type.Object(properties, { $id: name, title: name, ...options });

// Fields that many records share, spread where they stand in the record (the order of a record's
// fields is the order of its OpenAPI properties, so a fragment keeps its place).

/** A record's own id, or the id of a record it names, as answered. */
export const IdOutput = Type.String({ format: 'uuid' });
/** The last fields of a record that changes: its version (D34) and when it was made and last changed. */
export const RecordStamps = { version: Type.Integer(), created_at: Type.String(), updated_at: Type.String() };
/** The last fields of a record that can be deactivated. */
export const ActiveRecordStamps = { is_active: Type.Boolean(), ...RecordStamps };
/** The last fields of a sparse update body: the version the writer read (D34). */
export const VersionRead = { version: Type.Optional(Version) };
/** The last fields of a sparse update body of a record that can be deactivated. */
export const ActivationUpdate = { is_active: Type.Optional(Type.Boolean()), ...VersionRead };
/** A list filter on is_active. */
export const ActiveFilter = { is_active: Type.Optional(Type.Boolean()) };
/** A list's free-text filter: `description` says what it searches. */
export const SearchFilter = (description: string) =>
  Type.Optional(Type.String({ maxLength: 200, description }));
/** The totals of a priced document (invoice, credit note, bill). */
export const DocumentTotals = {
  subtotal: MoneyOutput(),
  tax_total: MoneyOutput(),
  total: MoneyOutput('subtotal + tax_total'),
};

/**
 * The last fields of a document that posts: its memo, the entry its posting wrote (`verb`: send,
 * issue, open), the reversal of its void, when it posted (`postedAt`) and when it was voided, then
 * its stamps.
 */
export function postingFields<A extends string>(verb: string, postedAt: A) {
  const posted = { [postedAt]: OrNull(Type.String()) } as Record<A, TUnion<[TString, TNull]>>;
  return {
    memo: Type.String(),
    journal_entry: OrNull(Type.String(), { description: `The entry posted by ${verb}.` }),
    void_entry: OrNull(Type.String(), { description: 'The reversing entry of a void.' }),
    ...posted,
    voided_at: OrNull(Type.String()),
    ...RecordStamps,
  };
}

/** A schema that is a named component of the document. */
export type Component = TSchema & { $id: string };

export function isComponent(schema: TSchema): schema is Component {
  return typeof schema.$id === 'string';
}

/** A `$ref` to a component, typed as the component itself. */
export function ref<T extends TSchema>(schema: T) {
  if (!isComponent(schema)) throw new Error('ref() takes a named schema (one with an $id)');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id));
}

/** A closed set of strings as a union of literals: its static type is the union ('draft' | 'sent' ...). */
export const Literals = <const T extends string>(values: readonly T[], options?: SchemaOptions) =>
  Type.Union(
    values.map((value): TLiteral<T> => Type.Literal(value)),
    options,
  );

/** Nullable: `T | null`. */
export const OrNull = <T extends TSchema>(schema: T, options?: SchemaOptions) =>
  Type.Union([schema, Type.Null()], options);

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Machine-readable error code: the contract.' }),
      message: Type.String({ description: 'Prose; not to be parsed.' }),
      detail: Type.Object({}, { additionalProperties: true }),
    }),
  },
  { $id: 'Error', title: 'Error', description: 'The one error envelope of every refusal.' },
);

export const ErrorRef = ref(ErrorEnvelope);

/**
 * The page envelope of every list (D31). With a name it is the component `Page_<name>` (the invoice
 * list is `Page_Invoice`, whose results are InvoiceSummary); without, it stays inline (internal lists).
 */
export function Page<T extends TSchema>(item: T, name?: string) {
  return Type.Object(
    {
      next: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
      previous: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
      results: Type.Array(item),
    },
    name ? { $id: `Page_${name}`, title: `Page_${name}` } : {},
  );
}

export const CursorQuery = {
  cursor: Type.Optional(
    Type.String({
      description:
        'Opaque cursor from a `next` or `previous` URL, or `last` for the last page (the newest rows, in list order, with `previous` only).',
    }),
  ),
};

/**
 * A list's `?sort=`: one of `keys` ascending, or after a minus descending. Rows equal on the key keep
 * D31's order (created_at, id) in the same direction; a cursor stays in the order it came from.
 * `keysNote` says what a key means where its name does not.
 */
export const SortQuery = <const Key extends string>(keys: readonly Key[], keysNote?: string) =>
  Type.Optional(
    Literals(sortValues(keys), {
      description: `Order of the list: ${keys.join(', ')}${keysNote ? ` (${keysNote})` : ''}; a leading minus sorts descending (\`-${keys[0]}\`). Without it, D31's order (created_at, id). A cursor is refused under another order (400 invalid_cursor).`,
    }),
  );

/** A document list's `?overdue=`: only documents past their due date (true) or none of them (false). */
export const OverdueFilter = Type.Optional(
  Type.Boolean({
    description: 'true: only documents past due (days_overdue > 0, D24); false: only those that are not.',
  }),
);

/**
 * What a document list's filters match, summed (not one page): the list's totals row. Amounts are
 * in the books' currency (documents are in it only).
 */
export const DocumentListTotals = Named('DocumentListTotals', {
  count: Type.Integer({ minimum: 0, description: 'Documents that pass the filters.' }),
  currency: Type.String(),
  total: MoneyOutput('The sum of their totals (a void document counts with its total).'),
  balance_due: MoneyOutput('The sum of their balances due (0 for a void document).'),
});

/**
 * What a credit list's filters match, summed (not one page): the totals row of credit notes and
 * vendor credits, whose money left is credit to apply rather than a balance due.
 */
export const CreditListTotals = Named('CreditListTotals', {
  count: Type.Integer({ minimum: 0, description: 'Credits that pass the filters.' }),
  currency: Type.String(),
  total: MoneyOutput('The sum of their totals (a void credit counts with its total).'),
  remaining_credit: MoneyOutput('The sum of their remaining credit (0 for a draft or a void credit).'),
});

export const IdParams = Type.Object({ id: Type.String() });

/** The body of an action that changes one record: only the version the caller read (D34). */
export const ActionRequest = Type.Object(
  { version: Type.Optional(Version) },
  { $id: 'ActionRequest', title: 'ActionRequest' },
);

/** The response of a route that answers no body (204). */
export const NoContent = Type.Null();

/**
 * D90: what a priced line (an invoice's, a credit note's, a bill's, a vendor credit's) says of its
 * tax beside `tax_rate` and `tax_amount`: its tax group, and its tax per rate.
 */
export const LineTaxOutput = {
  tax_group: OrNull(Type.String({ format: 'uuid' }), {
    description: 'The tax group the line is taxed at (D90), or null (a tax rate, or no tax).',
  }),
  taxes: Type.Array(Type.Object({ tax_rate: Type.String({ format: 'uuid' }), amount: MoneyOutput() }), {
    description:
      'The line’s tax per rate, summing to tax_amount: one element for a tax rate, one per rate of its tax group in the group’s order (each rounded on its own, D8), none without tax.',
  }),
};

/** D90: a line's tax group, sent instead of `tax_rate`. */
export const TaxGroupInput = Type.Optional(
  OrNull(
    Uuid(
      'A tax group instead of tax_rate (never both): the line is taxed at each of its rates, each rounded on its own, and each rate’s tax posts to that rate’s account.',
    ),
  ),
);
