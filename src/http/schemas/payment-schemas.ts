// The schemas of a payment, received or made, built once from what distinguishes its kind: the
// record with its page, and the list's query. Each schema keeps its fields in the order the
// OpenAPI document publishes (the order of a record's fields is the order of its properties), so a
// kind's own fields are given where they stand.
import { type TOptional, type TProperties, type TSchema, type TString, Type } from '@sinclair/typebox';
import { PAYMENT_STATUSES } from '../../domain/payment.ts';
import * as S from './common.ts';
import { PaymentFields } from './money-movements.ts';

/** A payment's counterparty as answered: its id, then its display name. */
function counterpartyFields<Counterparty extends string>(counterparty: Counterparty) {
  return { [counterparty]: S.IdOutput, [`${counterparty}_name`]: Type.String() } as Record<
    Counterparty,
    typeof S.IdOutput
  > &
    Record<`${Counterparty}_name`, TString>;
}

/**
 * A payment as answered, named `name`, and its page: its number (`numberPrefix`-000001), its
 * counterparty, the fields every payment has, the kind's `own` (its account, its credit), its
 * applications, its entry, its status and void, then `after` (fields added later), its stamps.
 */
export function paymentSchemas<
  Counterparty extends string,
  Own extends TProperties,
  Application extends TSchema,
  Entry extends TSchema,
  VoidEntry extends TSchema,
  After extends TProperties,
>(
  name: string,
  kind: {
    numberPrefix: string;
    counterparty: Counterparty;
    own: Own;
    application: Application;
    journalEntry: Entry;
    statusDescription: string;
    voidEntry: VoidEntry;
    after: After;
  },
) {
  const record = S.Named(name, {
    id: S.IdOutput,
    number: Type.String({ description: `${kind.numberPrefix}-000001, allocated by the server (gapless).` }),
    ...counterpartyFields(kind.counterparty),
    ...PaymentFields,
    ...kind.own,
    applications: Type.Array(kind.application),
    currency: Type.String(),
    journal_entry: kind.journalEntry,
    status: S.Literals(PAYMENT_STATUSES, { description: kind.statusDescription }),
    void_entry: kind.voidEntry,
    voided_at: S.OrNull(Type.String()),
    ...kind.after,
    ...S.RecordStamps,
  });
  return { record, page: S.Page(S.ref(record), name) };
}

/**
 * A list of payments' query: the cursor, one counterparty's (by id), the search, the kind's
 * `narrowing` filters, and the sorts (`sortKeys`, the counterparty's by its display name).
 */
export function paymentListQuery<
  Counterparty extends string,
  const Key extends string,
  Narrowing extends TProperties,
>(counterparty: Counterparty, sortKeys: readonly Key[], narrowing: Narrowing) {
  const described = `${counterparty.charAt(0).toUpperCase()}${counterparty.slice(1)} id.`;
  return Type.Object({
    ...S.CursorQuery,
    ...({ [counterparty]: Type.Optional(Type.String({ description: described })) } as Record<
      Counterparty,
      TOptional<TString>
    >),
    search: S.SearchFilter(
      `Case-insensitive substring of the payment number, its reference or the ${counterparty} name (\`%\` and \`_\` literal).`,
    ),
    ...narrowing,
    sort: S.SortQuery(sortKeys, `${counterparty}: the ${counterparty}'s display name`),
  });
}
