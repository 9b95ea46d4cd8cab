// The orders a list (documents, contacts, payments) offers besides its default (D31's created_at,
// id): `?sort=issue_date` ascending, `?sort=-issue_date` descending. Ties, and rows equal on the key, keep D31's order (in
// the same direction), so every order is total and a keyset cursor can stand in it.

/** The keys an invoice list sorts by. */
export const INVOICE_SORT_KEYS = [
  'number',
  'issue_date',
  'due_date',
  'customer',
  'total',
  'balance_due',
] as const;
export type InvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];

/** The keys a bill list sorts by. */
export const BILL_SORT_KEYS = ['number', 'bill_date', 'due_date', 'vendor', 'total', 'balance_due'] as const;
export type BillSortKey = (typeof BILL_SORT_KEYS)[number];

/** The keys a credit note list sorts by (a draft has no number yet: it sorts as an empty one). */
export const CREDIT_NOTE_SORT_KEYS = ['number', 'issue_date', 'customer', 'total'] as const;
export type CreditNoteSortKey = (typeof CREDIT_NOTE_SORT_KEYS)[number];

/** The keys a vendor credit list sorts by. */
export const VENDOR_CREDIT_SORT_KEYS = ['number', 'credit_date', 'vendor', 'total'] as const;
export type VendorCreditSortKey = (typeof VENDOR_CREDIT_SORT_KEYS)[number];

/**
 * The keys a contact list (customers, vendors) sorts by: the display name, case-insensitively. The
 * balance is derived per page, not a column of the list's query, so it is not offered.
 */
export const CONTACT_SORT_KEYS = ['name'] as const;
export type ContactSortKey = (typeof CONTACT_SORT_KEYS)[number];

/** The keys a list of payments received sorts by. */
export const PAYMENT_RECEIVED_SORT_KEYS = ['number', 'payment_date', 'customer', 'amount'] as const;
export type PaymentReceivedSortKey = (typeof PAYMENT_RECEIVED_SORT_KEYS)[number];

/** The keys a list of bill payments sorts by. */
export const BILL_PAYMENT_SORT_KEYS = ['number', 'payment_date', 'vendor', 'amount'] as const;
export type BillPaymentSortKey = (typeof BILL_PAYMENT_SORT_KEYS)[number];

/** A key and its direction. */
export interface SortOrder<Key extends string> {
  key: Key;
  descending: boolean;
}

/** What `?sort=` takes for these keys: each key, and each key after a minus (descending). */
export function sortValues<const Key extends string>(keys: readonly Key[]): (Key | `-${Key}`)[] {
  return keys.flatMap((key) => [key, `-${key}` as const]);
}

/** `-total` -> {key: 'total', descending: true}; undefined (no sort asked) stays undefined. */
export function parseSortOrder<Key extends string>(
  keys: readonly Key[],
  text: string | undefined,
): SortOrder<Key> | undefined {
  if (text === undefined || text === '') return undefined;
  const descending = text.startsWith('-');
  const key = (descending ? text.slice(1) : text) as Key;
  // The route's schema lets only sortValues(keys) through; a caller that skipped it is a bug.
  if (!keys.includes(key)) throw new Error(`not a sort of this list: ${text}`);
  return { key, descending };
}
