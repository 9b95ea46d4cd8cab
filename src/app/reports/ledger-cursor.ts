// What the two general ledgers (one account's, every account's: issue 21) share: a line as the report
// answers it, with the running balance after it, and the inner cursor of a page (the transport seals
// it, src/http/cursors.ts): the report it pages (its scope: books, range, account, filter), the
// direction, the line it stops at and the balance there.
import { formatMoney, type Money, parseMoney } from '../../domain/money.ts';
import { PAGE_SIZE } from '../../storage/keyset.ts';
import type * as reports from '../../storage/stores/reports.ts';
import { cursorPayload, innerCursor, invalidCursor } from '../cursor-seal.ts';

/** A ledger line as the reports answer it, `balance` the running balance after it. */
export function describeLedgerLine(row: reports.LedgerLineRow, balance: Money) {
  return {
    journal_entry: row.journal_entry_id,
    entry_number: row.entry_number,
    line_no: row.line_no,
    txn_date: row.txn_date,
    memo: row.memo,
    source_type: row.source_type,
    source_id: row.source_id,
    description: row.description,
    debit: row.debit,
    credit: row.credit,
    balance: formatMoney(balance),
  };
}

/** Where a page starts: after a line (with the balance after it) or before one (balance before it). */
export interface LedgerCursor<Position> {
  direction: 'after' | 'before';
  position: Position;
  balance: Money;
}

/** The scope of a cursor: short keys, compared as they are (a cursor pages only the report it came from). */
type Scope = Record<string, string | null>;

/**
 * The cursor of one report: `place` lays a position out as the payload's `p` tuple and `position`
 * reads it back; `elsewhere` is the refusal of a cursor another report (another scope) issued.
 */
export function ledgerCursor<Position, Place extends (string | number)[]>(codec: {
  place: (position: Position) => Place;
  position: (place: Place) => Position;
  length: Place['length'];
  elsewhere: string;
}) {
  const encode = (scope: Scope, cursor: LedgerCursor<Position>): string => {
    const payload = {
      ...scope,
      d: cursor.direction === 'after' ? 'a' : 'b',
      p: codec.place(cursor.position),
      b: formatMoney(cursor.balance),
    };
    return innerCursor(payload);
  };
  const decode = (scope: Scope, text: string | undefined): LedgerCursor<Position> | undefined => {
    if (text === undefined || text === '') return undefined;
    const payload = cursorPayload<Scope & { d: 'a' | 'b'; p: Place; b: string }>(text);
    if (
      !payload ||
      !Array.isArray(payload.p) ||
      payload.p.length !== codec.length ||
      typeof payload.b !== 'string'
    ) {
      throw invalidCursor();
    }
    if (Object.entries(scope).some(([key, value]) => payload[key] !== value))
      throw invalidCursor(codec.elsewhere);
    return {
      direction: payload.d === 'b' ? 'before' : 'after',
      position: codec.position(payload.p),
      balance: parseMoney(payload.b),
    };
  };
  return { encode, decode };
}

/**
 * A page of lines around `cursor` (PAGE_SIZE of them; `read` asks one more to know whether more
 * follow): before it (read backwards, then put in ledger order) or after it (or from the start).
 */
export async function ledgerPage<Row, Position>(
  cursor: LedgerCursor<Position> | undefined,
  read: (around: { after?: Position; before?: Position }) => Promise<Row[]>,
) {
  if (cursor?.direction === 'before') {
    const fetched = await read({ before: cursor.position });
    return {
      rows: fetched.slice(0, PAGE_SIZE).reverse(),
      hasNext: true,
      hasPrevious: fetched.length > PAGE_SIZE,
    };
  }
  const fetched = await read({ after: cursor?.position });
  return {
    rows: fetched.slice(0, PAGE_SIZE),
    hasNext: fetched.length > PAGE_SIZE,
    hasPrevious: cursor !== undefined,
  };
}
