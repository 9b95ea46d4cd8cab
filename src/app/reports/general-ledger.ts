// General ledger for one account over a date range (D40, D57): its posted lines in ledger order with
// a running balance, 50 a page by cursor like every list, each page with its opening and closing
// balance. The range's opening balance comes from the balance summary (or, filtered by a tracking
// option, from the lines carrying it); a page's cursor carries the running balance where it stops,
// sealed like every cursor (src/http/cursors.ts), so no page re-reads the lines before it.
import { isDebitNormal } from '../../domain/chart.ts';
import { addDays, DATE_MIN } from '../../domain/dates.ts';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import { formatMoney, type Money, parseMoney } from '../../domain/money.ts';
import { PAGE_SIZE } from '../../storage/keyset.ts';
import * as accounts from '../../storage/stores/accounts.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';
import { dateRange, generatedAt, trackingOptionOf } from './report-params.ts';

export interface GeneralLedgerQuery {
  account?: string;
  from?: string;
  to?: string;
  tracking_option?: string;
  cursor?: string;
}

/** Where a page starts: after a line (with the balance after it) or before one (balance before it). */
interface LedgerCursor {
  direction: 'after' | 'before';
  position: reports.LedgerPosition;
  balance: Money;
}

/** The report's frame: the account, the range, the filter, and how a line moves the balance. */
async function ledgerFrame(deps: Deps, actor: Actor, query: GeneralLedgerQuery) {
  if (!query.account) throw fieldError('query/account', 'is required');
  const { from, to } = dateRange(actor, query);
  const organizationId = actor.organization.id;
  const account = await accounts.find(deps.db, organizationId, query.account);
  if (!account) throw notFound('account');
  const trackingOption = await trackingOptionOf(deps, actor, query.tracking_option);
  const sign = isDebitNormal(account.type) ? 1n : -1n;
  const net = (line: { debit: string; credit: string }) =>
    sign * (parseMoney(line.debit) - parseMoney(line.credit));
  return { organizationId, account, from, to, trackingOption, net };
}
type Frame = Awaited<ReturnType<typeof ledgerFrame>>;

/** The balance at the end of the day before `from`: nothing is dated before the first day (D66). */
async function openingBalance(deps: Deps, frame: Frame): Promise<Money> {
  if (frame.from === DATE_MIN) return 0n;
  const { organizationId, account, trackingOption } = frame;
  if (trackingOption !== null) {
    return frame.net(
      await reports.trackedTotalsBefore(deps.db, organizationId, account.id, trackingOption, frame.from),
    );
  }
  const totals = await accounts.totals(
    deps.db,
    organizationId,
    [account.id],
    addDays(frame.from, -1, 'query/from'),
  );
  const opening = totals.get(account.id);
  return opening ? frame.net(opening) : 0n;
}

function describeLines(frame: Frame, rows: reports.LedgerLineRow[], opening: Money) {
  let balance = opening;
  const lines = rows.map((row) => {
    balance += frame.net(row);
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
  });
  return { lines, closing: balance };
}

const positionOf = (row: reports.LedgerLineRow): reports.LedgerPosition => ({
  txnDate: row.txn_date,
  entryNumber: row.entry_number,
  lineNo: row.line_no,
});

