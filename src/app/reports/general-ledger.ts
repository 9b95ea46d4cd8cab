// General ledger for one account over a date range (D40, D57): its posted lines in ledger order with
// a running balance, 50 a page by cursor like every list, each page with its opening and closing
// balance. The range's opening balance comes from the balance summary (or, filtered by a tracking
// option, from the lines carrying it); a page's cursor carries the running balance where it stops,
// sealed like every cursor (src/http/cursors.ts), so no page re-reads the lines before it.
import { isDebitNormal } from '../../domain/chart.ts';
import { addDays, DATE_MIN } from '../../domain/dates.ts';
import { fieldError, notFound } from '../../domain/errors.ts';
import { formatMoney, type Money, parseMoney } from '../../domain/money.ts';
import { PAGE_SIZE } from '../../storage/keyset.ts';
import * as accounts from '../../storage/stores/accounts.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';
import { describeLedgerLine, ledgerCursor, ledgerPage } from './ledger-cursor.ts';
import { dateRange, generatedAt, trackingOptionOf } from './report-params.ts';

export interface GeneralLedgerQuery {
  account?: string;
  from?: string;
  to?: string;
  tracking_option?: string;
  cursor?: string;
}

/** The cursor of one account's ledger: its books, account, range and filter, and the line it stops at. */
const CURSOR = ledgerCursor<reports.LedgerPosition, [string, string, number]>({
  place: (position) => [position.txnDate, position.entryNumber, position.lineNo],
  position: ([txnDate, entryNumber, lineNo]) => ({ txnDate, entryNumber, lineNo }),
  length: 3,
  elsewhere: 'this cursor pages another general ledger (account, dates or tracking option differ)',
});

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
    return describeLedgerLine(row, balance);
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
  const cursor = CURSOR.decode(cursorScope(frame), query.cursor);
  const slice = {
    accountId: frame.account.id,
    from: frame.from,
    to: frame.to,
    trackingOption: frame.trackingOption,
    limit: PAGE_SIZE + 1,
  };
  const { rows, hasNext, hasPrevious } = await ledgerPage(cursor, (around) =>
    reports.accountLines(deps.db, frame.organizationId, { ...slice, ...around }),
  );
  const opening =
    cursor?.direction === 'before'
      ? cursor.balance - rows.reduce((sum, row) => sum + frame.net(row), 0n)
      : cursor
        ? cursor.balance
        : await openingBalance(deps, frame);
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
        ? CURSOR.encode(cursorScope(frame), {
            direction: 'after',
            position: positionOf(last),
            balance: closing,
          })
        : null,
    previousCursor:
      hasPrevious && first
        ? CURSOR.encode(cursorScope(frame), {
            direction: 'before',
            position: positionOf(first),
            balance: opening,
          })
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

/** What a cursor of this ledger must have been issued for: the same books, account, range and filter. */
const cursorScope = (frame: Frame) => ({
  o: frame.organizationId,
  a: frame.account.id,
  r: `${frame.from}..${frame.to}`,
  k: frame.trackingOption,
});
