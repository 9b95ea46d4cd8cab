// Placeholders the arbitraries generate where a value depends on the organization's state at run
// time: an id of a record the fuzzer created, a cursor the service issued (maybe tampered), or a raw
// request body that JSON.stringify cannot make (very deep, malformed). The world resolves them.
import fc from 'fast-check';

/** The record pools of the world, by the kind of record an id names. */
export const KINDS = [
  'account',
  'customer',
  'invoice',
  'payment',
  'journal_entry',
  'tax_rate',
  'tax_group',
  'tracking_category',
  'tracking_option',
  'item',
  'vendor',
  'bill',
  // Sub-pools of accounts, so valid bodies name an account of the right type.
  'income_account',
  'cash_account',
  'liability_account',
] as const;
export type Kind = (typeof KINDS)[number];

/** How a real id is spoiled: upper case, a trailing character, a NUL inside. */
export type Mangle = 'upper' | 'suffix' | 'nul';

export class IdRef {
  constructor(
    readonly kind: Kind,
    readonly index: number,
    readonly mangle?: Mangle,
  ) {}
  [fc.toStringMethod]() {
    return `IdRef(${this.kind}#${this.index}${this.mangle ? ` ${this.mangle}` : ''})`;
  }
}

export const CURSOR_VARIANTS = [
  'issued', // a cursor the service issued for this list
  'other_list', // a cursor issued for another list (or the change feed)
  'other_books', // the JSON edited to name other books
  'bad_time', // created_at edited: far dates, not a date
  'bad_id', // id edited: not a uuid
  'bad_direction',
  'extra_fields',
  'not_json', // base64 of text that is not JSON
  'json_scalar', // base64 of `null`, `1`, `"x"`, `[]`
  'std_base64', // the issued cursor in standard base64 (+ / =)
  'truncated',
  'huge_seq', // a feed position far past the head
  'negative_seq',
] as const;
export type CursorVariant = (typeof CURSOR_VARIANTS)[number];

export class CursorRef {
  constructor(
    readonly variant: CursorVariant,
    readonly index: number,
  ) {}
  [fc.toStringMethod]() {
    return `CursorRef(${this.variant}#${this.index})`;
  }
}

/** A body sent byte for byte (not through JSON.stringify). */
export class RawBody {
  constructor(
    readonly label: string,
    readonly text: string | Buffer,
  ) {}
  [fc.toStringMethod]() {
    return `RawBody(${this.label}, ${this.text.length} ${typeof this.text === 'string' ? 'chars' : 'bytes'})`;
  }
}

/** Which kind of record a field (or a path of a route) names, if any. */
export function kindOfField(name: string): Kind | undefined {
  if (name === 'income_account') return 'income_account';
  if (name === 'deposit_to_account') return 'cash_account';
  if (name === 'liability_account') return 'liability_account';
  if (/(^|_)account$/.test(name)) return 'account';
  if (name === 'customer') return 'customer';
  if (name === 'item') return 'item';
  if (name === 'vendor') return 'vendor';
  if (name === 'bill_id') return 'bill';
  if (name === 'invoice_id') return 'invoice';
  if (name === 'tax_rate' || name === 'tax_rates') return 'tax_rate';
  if (name === 'category') return 'tracking_category';
  if (name === 'tracking_options') return 'tracking_option';
  return undefined;
}

const PATH_KINDS: Record<string, Kind> = {
  accounts: 'account',
  customers: 'customer',
  invoices: 'invoice',
  'payments-received': 'payment',
  'journal-entries': 'journal_entry',
  'tax-rates': 'tax_rate',
  'tax-groups': 'tax_group',
  'tracking-categories': 'tracking_category',
  'tracking-options': 'tracking_option',
  items: 'item',
  vendors: 'vendor',
  bills: 'bill',
};

export function kindOfPath(path: string): Kind | undefined {
  const resource = path.split('/')[3];
  return resource ? PATH_KINDS[resource] : undefined;
}