/** One page of the general ledger, with the cursors of the pages beside it (not yet sealed). */
export async function generalLedger(deps: Deps, actor: Actor, query: GeneralLedgerQuery) {
  const frame = await ledgerFrame(deps, actor, query);
  const cursor = decodeLedgerCursor(frame, query.cursor);
  const slice = {
    accountId: frame.account.id,
    from: frame.from,
    to: frame.to,
    trackingOption: frame.trackingOption,
    limit: PAGE_SIZE + 1,
  };
  let rows: reports.LedgerLineRow[];
  let opening: Money;
  let hasNext: boolean;
  let hasPrevious: boolean;
  if (cursor?.direction === 'before') {
    const fetched = await reports.accountLines(deps.db, frame.organizationId, {
      ...slice,
      before: cursor.position,
    });
    rows = fetched.slice(0, PAGE_SIZE).reverse();
    opening = cursor.balance - rows.reduce((sum, row) => sum + frame.net(row), 0n);
    hasNext = true;
    hasPrevious = fetched.length > PAGE_SIZE;
  } else {
    const fetched = await reports.accountLines(deps.db, frame.organizationId, {
      ...slice,
      after: cursor?.position,
    });
    rows = fetched.slice(0, PAGE_SIZE);
    opening = cursor ? cursor.balance : await openingBalance(deps, frame);
    hasNext = fetched.length > PAGE_SIZE;
    hasPrevious = cursor !== undefined;
  }
  const { lines, closing } = describeLines(frame, rows, opening);
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    report: {
      account: frame.account.id,
      account_number: frame.account.number,
      account_name: frame.account.name,
      from: frame.from,
      to: frame.to,
      tracking_option: frame.trackingOption,
      currency: actor.organization.currency,
      generated_at: generatedAt(),
      opening_balance: formatMoney(opening),
      lines,
      closing_balance: formatMoney(closing),
    },
    nextCursor:
      hasNext && last
        ? encodeLedgerCursor(frame, { direction: 'after', position: positionOf(last), balance: closing })
        : null,
    previousCursor:
      hasPrevious && first
        ? encodeLedgerCursor(frame, { direction: 'before', position: positionOf(first), balance: opening })
        : null,
  };
}

/** Lines read at a time for a whole-range answer (CSV). */
const CHUNK = 2000;

/**
 * The whole range for a download: the frame and opening balance first, then every line in ledger
 * order in chunks (a million lines never sit in memory at once), the running balance carried along.
 */
export async function generalLedgerInFull(deps: Deps, actor: Actor, query: GeneralLedgerQuery) {
  if (query.cursor) throw fieldError('query/cursor', 'a download holds the whole range; leave out cursor');
  const frame = await ledgerFrame(deps, actor, query);
  const opening = await openingBalance(deps, frame);
  async function* chunks() {
    let balance = opening;
    let after: reports.LedgerPosition | undefined;
    for (;;) {
      const rows = await reports.accountLines(deps.db, frame.organizationId, {
        accountId: frame.account.id,
        from: frame.from,
        to: frame.to,
        trackingOption: frame.trackingOption,
        after,
        limit: CHUNK,
      });
      const described = describeLines(frame, rows, balance);
      balance = described.closing;
      yield { lines: described.lines, balance: formatMoney(balance) };
      const last = rows[rows.length - 1];
      if (!last || rows.length < CHUNK) return;
      after = positionOf(last);
    }
  }
  return {
    account: frame.account,
    from: frame.from,
    to: frame.to,
    trackingOption: frame.trackingOption,
    opening: formatMoney(opening),
    chunks,
  };
}

// The inner cursor (the transport seals it): which report it pages, where, and the balance there.
interface CursorPayload {
  o: string;
  a: string;
  r: string;
  k: string | null;
  d: 'a' | 'b';
  p: [string, string, number];
  b: string;
}

function encodeLedgerCursor(frame: Frame, cursor: LedgerCursor): string {
  const payload: CursorPayload = {
    o: frame.organizationId,
    a: frame.account.id,
    r: `${frame.from}..${frame.to}`,
    k: frame.trackingOption,
    d: cursor.direction === 'after' ? 'a' : 'b',
    p: [cursor.position.txnDate, cursor.position.entryNumber, cursor.position.lineNo],
    b: formatMoney(cursor.balance),
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

function decodeLedgerCursor(frame: Frame, text: string | undefined): LedgerCursor | undefined {
  if (text === undefined || text === '') return undefined;
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('the cursor is malformed');
  }
  if (!payload || !Array.isArray(payload.p) || typeof payload.b !== 'string') {
    throw invalidCursor('the cursor is malformed');
  }
  // A cursor pages the report it came from: same books, account, range and filter.
  if (
    payload.o !== frame.organizationId ||
    payload.a !== frame.account.id ||
    payload.r !== `${frame.from}..${frame.to}` ||
    payload.k !== frame.trackingOption
  ) {
    throw invalidCursor(
      'this cursor pages another general ledger (account, dates or tracking option differ)',
    );
  }
  const [txnDate, entryNumber, lineNo] = payload.p;
  return {
    direction: payload.d === 'b' ? 'before' : 'after',
    position: { txnDate, entryNumber, lineNo },
    balance: parseMoney(payload.b),
  };
}

function invalidCursor(message: string): DomainError {
  return new DomainError('invalid_cursor', message, { fields: { 'query/cursor': [message] } });
}
