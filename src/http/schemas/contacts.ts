// What customers and vendors share (Bigcapital's neutral `Contacts`): the fields of a contact as
// answered and as written. The one difference of name is the address, `billing_address` on a
// customer and `address` on a vendor; each side adds its own balance fields.
import { type TNull, type TSchema, type TString, type TUnion, Type } from '@sinclair/typebox';
import { PAYMENT_TERMS } from '../../domain/invoice.ts';
import { CONTACT_SORT_KEYS } from '../../domain/list-order.ts';
import * as S from './common.ts';

export const PaymentTerms = S.Literals(PAYMENT_TERMS, {
  description: 'Days from issue date to due date: due_on_receipt, net_7, net_15, net_30, net_60, net_90.',
});
const DisplayName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

type Address<A extends string, T extends TSchema> = { [K in A]: T };
const address = <A extends string, T extends TSchema>(name: A, schema: T) =>
  ({ [name]: schema }) as Address<A, T>;

/** A contact as answered, up to its balance fields; `paymentTerms` is the schema with its description. */
export function contactFields<A extends string, P extends TSchema>(addressName: A, paymentTerms: P) {
  return {
    id: S.IdOutput,
    display_name: Type.String(),
    email: S.OrNull(Type.String()),
    company_name: S.OrNull(Type.String()),
    phone: S.OrNull(Type.String()),
    ...address<A, TUnion<[TString, TNull]>>(addressName, S.OrNull(Type.String())),
    notes: Type.String(),
    payment_terms: paymentTerms,
    currency: Type.String(),
    is_active: Type.Boolean(),
  };
}

/** A list of contacts: by a substring of display_name or email, and by is_active; sorted by name (issue 21). */
export const ContactListQuery = Type.Object({
  ...S.CursorQuery,
  search: S.SearchFilter('Case-insensitive substring of display_name or email.'),
  ...S.ActiveFilter,
  sort: S.SortQuery(CONTACT_SORT_KEYS, 'name: display_name, case-insensitively.'),
});

/** The body of a new contact. */
export function contactCreateFields<A extends string>(addressName: A) {
  return {
    display_name: DisplayName,
    email: Type.Optional(S.OrNull(Type.String({ format: 'email', maxLength: 254 }))),
    company_name: Type.Optional(S.OrNull(Type.String({ maxLength: 200 }))),
    phone: Type.Optional(S.OrNull(Type.String({ maxLength: 50 }))),
    ...address(addressName, Type.Optional(S.OrNull(Type.String({ maxLength: 1000 })))),
    notes: Type.Optional(Type.String({ maxLength: 4000 })),
    payment_terms: Type.Optional(PaymentTerms),
  };
}

/** The body of a change to a contact (sparse): every field optional, is_active, the version read. */
export function contactUpdateFields<A extends string>(addressName: A) {
  return {
    ...contactCreateFields(addressName),
    display_name: Type.Optional(DisplayName),
    ...S.ActivationUpdate,
  };
}
